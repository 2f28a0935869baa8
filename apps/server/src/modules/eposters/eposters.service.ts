import { createHmac, timingSafeEqual } from 'node:crypto';
import { eposterContentTypeOf, eposterFileProblem, EposterErrorKey, type TEposter, type TEposterBrowse, type TEposterBrowseQuery, type TEposterCreate, type TEposterFileUpload, type TEposterUpdate, type TEposterView } from '@pavilion/domain/eposters/eposters.schemas';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { epostersErrors } from './eposters.errors.ts';
import type { EposterRow, EpostersRepository } from './eposters.repository.ts';

/** What the service needs of the programme (its port): a session of the event, and all of them. */
export type EposterSessionFacts = { id: string; title: string; startsAt: Date };

export type EpostersDeps = {
  repo: EpostersRepository;
  audit: Audit;
  now: () => Date;
  /** Throws (404) unless the organiser may see the event (the events module's assertEvent). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** The event's name (null for an unknown event). */
  eventName: (eventId: string) => Promise<string | null>;
  /** Throws 404 TAB_NOT_AVAILABLE unless the event's web portal menu shows this entry now (the portal's port). */
  assertEntryVisible: (eventId: string, entryKey: string) => Promise<void>;
  sessionOf: (eventId: string, sessionId: string) => Promise<EposterSessionFacts | null>;
  sessionsOf: (eventId: string) => Promise<EposterSessionFacts[]>;
  /** The key of the files' signed addresses (derived from the server's signing secret; read once the app is up). */
  signingKey: () => string;
};

export type EposterCaller = { user: AuthUser | null; eventAccess: EventAccess | null };
export type EposterFileOut = { bytes: Buffer; contentType: string; fileName: string };

export const EPOSTER_FILE_PATH = '/api/scheduleservices/public/eposter-files';
/** How long a file's signed address works (the poster's page asks for a new one when it is read again). */
export const EPOSTER_LINK_TTL_SECONDS = 30 * 60;
const ENTRY = 'e-poster';

const kindOf = (contentType: string): 'pdf' | 'image' => (contentType === 'application/pdf' ? 'pdf' : 'image');

export function createEpostersService(deps: EpostersDeps) {
  const { repo } = deps;

  const sign = (posterId: string, version: number, eventUserId: string, exp: number) =>
    createHmac('sha256', deps.signingKey()).update(`${posterId}:${version}:${eventUserId}:${exp}`).digest('base64url');

  /** Titles of the event's sessions, by id (a poster whose session was deleted shows none). */
  async function sessionsById(eventId: string, rows: EposterRow[]): Promise<Map<string, EposterSessionFacts>> {
    if (!rows.some((r) => r.sessionId)) return new Map();
    return new Map((await deps.sessionsOf(eventId)).map((s) => [s.id, s]));
  }

  function toPoster(r: EposterRow, sessions: Map<string, EposterSessionFacts>): TEposter {
    const s = r.sessionId ? sessions.get(r.sessionId) : undefined;
    return {
      id: r.id,
      title: r.title,
      topic: r.topic,
      authors: r.authors,
      abstract: r.abstract,
      session: s ? { id: s.id, title: s.title, startsAt: s.startsAt.toISOString() } : null,
      file: { fileName: r.fileName, contentType: r.contentType, byteSize: r.byteSize, kind: kindOf(r.contentType) },
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** Decodes and checks the file (its declared type by name, its size, its magic bytes), by field under `file.`. */
  function decodeFile(file: TEposterFileUpload): { fileName: string; contentType: string; byteSize: number; bytes: Buffer } {
    const bytes = Buffer.from(file.dataBase64, 'base64');
    const problem = eposterFileProblem(file.fileName, bytes);
    if (problem) throw errors.validation([{ field: `file.${problem.field}`, key: problem.key }]);
    return { fileName: file.fileName, contentType: eposterContentTypeOf(file.fileName)!, byteSize: bytes.length, bytes };
  }

  async function checkSession(eventId: string, sessionId: string | null): Promise<void> {
    if (sessionId && !(await deps.sessionOf(eventId, sessionId))) throw errors.validation([{ field: 'sessionId', key: EposterErrorKey.UnknownSession }]);
  }

  /** A participant of this event (their `ei/` event access token names it), while the portal menu lists the entry. */
  async function participantOf(caller: EposterCaller, eventId: string): Promise<{ eventUserId: string }> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw epostersErrors.notParticipant();
    await deps.assertEntryVisible(eventId, ENTRY);
    return { eventUserId: caller.eventAccess.eventUserId };
  }

  return {
    async list(caller: AuthUser, organisationId: string, eventId: string): Promise<{ items: TEposter[] }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await repo.list(organisationId, eventId);
      const sessions = await sessionsById(eventId, rows);
      return { items: rows.map((r) => toPoster(r, sessions)) };
    },

    async sessionOptions(caller: AuthUser, organisationId: string, eventId: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      return { items: (await deps.sessionsOf(eventId)).map((s) => ({ id: s.id, title: s.title, startsAt: s.startsAt.toISOString() })) };
    },

    async create(caller: AuthUser, organisationId: string, eventId: string, input: TEposterCreate): Promise<TEposter> {
      await deps.assertEvent(caller, organisationId, eventId);
      const file = decodeFile(input.file);
      await checkSession(eventId, input.sessionId);
      const { file: _file, ...fields } = input;
      const row = await repo.insert(
        { id: newId(), organisationId, eventId, ...fields, fileName: file.fileName, contentType: file.contentType, byteSize: file.byteSize, createdBy: caller.userId },
        file.bytes,
      );
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'eposter.created', target: row.id, meta: { eventId } });
      return toPoster(row, await sessionsById(eventId, [row]));
    },

    async update(caller: AuthUser, organisationId: string, eventId: string, posterId: string, input: TEposterUpdate): Promise<TEposter> {
      await deps.assertEvent(caller, organisationId, eventId);
      const file = input.file ? decodeFile(input.file) : null;
      await checkSession(eventId, input.sessionId);
      const { file: _file, ...fields } = input;
      const row = await repo.update(organisationId, eventId, posterId, fields, file);
      if (!row) throw epostersErrors.notFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'eposter.updated', target: row.id, meta: { eventId, fileReplaced: file !== null } });
      return toPoster(row, await sessionsById(eventId, [row]));
    },

    async remove(caller: AuthUser, organisationId: string, eventId: string, posterId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.remove(organisationId, eventId, posterId))) throw epostersErrors.notFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'eposter.deleted', target: posterId, meta: { eventId } });
      return { id: posterId };
    },

    async orgFile(caller: AuthUser, organisationId: string, eventId: string, posterId: string): Promise<EposterFileOut> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await repo.one(organisationId, eventId, posterId);
      const bytes = row && (await repo.file(row.id));
      if (!row || !bytes) throw epostersErrors.notFound();
      return { bytes, contentType: row.contentType, fileName: row.fileName };
    },

    /** The portal's E-Poster list (see the route contract for who may read it). */
    async browse(caller: EposterCaller, eventId: string, query: TEposterBrowseQuery): Promise<TEposterBrowse> {
      await participantOf(caller, eventId);
      const { items, topics, total } = await repo.browse(eventId, query.q || undefined, query.topic || undefined);
      const sessions = await sessionsById(eventId, items);
      return {
        eventName: (await deps.eventName(eventId)) ?? '',
        items: items.map((r) => {
          const { abstract: _a, updatedAt: _u, ...summary } = toPoster(r, sessions);
          return summary;
        }),
        topics,
        total,
      };
    },

    /** One poster's page, with its file's signed address for this participation (valid EPOSTER_LINK_TTL_SECONDS). */
    async view(caller: EposterCaller, eventId: string, posterId: string): Promise<TEposterView> {
      const { eventUserId } = await participantOf(caller, eventId);
      const row = await repo.ofEvent(eventId, posterId);
      if (!row) throw epostersErrors.notFound();
      const exp = Math.floor(deps.now().getTime() / 1000) + EPOSTER_LINK_TTL_SECONDS;
      const query = new URLSearchParams({ fv: String(row.fileVersion), eu: eventUserId, exp: String(exp), sig: sign(row.id, row.fileVersion, eventUserId, exp) });
      const { updatedAt: _u, ...poster } = toPoster(row, await sessionsById(eventId, [row]));
      return {
        ...poster,
        eventName: (await deps.eventName(eventId)) ?? '',
        fileUrl: `${EPOSTER_FILE_PATH}/${encodeURIComponent(row.id)}?${query.toString()}`,
        fileUrlExpiresAt: new Date(exp * 1000).toISOString(),
      };
    },

    /**
     * The file at a signed address: the signature must be the server's for this poster, file version and
     * participation (404 otherwise: made up, altered, or the file was replaced), not expired (403), and the event's
     * portal menu must still list the entry.
     */
    async signedFile(posterId: string, q: { fv: number; eu: string; exp: number; sig: string }): Promise<EposterFileOut> {
      const want = Buffer.from(sign(posterId, q.fv, q.eu, q.exp));
      const got = Buffer.from(q.sig);
      if (want.length !== got.length || !timingSafeEqual(want, got)) throw epostersErrors.notFound();
      const row = await repo.byId(posterId);
      if (!row || row.fileVersion !== q.fv) throw epostersErrors.notFound();
      if (q.exp * 1000 <= deps.now().getTime()) throw epostersErrors.linkExpired();
      await deps.assertEntryVisible(row.eventId, ENTRY);
      const bytes = await repo.file(row.id);
      if (!bytes) throw epostersErrors.notFound();
      return { bytes, contentType: row.contentType, fileName: row.fileName };
    },
  };
}
export type EpostersService = ReturnType<typeof createEpostersService>;
