import type { EventAttributes } from 'ics';
import { googleSubscribeUrl, outlookSubscribeUrl } from '@pavilion/domain/ebadge/share-links';
import {
  ATTENDEE_NOTIFICATION_TEMPLATE_TYPES,
  EventMode,
  ProgrammeErrorKey,
  UserType,
  utcToZonedLocal,
  zonedLocalToUtc,
  type TApproveSessionRequest,
  type TBookingResult,
  type TBookmarkResult,
  type TDisapproveSessionRequest,
  type TOrgSessionRequest,
  type TOrgSessionRequests,
  type TSessionRequest,
  type TSessionRequestInput,
  type TSessionRequestExportFormat,
  type TProgramme,
  type TProgrammePublished,
  type TDraftState,
  type TRoom,
  type TRoomInput,
  type TSchedule,
  type TScheduleFeed,
  type TSession,
  type TSessionInput,
  type TSessionType,
  type TSpeaker,
  type TSpeakerInput,
  type TSpeakerListing,
  type TSpeakerInvitation,
  type TSpeakerPhotoUpload,
  type TMySpeakerProfile,
  type TMySpeakerProfileInput,
  type TMySpeakerStatus,
  SPEAKER_PHOTO_CONTENT_TYPES,
  fileExtension,
  speakerPhotoProblem,
  type TTrack,
  type TTrackInput,
  type TSessionSponsor,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { csvDocument } from '../../platform/csv.ts';
import { xlsxWorkbook } from '../../platform/xlsx.ts';
import { newSecret } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { programmeErrors } from './programme.errors.ts';
import type { MailMessage, MailResult } from '../../platform/mail.ts';
import type { Approval, ClaimedPublishMail, ProgrammeChange, ProgrammeRepository, ProgrammeTx, PublishCandidates, PublishChanges, Recipient, RoomRow, Scope, SessionPerson, SessionRequestRow, SessionRow, SpeakerRow, TrackRow } from './programme.repository.ts';
import type { VersionChange } from './programme.tables.ts';
import { describeChange, describeRoomTrackChanges, liveCopy, type Names } from './programme-publish.ts';
import { loadIcs } from '../../platform/libraries.ts';

export type ProgrammeEvent = { id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string; eventMode?: number };
export type ProgrammeCaller = { user: AuthUser | null; eventAccess: EventAccess | null };

export type ProgrammeDeps = {
  repo: ProgrammeRepository;
  audit: Audit;
  /** 404 unless the organiser's organisation (and item scope) holds the event (the events module's). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<ProgrammeEvent | null>;
  /** The portal's port: throws as the tab's own data route would (404/401/403) unless the caller may see the tab. */
  assertTabVisible: (eventId: string, tabName: string, caller: ProgrammeCaller) => Promise<unknown>;
  /** Resolves when the event's web portal shows this entry now (portal's port); 404 otherwise. */
  assertEntryVisible: (eventId: string, entryKey: string) => Promise<unknown>;
  /** The meetings module's port: the participant's pending and accepted meetings as calendar entries. */
  meetingEntries: (eventId: string, eventUserId: string) => Promise<EventAttributes[]>;
  /** The calendar feed's signed address (platform tokens) and the account it names, as the auth guard loads callers. */
  calendarFeed: {
    sign: (claims: { userId: string; eventId: string; eventUserId: string }) => Promise<string>;
    verify: (token: string) => Promise<{ userId: string; eventId: string; eventUserId: string } | null>;
    loadUser: (userId: string) => Promise<AuthUser | null>;
    publicUrl: string;
  };
  /** Who a participant is for a session request: their registration's name and email in the event (else their account's). */
  requester: (eventId: string, userId: string) => Promise<{ name: string; email: string } | null>;
  /** The platform mailer (a decision is mailed to the requester) and the address links point to. */
  mail: { send: (m: MailMessage) => Promise<MailResult>; publicUrl: string };
  /** Tells the bus a request was decided (notifications puts it in the requester's inbox); after the mail. */
  decided?: (fact: SessionRequestDecided) => Promise<void>;
  /**
   * The event outbox for `session.updated` (a published session moved, renamed or cancelled: notifications puts it in
   * its people's inboxes, batched): written in the publish's transaction, delivered by the outbox job after it answered.
   */
  sessionUpdated?: SessionUpdatedOutbox;
  /** Account emails of these users (auth's port, one query): where the "session updated" mail goes. */
  emailsOf?: (userIds: string[]) => Promise<Map<string, string>>;
  /** Wakes the programme mail job (index.ts): a publish's mails leave from it, never from the request. */
  wakeMail: () => void;
  /** How long the job's claim on a mail lasts (MAIL_CLAIM_LEASE_SECONDS): an older claim is a crashed sender's. */
  mailLeaseMs: number;
  /** The room form's check-in area choice → the area id to store (undefined: unchanged); session attendance. */
  roomArea?: (caller: AuthUser, organisationId: string, eventId: string, roomId: string | null, choice: TRoomInput['checkinArea'], room: { name: string; capacity: number | null }) => Promise<string | null | undefined>;
  /** A speaker's invitation (index.ts: auth's accounts and its one-time `adl` sign-in links, events' participants). */
  speakerAccounts: {
    findUserByEmail: (email: string) => Promise<{ id: string; email: string; firstName: string } | null>;
    createParticipantUser: (input: { email: string; password: string; firstName: string; userType: number; role: string }) => Promise<{ id: string; email: string; firstName: string }>;
    /** The organisation a (team) account belongs to; null for participants. */
    organisationOfUser: (userId: string) => Promise<string | null>;
    addParticipant: (organisationId: string, eventId: string, userId: string, userType: number) => Promise<unknown>;
    createLoginLink: (caller: AuthUser, organisationId: string, input: { kind: 'adl'; userId: string; eventId: string; ttlMinutes: number }) => Promise<{ key: string; path: string; expiresAt: string }>;
  };
  /** The event's sponsors (sponsors module's port): what a session may name, with their names and logos. */
  sponsorsOf: (eventId: string) => Promise<TSessionSponsor[]>;
  /** The event's ticket types (registration's port): what a session may be restricted to. */
  ticketsOf: (eventId: string) => Promise<{ id: string; name: string }[]>;
  /** The ticket types this account holds in the event: its admissible registrations' (registration's port, by the account's email). */
  heldTicketIds: (eventId: string, userId: string) => Promise<string[]>;
  now: () => Date;
};

/** A moved, renamed or cancelled session in a published version, with everyone to tell (`session.updated`). */
export type SessionUpdated = { eventId: string; sessionId: string; version: number; kind: 'moved' | 'renamed' | 'cancelled'; eventUserIds: string[]; title: string; body: string };

/** Where a publish's `session.updated` facts go: the event outbox, in the publish's transaction; woken after the commit. */
export type SessionUpdatedOutbox = { write: (tx: ProgrammeTx, fact: SessionUpdated) => Promise<string>; wake: () => void };

/** A decided session request, as the `session.request.decided` event carries it (worded as the mail words it). */
export type SessionRequestDecided = { eventId: string; requestId: string; eventUserId: string; status: 'approved' | 'disapproved'; title: string; body: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A description typed as plain text (no tags) becomes paragraphs; rich text is kept as the sanitiser leaves it. */
async function richOrPlain(text: string): Promise<string> {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (/<[a-z!/][^>]*>/i.test(trimmed)) return sanitizeRichText(trimmed);
  return trimmed
    .split(/\n\s*\n/)
    .map((para) => `<p>${escapeHtml(para.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
/** SPEC §3.10's attendee catalogue name of a notification (the decision mail's subject). */
const catalogueName = (key: 'SESSION_REQUEST_APPROVED' | 'SESSION_REQUEST_DISAPPROVED') => ATTENDEE_NOTIFICATION_TEMPLATE_TYPES.find((t) => t.key === key)!.name;

function requestView(r: SessionRequestRow): TSessionRequest {
  return {
    id: r.id,
    kind: r.kind as TSessionRequest['kind'],
    title: r.title,
    descriptionHtml: r.descriptionHtml,
    sessionType: (r.sessionType ?? null) as TSessionType | null,
    trackId: r.trackId,
    sessionId: r.sessionId,
    message: r.message,
    status: r.status as TSessionRequest['status'],
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}
const orgRequestView = (r: SessionRequestRow): TOrgSessionRequest => ({ ...requestView(r), requesterName: r.requesterName, requesterEmail: r.requesterEmail });

const room = (r: RoomRow): TRoom => ({ id: r.id, name: r.name, capacity: r.capacity, checkinAreaId: r.checkinAreaId });
const track = (r: TrackRow): TTrack => ({ id: r.id, name: r.name, colour: r.colour });
/** The organiser's room and track: the draft, and how it stands against the published copy (the lists' badges). */
const roomDraftState = (r: RoomRow): TDraftState => (r.deletedAt ? 'deleted' : r.published.name !== r.name || (r.published.capacity !== undefined && r.published.capacity !== r.capacity) ? 'changed' : 'published');
const trackDraftState = (t: TrackRow): TDraftState => (t.deletedAt ? 'deleted' : t.published.name !== t.name || t.published.colour.toLowerCase() !== t.colour.toLowerCase() ? 'changed' : 'published');
const orgRoom = (r: RoomRow): TRoom => ({ ...room(r), draftState: roomDraftState(r) });
const orgTrack = (t: TrackRow): TTrack => ({ ...track(t), draftState: trackDraftState(t) });
/** How long a speaker's invitation link works. */
export const SPEAKER_INVITATION_TTL_MINUTES = 60 * 24 * 3;
export const SPEAKER_PHOTO_PATH = '/api/scheduleservices/api/public/speaker-photos';
const photoUrl = (id: string | null) => (id ? `${SPEAKER_PHOTO_PATH}/${id}` : null);
const invitationOf = (r: SpeakerRow): TSpeaker['invitation'] => (r.confirmedAt ? 'confirmed' : r.userId ? 'invited' : 'none');
const speaker = (r: SpeakerRow): TSpeaker => ({
  id: r.id,
  userType: UserType.Speaker as 5,
  name: r.name,
  title: r.title,
  company: r.company,
  bio: r.bio,
  links: r.links,
  email: r.email,
  photoUrl: photoUrl(r.photoId),
  invitation: invitationOf(r),
});
const publicSpeaker = (r: SpeakerRow) => ({ id: r.id, name: r.name, title: r.title, company: r.company, bio: r.bio, links: r.links, photoUrl: photoUrl(r.photoId) });
/**
 * A bio is plain text shown as text (never as HTML): control characters other than line breaks and tabs go, and so do
 * tags, so no markup a speaker pastes reaches another reader. Line breaks are kept (the listing shows them).
 */
const plainBio = (v: string) =>
  v
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/<[^>]*>/g, '')
    .trim();
const plainLine = (v: string) => plainBio(v).replace(/\s+/g, ' ');
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
/** A sanitised rich text as one line of text (an export's cell): block ends become spaces, tags go, entities read. */
const htmlText = (html: string) => plainLine(html.replace(/<\/(p|li|h[1-6])>|<br\s*\/?>/gi, ' ')).replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m);

/** A session's speakers and moderators (each list sorted), sponsors (in order) and ticket restriction. */
type SessionPeople = { speakerIds: string[]; moderatorIds: string[]; sponsorIds: string[]; ticketIds: string[] };
const NOBODY: SessionPeople = { speakerIds: [], moderatorIds: [], sponsorIds: [], ticketIds: [] };

function sessionView(r: SessionRow, timeZone: string, people: SessionPeople) {
  return {
    id: r.id,
    title: r.title,
    descriptionHtml: r.descriptionHtml,
    sessionType: r.sessionType as TSessionType,
    trackId: r.trackId,
    roomId: r.roomId,
    start: utcToZonedLocal(r.startsAt, timeZone),
    end: utcToZonedLocal(r.endsAt, timeZone),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    speakerIds: people.speakerIds,
    moderatorIds: people.moderatorIds,
    sponsorIds: people.sponsorIds,
    tags: r.tags,
    ticketIds: people.ticketIds,
    streamUrl: r.streamUrl,
    capacity: r.capacity,
    bookingRequired: r.bookingRequired,
  };
}

/** Each session's people and links, from the event's link rows. */
function peopleBySession(persons: SessionPerson[], links: { sponsors: { sessionId: string; sponsorId: string }[]; tickets: { sessionId: string; ticketId: string }[] }): Map<string, SessionPeople> {
  const m = new Map<string, SessionPeople>();
  const of = (id: string) => m.get(id) ?? m.set(id, { speakerIds: [], moderatorIds: [], sponsorIds: [], ticketIds: [] }).get(id)!;
  for (const l of persons) (l.role === 'moderator' ? of(l.sessionId).moderatorIds : of(l.sessionId).speakerIds).push(l.speakerId);
  for (const l of links.sponsors) of(l.sessionId).sponsorIds.push(l.sponsorId);
  for (const l of links.tickets) of(l.sessionId).ticketIds.push(l.ticketId);
  for (const p of m.values()) {
    p.speakerIds.sort();
    p.moderatorIds.sort();
    p.ticketIds.sort();
  }
  return m;
}

/** A claimed publish mail not sent within its lease (`mailLeaseMs`: its process died) is claimed again; the third refusal is final. */
const PUBLISH_MAIL_MAX_ATTEMPTS = 3;

/** Runs `work` over `items`, at most `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

const utcArray = (d: Date): [number, number, number, number, number] => [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];

export function createProgrammeService(deps: ProgrammeDeps) {
  const { repo } = deps;

  async function eventOrThrow(eventId: string): Promise<ProgrammeEvent> {
    const e = await deps.findEvent(eventId);
    if (!e) throw programmeErrors.notFound('Event');
    return e;
  }
  async function organiserScope(caller: AuthUser, organisationId: string, eventId: string): Promise<{ scope: Scope; event: ProgrammeEvent }> {
    await deps.assertEvent(caller, organisationId, eventId);
    return { scope: { organisationId, eventId }, event: await eventOrThrow(eventId) };
  }
  const audit = (caller: AuthUser, organisationId: string, action: string, target: string, meta: Record<string, unknown> = {}) =>
    deps.audit.record({ organisationId, actorUserId: caller.userId, action, target, meta });

  /** The participant the caller is in this event (their `ei/{eventId}` sign-in), or 403. */
  function participantOf(caller: ProgrammeCaller, eventId: string): { eventUserId: string; userId: string } {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw programmeErrors.notParticipant();
    return { eventUserId: caller.eventAccess.eventUserId, userId: caller.user.userId };
  }

  async function toIcs(event: ProgrammeEvent, sessions: SessionRow[], rooms: Map<string, string>, extra: EventAttributes[] = []): Promise<string> {
    const { createEvents } = await loadIcs();
    const list: EventAttributes[] = sessions.map((s) => ({
      uid: `${s.id}@pavilion`,
      productId: 'pavilion/programme',
      title: s.title,
      description: `${event.name}`,
      location: [s.roomId ? rooms.get(s.roomId) : null, event.venue].filter(Boolean).join(', ') || undefined,
      start: utcArray(s.startsAt),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utcArray(s.endsAt),
      endInputType: 'utc',
      endOutputType: 'utc',
      calName: event.name,
    }));
    const { error, value } = createEvents([...list, ...extra], { productId: 'pavilion/programme', calName: event.name });
    if (error || !value) throw error ?? new Error('ics failed');
    return value;
  }

  type ProgrammeTab = 'session-list' | 'event-agenda' | 'portal-agenda';
  /** Every session of the event under a tab's rules; with the caller's own booking state on the Schedule tab. */
  async function programmeOf(caller: ProgrammeCaller, eventId: string, tab: ProgrammeTab): Promise<TSchedule> {
    await assertProgrammeVisible(caller, eventId, tab);
    return programmeRead(caller, eventId, tab);
  }
  /** The tab's (or the portal entry's) rules for this caller: 401/403/404. */
  async function assertProgrammeVisible(caller: ProgrammeCaller, eventId: string, tab: ProgrammeTab): Promise<void> {
    if (tab === 'portal-agenda') await deps.assertEntryVisible(eventId, 'agenda');
    else await deps.assertTabVisible(eventId, tab, caller);
  }
  /** The programme as `caller` sees it, its rules already checked. */
  async function programmeRead(caller: ProgrammeCaller, eventId: string, tab: ProgrammeTab): Promise<TSchedule> {
    const event = await eventOrThrow(eventId);
    const data = await repo.eventRead(eventId);
    const links = { sponsors: data.sponsorLinks, tickets: data.ticketLinks };
    const bySession = peopleBySession(data.links, links);
    const isParticipant = !!caller.user && caller.eventAccess?.eventId === eventId;
    const isMine = tab === 'session-list' && isParticipant;
    const mine = new Map((isMine ? await repo.myBookings(eventId, caller.eventAccess!.eventUserId) : []).map((b) => [b.sessionId, b]));
    const starred = isMine ? await repo.myBookmarks(eventId, caller.eventAccess!.eventUserId) : new Set<string>();
    // Only what the sessions name: the sponsors and ticket types on them (their names and logos), read once each.
    const namedSponsors = new Set(links.sponsors.map((l) => l.sponsorId));
    const namedTickets = new Set(links.tickets.map((l) => l.ticketId));
    const [sponsors, tickets] = await Promise.all([namedSponsors.size ? deps.sponsorsOf(eventId) : [], namedTickets.size ? deps.ticketsOf(eventId) : []]);
    const held = isParticipant && namedTickets.size ? new Set(await deps.heldTicketIds(eventId, caller.user!.userId)) : new Set<string>();
    // A published copy may still name a sponsor or ticket type deleted since: it leaves the session, as in the draft.
    const known = { sponsors: new Set(sponsors.map((x) => x.id)), tickets: new Set(tickets.map((x) => x.id)) };
    return {
      eventName: event.name,
      timeZone: event.timeZone,
      rooms: data.rooms.map(room),
      tracks: data.tracks.map(track),
      speakers: data.speakers.map(publicSpeaker),
      sponsors: sponsors.filter((x) => namedSponsors.has(x.id)),
      tickets: tickets.filter((x) => namedTickets.has(x.id)),
      sessions: data.sessions.map((s) => {
        const b = mine.get(s.id);
        const all = bySession.get(s.id) ?? NOBODY;
        const people = { ...all, sponsorIds: all.sponsorIds.filter((id) => known.sponsors.has(id)), ticketIds: all.ticketIds.filter((id) => known.tickets.has(id)) };
        return {
          ...sessionView(s, event.timeZone, people),
          seatsLeft: s.capacity === null ? null : Math.max(0, s.capacity - s.bookedCount),
          myStatus: (b?.status ?? null) as 'booked' | 'waitlisted' | null,
          myWaitlistPosition: b?.rank ?? null,
          bookmarked: starred.has(s.id),
          isTicketAllowed: !isParticipant ? null : people.ticketIds.length === 0 || people.ticketIds.some((id) => held.has(id)),
        };
      }),
    };
  }

  /**
   * One `session.updated` fact per session a version moved, renamed or cancelled, with everyone who booked, is
   * waitlisted on or starred it; an edit alone (description, tags, speakers, …) and an added session tell nobody.
   */
  function noticesOf(eventId: string, version: number, changes: ProgrammeChange[], recipients: Recipient[]): SessionUpdated[] {
    const bySession = new Map<string, string[]>();
    for (const r of recipients) (bySession.get(r.sessionId) ?? bySession.set(r.sessionId, []).get(r.sessionId)!).push(r.eventUserId);
    const out: SessionUpdated[] = [];
    for (const c of changes) {
      if (c.kind === 'edited' || c.kind === 'added') continue;
      const eventUserIds = bySession.get(c.sessionId) ?? [];
      if (eventUserIds.length > 0) out.push({ eventId, sessionId: c.sessionId, version, kind: c.kind, eventUserIds, title: `Session updated: ${c.title}`, body: c.text });
    }
    return out;
  }

  /** The names a change is worded with: the event's speakers, sponsors and ticket types, and its rooms and tracks (draft and published). */
  type Named = { id: string; name: string }[];
  const namesFrom = (rooms: RoomRow[], tracks: TrackRow[], speakers: Named, sponsors: Named, tickets: Named): Names => {
    const byId = (xs: Named) => new Map(xs.map((x) => [x.id, x.name]));
    return {
      rooms: byId(rooms),
      tracks: byId(tracks),
      speakers: byId(speakers),
      sponsors: byId(sponsors),
      tickets: byId(tickets),
      publishedRooms: new Map(rooms.map((x) => [x.id, x.published.name])),
      publishedTracks: new Map(tracks.map((x) => [x.id, x.published.name])),
    };
  };
  /**
   * What publishing would change: each session whose draft differs from its published copy, worded old → new, and
   * each room renamed or track renamed or recoloured (worded with the candidates' own rooms and tracks).
   */
  const changesOf = (candidates: PublishCandidates, speakers: Named, sponsors: Named, tickets: Named, timeZone: string): PublishChanges => {
    const names = namesFrom(candidates.rooms, candidates.tracks, speakers, sponsors, tickets);
    return {
      sessions: candidates.sessions.map((c) => describeChange(c.row, c.draft, names, timeZone)).filter((c): c is ProgrammeChange => c !== null),
      roomTracks: describeRoomTrackChanges(candidates.rooms, candidates.tracks),
    };
  };

  /**
   * The programme mail job's body (issue 20): claims up to 100 owed "session updated" mails and sends them 25 at a time
   * over the mailer's pooled transport, setting each one's sent marker as soon as SMTP accepted it. A refusal is
   * released for a later pass (the worker's poll) up to 3 attempts, then recorded with its reason; a person without an
   * account email is given up on at once. Answers how many rows it finished, so the worker passes again while there is
   * progress.
   */
  async function drainPublishMail(): Promise<number> {
    const at = deps.now();
    const rows = await repo.claimPublishMails(at, new Date(at.getTime() - deps.mailLeaseMs), 100);
    if (rows.length === 0) return 0;
    const emails = (await deps.emailsOf?.([...new Set(rows.map((r) => r.userId))])) ?? new Map<string, string>();
    const events = new Map<string, ProgrammeEvent | null>();
    for (const id of new Set(rows.map((r) => r.eventId))) events.set(id, await deps.findEvent(id));
    let finished = 0;
    const sendOne = async (r: ClaimedPublishMail) => {
      const to = emails.get(r.userId);
      const event = events.get(r.eventId);
      let error: string;
      let isFinal = r.attempts >= PUBLISH_MAIL_MAX_ATTEMPTS;
      if (!to || !event || !r.change) {
        error = !to ? 'The person has no account email.' : 'The event or its change is gone.';
        isFinal = true;
      } else {
        try {
          const res = await deps.mail.send(sessionUpdatedMail(r, r.change, event, to));
          if (res.status !== 'failed') {
            await repo.markPublishMailSent(r.id, deps.now());
            finished++;
            return;
          }
          error = res.error ?? 'The mail server refused the message.';
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
      }
      await repo.markPublishMailFailed(r.id, deps.now(), error.slice(0, 500), isFinal);
      if (isFinal) finished++;
    };
    await pool(rows, 25, sendOne);
    return finished;
  }

  /** The "session updated" mail of one claimed row; its Message-ID names the row, so a copy sent again after a crash reads as the same message. */
  function sessionUpdatedMail(r: ClaimedPublishMail, c: VersionChange, event: ProgrammeEvent, to: string): MailMessage {
    const title = 'Session updated';
    const link = `${deps.mail.publicUrl.replace(/\/$/, '')}/ei/${encodeURIComponent(event.id)}`;
    return {
      to,
      subject: `${title}: ${c.title} (${event.name})`,
      text: `Hello,\n\nThe programme of ${event.name} changed: ${c.text}\n\nThe programme: ${link}\n`,
      html: `<p>Hello,</p><p>The programme of ${escapeHtml(event.name)} changed: ${escapeHtml(c.text)}</p><p><a href="${escapeHtml(link)}">The programme</a></p>`,
      organisationId: r.organisationId,
      eventId: r.eventId,
      messageId: `<session-updated-${r.sessionId}-${r.version}-${r.eventUserId}@pavilion>`,
    };
  }

  /** The participant's booked and bookmarked sessions and meetings as one iCalendar file (the download and the subscribed feed). */
  async function myScheduleIcs(caller: ProgrammeCaller, eventId: string): Promise<string> {
    await deps.assertTabVisible(eventId, 'session-list', caller);
    const who = participantOf(caller, eventId);
    const event = await eventOrThrow(eventId);
    const sessions = await repo.mySessions(eventId, who.eventUserId);
    const { rooms } = await repo.eventRead(eventId);
    // My schedule holds the participant's meetings too (modules/meetings), in the file and in the subscribed feed.
    const meetings = await deps.meetingEntries(eventId, who.eventUserId);
    return toIcs(event, sessions, new Map(rooms.map((r) => [r.id, r.name])), meetings);
  }

  /**
   * A session restricted to some ticket types is booked (or starred for booking) only by a participant whose
   * admissible registration holds one of them: else 403 PROGRAMME_TICKET_RESTRICTED naming the tickets. The
   * restriction is the session's published one (`session` is attendees' view), less ticket types deleted since.
   */
  async function assertTicketAllowed(eventId: string, session: SessionRow, userId: string): Promise<void> {
    if (session.published.ticketIds.length === 0) return;
    const tickets = await deps.ticketsOf(eventId);
    const allowed = liveCopy(session.published, { tickets: new Set(tickets.map((x) => x.id)) }).ticketIds;
    if (allowed.length === 0) return;
    const held = new Set(await deps.heldTicketIds(eventId, userId));
    if (allowed.some((id) => held.has(id))) return;
    throw programmeErrors.ticketRestricted(tickets.filter((x) => allowed.includes(x.id)).map((x) => x.name));
  }

  async function saveSession(caller: AuthUser, organisationId: string, eventId: string, id: string | null, input: TSessionInput): Promise<TSession> {
    const { scope, event } = await organiserScope(caller, organisationId, eventId);
    const speakerIds = [...new Set(input.speakerIds)];
    const moderatorIds = [...new Set(input.moderatorIds)];
    const sponsorIds = [...new Set(input.sponsorIds)];
    const ticketIds = [...new Set(input.ticketIds)];
    const [known, sponsors, tickets] = await Promise.all([
      repo.known(scope, { roomId: input.roomId, trackId: input.trackId, speakerIds: [...speakerIds, ...moderatorIds] }),
      sponsorIds.length ? deps.sponsorsOf(eventId) : [],
      ticketIds.length ? deps.ticketsOf(eventId) : [],
    ]);
    const bad: { field: string; key: string }[] = [];
    if (!known.room) bad.push({ field: 'roomId', key: ProgrammeErrorKey.UnknownRoom });
    if (!known.track) bad.push({ field: 'trackId', key: ProgrammeErrorKey.UnknownTrack });
    // Field paths index the list as sent (a repeated id is reported where it first appears).
    const unknown = (field: string, sent: string[], isKnown: (id: string) => boolean, key: string) =>
      sent.forEach((id, i) => {
        if (sent.indexOf(id) === i && !isKnown(id)) bad.push({ field: `${field}.${i}`, key });
      });
    unknown('speakerIds', input.speakerIds, (id) => known.speakers.has(id), ProgrammeErrorKey.UnknownSpeaker);
    unknown('moderatorIds', input.moderatorIds, (id) => known.speakers.has(id), ProgrammeErrorKey.UnknownSpeaker);
    unknown('sponsorIds', input.sponsorIds, (id) => sponsors.some((x) => x.id === id), ProgrammeErrorKey.UnknownSponsor);
    unknown('ticketIds', input.ticketIds, (id) => tickets.some((x) => x.id === id), ProgrammeErrorKey.UnknownTicket);
    // SPEC §2.5: a stream (or the built-in live page) is for virtual and hybrid events; an in-person event has no Auditorium.
    if (input.streamUrl && event.eventMode === EventMode.InPerson) bad.push({ field: 'streamUrl', key: ProgrammeErrorKey.StreamNotForInPerson });
    if (bad.length) throw errors.validation(bad);
    const startsAt = zonedLocalToUtc(input.start, event.timeZone);
    const endsAt = zonedLocalToUtc(input.end, event.timeZone);
    // A wall-clock end after the start can still come first in UTC across an autumn daylight-saving change.
    if (endsAt <= startsAt) throw errors.validation([{ field: 'end', key: 'timeCampare' }]);
    const result = await repo.saveSession(scope, id, {
      title: input.title,
      descriptionHtml: await sanitizeRichText(input.descriptionHtml),
      sessionType: input.sessionType,
      trackId: input.trackId,
      roomId: input.roomId,
      startsAt,
      endsAt,
      capacity: input.capacity,
      bookingRequired: input.bookingRequired,
      tags: input.tags,
      streamUrl: input.streamUrl,
    }, speakerIds, { moderatorIds, sponsorIds, ticketIds });
    if (!result) throw programmeErrors.notFound('Session');
    if ('roomClash' in result) throw programmeErrors.roomClash(result.roomClash.title);
    if ('speakerClash' in result) throw programmeErrors.speakerClash(result.speakerClash.speakerName ?? 'The speaker', result.speakerClash.title);
    await audit(caller, organisationId, id ? 'programme.session_updated' : 'programme.session_created', result.row.id, { eventId });
    const waiting = await repo.waitlistCounts(eventId);
    const people = { speakerIds: speakerIds.sort(), moderatorIds: moderatorIds.sort(), sponsorIds, ticketIds: ticketIds.sort() };
    return { ...sessionView(result.row, event.timeZone, people), bookedCount: result.row.bookedCount, waitlistCount: waiting.get(result.row.id) ?? 0 };
  }

  /**
   * The requester's mail for a decision, under the SPEC §3.10 catalogue name ("Session request approved/disapproved"),
   * then the same words to their in-app inbox (through the bus: notifications needs programme, not the other way).
   */
  async function tellDecision(event: ProgrammeEvent, r: SessionRequestRow, placed: SessionRow | null): Promise<void> {
    const subject = catalogueName(r.status === 'approved' ? 'SESSION_REQUEST_APPROVED' : 'SESSION_REQUEST_DISAPPROVED');
    const what = r.kind === 'proposal' ? `your proposed session "${r.title}"` : `your request to speak on "${r.title}"`;
    const lines = [`${subject}: ${what} at ${event.name} was ${r.status}.`];
    // The session is the organiser's draft until their next publish (attendees do not see it before).
    if (placed) lines.push(`It is planned on ${utcToZonedLocal(placed.startsAt, event.timeZone).replace('T', ' ')}–${utcToZonedLocal(placed.endsAt, event.timeZone).slice(11)} (${event.timeZone}) and appears in the programme when the organiser publishes it.`);
    if (r.note) lines.push(`Note from the organiser: ${r.note}`);
    const link = `${deps.mail.publicUrl.replace(/\/$/, '')}/ei/${encodeURIComponent(event.id)}`;
    await deps.mail.send({
      to: r.requesterEmail,
      subject: `${subject}: ${event.name}`,
      text: `Hello ${r.requesterName},\n\n${lines.join('\n\n')}\n\nThe programme: ${link}\n`,
      html: `<p>Hello ${escapeHtml(r.requesterName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">The programme</a></p>`,
      organisationId: event.organisationId,
      eventId: event.id,
      messageId: `<session-request-${r.id}@pavilion>`,
    });
    await deps.decided?.({ eventId: event.id, requestId: r.id, eventUserId: r.eventUserId, status: r.status as 'approved' | 'disapproved', title: subject, body: lines.join(' ') });
  }

  /** Decides a pending request (once), then mails the requester. */
  async function decide(caller: AuthUser, organisationId: string, eventId: string, id: string, status: 'approved' | 'disapproved', note: string, approval: (req: SessionRequestRow, event: ProgrammeEvent, scope: Scope) => Promise<Approval | null>): Promise<TOrgSessionRequest> {
    const { scope, event } = await organiserScope(caller, organisationId, eventId);
    const req = await repo.request(scope, id);
    if (!req) throw programmeErrors.notFound('Session request');
    if (req.status !== 'pending') throw programmeErrors.requestDecided(req.status);
    const result = await repo.decide(scope, id, { status, note, byUserId: caller.userId, at: deps.now() }, await approval(req, event, scope));
    if (!result) throw programmeErrors.notFound('Session request');
    if ('decided' in result) throw programmeErrors.requestDecided(result.decided.status);
    if ('sessionGone' in result) throw programmeErrors.notFound('Session');
    if ('roomClash' in result) throw programmeErrors.roomClash(result.roomClash.title);
    if ('speakerClash' in result) throw programmeErrors.speakerClash(result.speakerClash.speakerName ?? 'The speaker', result.speakerClash.title);
    const row = result.request;
    await audit(caller, organisationId, `programme.session_request_${status}`, row.id, { eventId, kind: row.kind, sessionId: row.sessionId });
    const placed = status === 'approved' && row.kind === 'proposal' && row.sessionId ? await repo.session(scope, row.sessionId) : null;
    await tellDecision(event, row, placed);
    return orgRequestView(row);
  }

  /** The bytes of an upload, or 400 by field (`dataBase64`) when they are not an accepted photo. */
  function photoOf(input: TSpeakerPhotoUpload): { contentType: string; bytes: Buffer } {
    const bytes = Buffer.from(input.dataBase64, 'base64');
    const problem = speakerPhotoProblem(input.fileName, bytes);
    if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
    return { contentType: SPEAKER_PHOTO_CONTENT_TYPES[fileExtension(input.fileName) as keyof typeof SPEAKER_PHOTO_CONTENT_TYPES], bytes };
  }

  /** The caller's speaker record in this event: signed in to the event (403) and linked to a speaker of it (404). */
  async function ownSpeaker(caller: ProgrammeCaller, eventId: string): Promise<{ row: SpeakerRow; userId: string }> {
    const who = participantOf(caller, eventId);
    const row = await repo.speakerOfAccount(eventId, who.userId);
    if (!row) throw programmeErrors.notSpeaker();
    return { row, userId: who.userId };
  }

  /** "My speaker profile": the record and the sessions attendees see it in (published times in the event's zone, rooms). */
  async function profileView(row: SpeakerRow): Promise<TMySpeakerProfile> {
    const event = await eventOrThrow(row.eventId);
    const data = await repo.eventRead(row.eventId);
    const rooms = new Map(data.rooms.map((r) => [r.id, r.name]));
    const mine = new Set(data.links.filter((l) => l.speakerId === row.id).map((l) => l.sessionId));
    return {
      eventId: row.eventId,
      eventName: event.name,
      timeZone: event.timeZone,
      speaker: { ...publicSpeaker(row), invitation: invitationOf(row), confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null },
      sessions: data.sessions
        .filter((x) => mine.has(x.id))
        .map((x) => ({
          id: x.id,
          title: x.title,
          start: utcToZonedLocal(x.startsAt, event.timeZone),
          end: utcToZonedLocal(x.endsAt, event.timeZone),
          room: x.roomId ? (rooms.get(x.roomId) ?? null) : null,
          sessionType: x.sessionType as TSessionType,
        })),
    };
  }

  return {
    /** The programme mail job's body (index.ts runs it in the mail worker). */
    drainPublishMail,
    async programme(caller: AuthUser, organisationId: string, eventId: string): Promise<TProgramme> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const [rooms, tracks, speakers, sessions, deleted, persons, links, waiting, sponsors, tickets] = await Promise.all([
        repo.rooms(scope),
        repo.tracks(scope),
        repo.speakers(scope),
        repo.sessions(scope),
        repo.deletedSessions(scope),
        repo.sessionSpeakers(scope),
        repo.sessionLinks(eventId),
        repo.waitlistCounts(eventId),
        deps.sponsorsOf(eventId),
        deps.ticketsOf(eventId),
      ]);
      const bySession = peopleBySession(persons, links);
      const version = await repo.version(scope);
      const pending = changesOf(await repo.publishCandidates(scope), speakers, sponsors, tickets, event.timeZone);
      const changed = new Set(pending.sessions.map((c) => c.sessionId));
      const orgSession = (s: SessionRow): TSession => ({
        ...sessionView(s, event.timeZone, bySession.get(s.id) ?? NOBODY),
        bookedCount: s.bookedCount,
        waitlistCount: waiting.get(s.id) ?? 0,
        draftState: s.cancelledAt ? 'deleted' : changed.has(s.id) ? 'changed' : 'published',
      });
      return {
        timeZone: event.timeZone,
        eventMode: event.eventMode ?? null,
        sponsors,
        tickets,
        startDate: event.startDate,
        endDate: event.endDate,
        rooms: rooms.map(orgRoom),
        tracks: tracks.map(orgTrack),
        speakers: speakers.map(speaker),
        sessions: sessions.map(orgSession),
        deletedSessions: deleted.map(orgSession),
        version,
        mail: await repo.publishMailProgress(scope, version),
        changes: pending.sessions,
        roomTrackChanges: pending.roomTracks,
      };
    },

    /**
     * Publishes the draft as the next version: every changed field of every session (one transaction, which also
     * records one owed mail per person and session moved, renamed or cancelled), then tells everyone who booked, is
     * waitlisted on or starred such a session: one bus event per session with all its people (notifications stores the
     * notices in batches). Other edits (a description, tags, speakers, …) are published without telling anyone. The
     * mails are not sent here: the request wakes the programme mail job and answers (issue 20).
     */
    async publishProgramme(caller: AuthUser, organisationId: string, eventId: string): Promise<TProgrammePublished> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const [speakers, sponsors, tickets] = await Promise.all([repo.speakers(scope), deps.sponsorsOf(eventId), deps.ticketsOf(eventId)]);
      let notices = 0;
      const done = await repo.publish(
        scope,
        caller.userId,
        deps.now(),
        (candidates) => changesOf(candidates, speakers, sponsors, tickets, event.timeZone),
        // The version's inbox notices are committed with it (event outbox): none is lost to a crash after the commit,
        // and the request does not wait for them; notifications keys them per person, session and version.
        async (tx, stored) => {
          for (const fact of noticesOf(eventId, stored.version, stored.changes, stored.recipients)) {
            await deps.sessionUpdated?.write(tx, fact);
            notices++;
          }
        },
      );
      if (!done) throw programmeErrors.nothingToPublish();
      // The version's mails and notices are committed with it: their jobs take them after this request has answered.
      if (done.recipients.length > 0) deps.wakeMail();
      if (notices > 0) deps.sessionUpdated?.wake();
      await audit(caller, organisationId, 'programme.published', eventId, { eventId, version: done.version, sessions: done.changes.length, roomsAndTracks: done.roomTrackChanges.length });
      return { version: done.version, changes: done.changes, roomTrackChanges: done.roomTrackChanges, notified: new Set(done.recipients.map((r) => r.eventUserId)).size };
    },

    async listRooms(caller: AuthUser, organisationId: string, eventId: string): Promise<{ items: TRoom[] }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      return { items: (await repo.rooms(scope)).map(orgRoom) };
    },

    async listTracks(caller: AuthUser, organisationId: string, eventId: string): Promise<{ items: TTrack[] }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      return { items: (await repo.tracks(scope)).map(orgTrack) };
    },

    async listSpeakers(caller: AuthUser, organisationId: string, eventId: string): Promise<{ items: TSpeaker[] }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      return { items: (await repo.speakers(scope)).map(speaker) };
    },

    async createRoom(caller: AuthUser, organisationId: string, eventId: string, input: TRoomInput): Promise<TRoom> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      // The door's check-in area first (session attendance, programme-attendance.service.ts): made or checked.
      const checkinAreaId = await deps.roomArea?.(caller, organisationId, eventId, null, input.checkinArea, input);
      const row = await repo.insertRoom(scope, { name: input.name, capacity: input.capacity, checkinAreaId: checkinAreaId ?? null });
      await audit(caller, organisationId, 'programme.room_created', row.id, { eventId });
      return orgRoom(row);
    },
    async updateRoom(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TRoomInput): Promise<TRoom> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      if (input.checkinArea && !(await repo.rooms(scope)).some((r) => r.id === id)) throw programmeErrors.notFound('Room');
      const checkinAreaId = await deps.roomArea?.(caller, organisationId, eventId, id, input.checkinArea, input);
      const row = await repo.updateRoom(scope, id, { name: input.name, capacity: input.capacity, ...(checkinAreaId !== undefined ? { checkinAreaId } : {}) });
      if (!row) throw programmeErrors.notFound('Room');
      return orgRoom(row);
    },
    /**
     * A draft deletion: attendees keep the room (its name and capacity) until the organiser publishes; refused while a
     * session of the draft is in it (409 PROGRAMME_ROOM_IN_USE naming it).
     */
    async deleteRoom(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string; pending: boolean }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const done = await repo.deleteRoom(scope, id, deps.now());
      if (!done) throw programmeErrors.notFound('Room');
      if ('inUse' in done) throw programmeErrors.roomInUse(done.inUse);
      await audit(caller, organisationId, 'programme.room_deleted', id, { eventId });
      return { id, pending: true };
    },
    async restoreRoom(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TRoom> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.restoreRoom(scope, id);
      if (!row) throw programmeErrors.notFound('Room');
      await audit(caller, organisationId, 'programme.room_restored', id, { eventId });
      return orgRoom(row);
    },
    async createTrack(caller: AuthUser, organisationId: string, eventId: string, input: TTrackInput): Promise<TTrack> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      return orgTrack(await repo.insertTrack(scope, input));
    },
    async updateTrack(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TTrackInput): Promise<TTrack> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.updateTrack(scope, id, input);
      if (!row) throw programmeErrors.notFound('Track');
      return orgTrack(row);
    },
    /** As a room's: a draft deletion, refused while a session of the draft has the track (409 PROGRAMME_TRACK_IN_USE). */
    async deleteTrack(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string; pending: boolean }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const done = await repo.deleteTrack(scope, id, deps.now());
      if (!done) throw programmeErrors.notFound('Track');
      if ('inUse' in done) throw programmeErrors.trackInUse(done.inUse);
      return { id, pending: true };
    },
    async restoreTrack(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TTrack> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.restoreTrack(scope, id);
      if (!row) throw programmeErrors.notFound('Track');
      return orgTrack(row);
    },
    async createSpeaker(caller: AuthUser, organisationId: string, eventId: string, input: TSpeakerInput): Promise<TSpeaker> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.insertSpeaker(scope, { ...input, userType: UserType.Speaker });
      await audit(caller, organisationId, 'programme.speaker_created', row.id, { eventId });
      return speaker(row);
    },
    async updateSpeaker(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TSpeakerInput): Promise<TSpeaker> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.updateSpeaker(scope, id, input);
      if (!row) throw programmeErrors.notFound('Speaker');
      return speaker(row);
    },
    async deleteSpeaker(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string; pending: boolean }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      if (!(await repo.deleteSpeaker(scope, id))) throw programmeErrors.notFound('Speaker');
      await audit(caller, organisationId, 'programme.speaker_deleted', id, { eventId });
      return { id, pending: false };
    },
    async uploadSpeakerPhoto(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TSpeakerPhotoUpload): Promise<TSpeaker> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const photo = photoOf(input);
      const row = await repo.setSpeakerPhoto({ scope, id }, { ...photo, createdBy: caller.userId });
      if (!row) throw programmeErrors.notFound('Speaker');
      await audit(caller, organisationId, 'programme.speaker_photo', id, { eventId });
      return speaker(row);
    },
    speakerPhoto: (photoId: string) => repo.speakerPhoto(photoId),
    async removeSpeakerPhoto(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TSpeaker> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.clearSpeakerPhoto({ scope, id });
      if (!row) throw programmeErrors.notFound('Speaker');
      await audit(caller, organisationId, 'programme.speaker_photo_removed', id, { eventId });
      return speaker(row);
    },

    /**
     * Invites a speaker by mail (SPEC §3.1 user type 5), as a company admin is invited: the account with the speaker's
     * email (made as a Speaker when there is none, with an unguessable password: only the link or a password reset opens
     * it; an organiser team account is refused), a participant of the event, linked to the speaker, and mailed the
     * foundation's one-time, expiring `adl` link, which lands on "My speaker profile".
     */
    async inviteSpeaker(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TSpeakerInvitation> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const sp = await repo.speaker(scope, id);
      if (!sp) throw programmeErrors.notFound('Speaker');
      if (!sp.email) throw errors.validation([{ field: 'email', key: 'required' }]);
      const accounts = deps.speakerAccounts;
      let user = await accounts.findUserByEmail(sp.email);
      if (user && (await accounts.organisationOfUser(user.id)) !== null) throw programmeErrors.speakerTeamAccount();
      if (!user) user = await accounts.createParticipantUser({ email: sp.email, password: newSecret(), firstName: sp.name, userType: UserType.Speaker, role: 'Speaker' });
      // Joining is idempotent: an account that already takes part in the event keeps its participant type.
      await accounts.addParticipant(organisationId, eventId, user.id, UserType.Speaker);
      let linked: SpeakerRow | null;
      try {
        linked = await repo.linkSpeakerAccount(scope, id, user.id, deps.now());
      } catch (err) {
        if (sqlState(err) === '23505') throw programmeErrors.speakerAccountTaken(sp.email);
        throw err;
      }
      if (!linked) throw programmeErrors.notFound('Speaker');
      const link = await accounts.createLoginLink(caller, organisationId, { kind: 'adl', userId: user.id, eventId, ttlMinutes: SPEAKER_INVITATION_TTL_MINUTES });
      const url = `${deps.mail.publicUrl.replace(/\/$/, '')}${link.path}`;
      const until = new Date(link.expiresAt).toUTCString();
      const intro = `You are a speaker at ${event.name}. Open this link to sign in to your speaker profile: confirm it, add your photo and bio, and see your sessions. It works once, until ${until}:`;
      await deps.mail.send({
        to: user.email,
        organisationId,
        eventId,
        subject: `${event.name}: your speaker profile`,
        text: `Hello ${sp.name},\n\n${intro}\n${url}\n\nIf you did not expect this message, ignore it.`,
        html: `<p>Hello ${escapeHtml(sp.name)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      });
      await audit(caller, organisationId, 'programme.speaker_invited', id, { eventId, userId: user.id });
      return { speaker: speaker(linked), sentTo: user.email, expiresAt: link.expiresAt };
    },

    async mySpeakerProfile(caller: ProgrammeCaller, eventId: string): Promise<TMySpeakerProfile> {
      return profileView((await ownSpeaker(caller, eventId)).row);
    },
    async updateMySpeakerProfile(caller: ProgrammeCaller, eventId: string, input: TMySpeakerProfileInput): Promise<TMySpeakerProfile> {
      const { userId } = await ownSpeaker(caller, eventId);
      const row = await repo.updateOwnSpeaker(eventId, userId, { title: plainLine(input.title), company: plainLine(input.company), bio: plainBio(input.bio), links: input.links });
      if (!row) throw programmeErrors.notSpeaker();
      return profileView(row);
    },
    async confirmMySpeakerProfile(caller: ProgrammeCaller, eventId: string): Promise<TMySpeakerProfile> {
      const { userId } = await ownSpeaker(caller, eventId);
      const row = await repo.confirmOwnSpeaker(eventId, userId, deps.now());
      if (!row) throw programmeErrors.notSpeaker();
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: userId, action: 'programme.speaker_confirmed', target: row.id, meta: { eventId } });
      return profileView(row);
    },
    async uploadMySpeakerPhoto(caller: ProgrammeCaller, eventId: string, input: TSpeakerPhotoUpload): Promise<TMySpeakerProfile> {
      const { userId } = await ownSpeaker(caller, eventId);
      const row = await repo.setSpeakerPhoto({ eventId, userId }, { ...photoOf(input), createdBy: userId });
      if (!row) throw programmeErrors.notSpeaker();
      return profileView(row);
    },
    async removeMySpeakerPhoto(caller: ProgrammeCaller, eventId: string): Promise<TMySpeakerProfile> {
      const { userId } = await ownSpeaker(caller, eventId);
      const row = await repo.clearSpeakerPhoto({ eventId, userId });
      if (!row) throw programmeErrors.notSpeaker();
      return profileView(row);
    },
    /** Whether the caller's account is a speaker of the event (403 without the event's access, as the profile routes). */
    async mySpeakerStatus(caller: ProgrammeCaller, eventId: string): Promise<TMySpeakerStatus> {
      const who = participantOf(caller, eventId);
      return { isSpeaker: (await repo.speakerOfAccount(eventId, who.userId)) !== null };
    },
    createSession: (caller: AuthUser, organisationId: string, eventId: string, input: TSessionInput) => saveSession(caller, organisationId, eventId, null, input),
    updateSession: (caller: AuthUser, organisationId: string, eventId: string, id: string, input: TSessionInput) => saveSession(caller, organisationId, eventId, id, input),
    async deleteSession(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string; pending: boolean }> {
      const { scope } = await organiserScope(caller, organisationId, eventId);
      const done = await repo.deleteSession(scope, id, deps.now());
      if (!done) throw programmeErrors.notFound('Session');
      await audit(caller, organisationId, 'programme.session_deleted', id, { eventId, pending: done === 'pending' });
      return { id, pending: done === 'pending' };
    },
    /** Undoes a draft deletion before the publish; a published one is final (409, naming its version). */
    async restoreSession(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TSession> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const done = await repo.restoreSession(scope, id);
      if (!done) {
        const version = await repo.deletionVersion(scope, id);
        if (version !== null) throw programmeErrors.deletionPublished(version);
        throw programmeErrors.notFound('Session');
      }
      if ('roomDeleted' in done) throw programmeErrors.restoreBlocked('room', done.roomDeleted);
      if ('trackDeleted' in done) throw programmeErrors.restoreBlocked('track', done.trackDeleted);
      if ('roomClash' in done) throw programmeErrors.roomClash(done.roomClash.title);
      if ('speakerClash' in done) throw programmeErrors.speakerClash(done.speakerClash.speakerName ?? 'The speaker', done.speakerClash.title);
      await audit(caller, organisationId, 'programme.session_restored', id, { eventId });
      const [persons, links, waiting] = await Promise.all([repo.sessionSpeakers(scope), repo.sessionLinks(eventId), repo.waitlistCounts(eventId)]);
      const people = peopleBySession(persons.filter((p) => p.sessionId === id), { sponsors: links.sponsors.filter((l) => l.sessionId === id), tickets: links.tickets.filter((l) => l.sessionId === id) }).get(id) ?? NOBODY;
      return { ...sessionView(done.row, event.timeZone, people), bookedCount: done.row.bookedCount, waitlistCount: waiting.get(id) ?? 0 };
    },

    /** The Schedule tab: every session of the event, with the caller's own booking state. */
    schedule: (caller: ProgrammeCaller, eventId: string): Promise<TSchedule> => programmeOf(caller, eventId, 'session-list'),
    /**
     * The Agenda (SPEC §2.4 app tab `event-agenda`, §2.5 portal entry Agenda): the same programme, read-only, under the
     * app tab's rules, or (`from=portal`) the web portal menu's.
     */
    agenda: (caller: ProgrammeCaller, eventId: string, from: 'app' | 'portal'): Promise<TSchedule> => programmeOf(caller, eventId, from === 'portal' ? 'portal-agenda' : 'event-agenda'),
    /** The tab's or entry's rules for this caller (checked on every request, cached programme or not). */
    assertProgrammeVisible,
    /** The programme an anonymous visitor sees, the same on the Schedule and the Agenda (the routes cache it), rules not checked. */
    anonymousProgramme: (eventId: string): Promise<TSchedule> => programmeRead({ user: null, eventAccess: null }, eventId, 'event-agenda'),

    /** The Speakers tab: each speaker with their sessions. */
    async speakers(caller: ProgrammeCaller, eventId: string): Promise<TSpeakerListing> {
      await deps.assertTabVisible(eventId, 'speaker-listing', caller);
      const event = await eventOrThrow(eventId);
      const data = await repo.eventRead(eventId);
      const sessions = new Map(data.sessions.map((s) => [s.id, s]));
      return {
        timeZone: event.timeZone,
        speakers: data.speakers.map((sp) => ({
          ...publicSpeaker(sp),
          sessions: data.links
            .filter((l) => l.speakerId === sp.id)
            .map((l) => sessions.get(l.sessionId)!)
            .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
            .map((s) => ({ id: s.id, title: s.title, start: utcToZonedLocal(s.startsAt, event.timeZone) })),
        })),
      };
    },

    async book(caller: ProgrammeCaller, eventId: string, sessionId: string): Promise<TBookingResult> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      const session = await repo.sessionOfEvent(eventId, sessionId);
      if (!session) throw programmeErrors.notFound('Session');
      if (!session.bookingRequired) throw programmeErrors.bookingNotNeeded();
      await assertTicketAllowed(eventId, session, who.userId);
      const done = await repo.book(eventId, sessionId, who);
      if (!done) throw programmeErrors.notFound('Session');
      const mine = (await repo.myBookings(eventId, who.eventUserId)).find((b) => b.sessionId === sessionId);
      return { sessionId, status: (mine?.status ?? null) as TBookingResult['status'], waitlistPosition: mine?.rank ?? null };
    },

    async cancelBooking(caller: ProgrammeCaller, eventId: string, sessionId: string): Promise<TBookingResult> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      const before = (await repo.myBookings(eventId, who.eventUserId)).find((b) => b.sessionId === sessionId);
      if (!before) throw programmeErrors.notBooked();
      const { found } = await repo.cancel(eventId, sessionId, who.eventUserId);
      if (!found) throw programmeErrors.notFound('Session');
      return { sessionId, status: null, waitlistPosition: null };
    },

    async sessionIcs(caller: ProgrammeCaller, eventId: string, sessionId: string): Promise<string> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const event = await eventOrThrow(eventId);
      const session = await repo.sessionOfEvent(eventId, sessionId);
      if (!session) throw programmeErrors.notFound('Session');
      const { rooms } = await repo.eventRead(eventId);
      return toIcs(event, [session], new Map(rooms.map((r) => [r.id, r.name])));
    },

    /** The caller's schedule as a feed calendar apps subscribe to: its signed address, webcal form and subscribe links. */
    async myScheduleFeed(caller: ProgrammeCaller, eventId: string): Promise<TScheduleFeed> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      const event = await eventOrThrow(eventId);
      const token = await deps.calendarFeed.sign({ userId: who.userId, eventId, eventUserId: who.eventUserId });
      const url = `${deps.calendarFeed.publicUrl.replace(/\/$/, '')}/api/scheduleservices/api/calendar-feeds/my-schedule.ics?${new URLSearchParams({ feed: token }).toString()}`;
      return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), googleUrl: googleSubscribeUrl(url), outlookUrl: outlookSubscribeUrl(url, `${event.name}: my schedule`) };
    },

    /**
     * The subscribed calendar: the booked sessions of the participation the signed address names, read as that person
     * (the Schedule tab's rules apply to them as they would in the app). An address that is not ours, or whose account
     * is gone or blocked, is a 404.
     */
    async scheduleFeed(feedToken: string): Promise<string> {
      const claims = await deps.calendarFeed.verify(feedToken);
      const user = claims ? await deps.calendarFeed.loadUser(claims.userId) : null;
      if (!claims || !user) throw programmeErrors.notFound('Calendar');
      return myScheduleIcs({ user, eventAccess: { eventId: claims.eventId, eventUserId: claims.eventUserId } }, claims.eventId);
    },

    /** Stars a session for My schedule (idempotent). */
    async bookmark(caller: ProgrammeCaller, eventId: string, sessionId: string): Promise<TBookmarkResult> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      const session = await repo.sessionOfEvent(eventId, sessionId);
      if (!session) throw programmeErrors.notFound('Session');
      await assertTicketAllowed(eventId, session, who.userId);
      await repo.addBookmark(eventId, sessionId, who);
      return { sessionId, bookmarked: true };
    },
    async removeBookmark(caller: ProgrammeCaller, eventId: string, sessionId: string): Promise<TBookmarkResult> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      if (!(await repo.sessionOfEvent(eventId, sessionId))) throw programmeErrors.notFound('Session');
      await repo.removeBookmark(eventId, sessionId, who.eventUserId);
      return { sessionId, bookmarked: false };
    },

    /** A participant proposes a session or asks to speak on one (under the Schedule tab's rules, as booking). */
    async requestSession(caller: ProgrammeCaller, eventId: string, input: TSessionRequestInput): Promise<TSessionRequest> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      const event = await eventOrThrow(eventId);
      const scope = { organisationId: event.organisationId, eventId };
      const person = await deps.requester(eventId, who.userId);
      if (!person) throw programmeErrors.notParticipant();
      const base = { ...who, requesterName: person.name, requesterEmail: person.email };
      let row: SessionRequestRow;
      if (input.kind === 'proposal') {
        if (!(await repo.known(scope, { roomId: null, trackId: input.trackId, speakerIds: [] })).track) throw errors.validation([{ field: 'trackId', key: ProgrammeErrorKey.UnknownTrack }]);
        row = await repo.insertRequest(scope, { ...base, kind: 'proposal', title: input.title, descriptionHtml: await richOrPlain(input.descriptionHtml), sessionType: input.sessionType, trackId: input.trackId });
      } else {
        const session = await repo.sessionOfEvent(eventId, input.sessionId);
        if (!session) throw programmeErrors.notFound('Session');
        if (await repo.pendingSpeakRequest(eventId, who.eventUserId, session.id)) throw programmeErrors.requestDuplicate();
        row = await repo.insertRequest(scope, { ...base, kind: 'speak', title: session.title, sessionId: session.id, message: input.message });
      }
      await deps.audit.record({ organisationId: event.organisationId, actorUserId: who.userId, action: 'programme.session_requested', target: row.id, meta: { eventId, kind: row.kind } });
      return requestView(row);
    },
    async mySessionRequests(caller: ProgrammeCaller, eventId: string): Promise<{ items: TSessionRequest[] }> {
      await deps.assertTabVisible(eventId, 'session-list', caller);
      const who = participantOf(caller, eventId);
      return { items: (await repo.myRequests(eventId, who.eventUserId)).map(requestView) };
    },

    /** The organiser's Requests tab. */
    async listSessionRequests(caller: AuthUser, organisationId: string, eventId: string): Promise<TOrgSessionRequests> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const [rows, rooms] = await Promise.all([repo.requests(scope), repo.rooms(scope)]);
      return {
        items: rows.map(orgRequestView),
        pending: rows.filter((r) => r.status === 'pending').length,
        timeZone: event.timeZone,
        startDate: event.startDate,
        rooms: rooms.filter((r) => !r.deletedAt).map((r) => ({ id: r.id, name: r.name })),
      };
    },
    /**
     * The Requests tab's export (AP-347): every request of the event, newest first, one row each, times in the event's
     * zone, the track by its draft name, the description as plain text (csv.ts guards every cell against formulas).
     */
    async exportSessionRequests(caller: AuthUser, organisationId: string, eventId: string, format: TSessionRequestExportFormat): Promise<{ body: string | Buffer; fileName: string; contentType: string }> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const [rows, tracks] = await Promise.all([repo.requests(scope), repo.tracks(scope)]);
      const trackNames = new Map(tracks.map((t) => [t.id, t.name]));
      const local = (d: Date | null) => (d ? utcToZonedLocal(d, event.timeZone).replace('T', ' ') : '');
      const table = [
        [`Submitted (${event.timeZone})`, 'Kind', 'Status', 'Requester', 'Email', 'Title', 'Session type', 'Track', 'Message', 'Description', 'Organiser note', `Decided (${event.timeZone})`],
        ...rows.map((r) => [
          local(r.createdAt),
          r.kind === 'proposal' ? 'Proposal' : 'Ask to speak',
          r.status,
          r.requesterName,
          r.requesterEmail,
          r.title,
          r.sessionType ?? '',
          r.trackId ? (trackNames.get(r.trackId) ?? '') : '',
          r.message,
          htmlText(r.descriptionHtml),
          r.note,
          local(r.decidedAt),
        ]),
      ];
      const base = `session-requests-${event.name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'event'}`;
      return format === 'csv'
        ? { body: csvDocument(table), fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8' }
        : { body: Buffer.from(xlsxWorkbook(table, 'Session requests')), fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    },
    /** Approves: a proposal becomes a session placed as the organiser says, with the proposer as its speaker; "speak" adds them. */
    approveSessionRequest: (caller: AuthUser, organisationId: string, eventId: string, id: string, input: TApproveSessionRequest) =>
      decide(caller, organisationId, eventId, id, 'approved', input.note, async (req, event, scope): Promise<Approval> => {
        if (req.kind === 'speak') {
          if (!req.sessionId) throw programmeErrors.notFound('Session');
          return { kind: 'speak', sessionId: req.sessionId };
        }
        const p = input.placement;
        if (!p) throw errors.validation([{ field: 'placement', key: 'required' }]);
        if (!(await repo.known(scope, { roomId: p.roomId, trackId: null, speakerIds: [] })).room) throw errors.validation([{ field: 'placement.roomId', key: ProgrammeErrorKey.UnknownRoom }]);
        const startsAt = zonedLocalToUtc(p.start, event.timeZone);
        const endsAt = zonedLocalToUtc(p.end, event.timeZone);
        if (endsAt <= startsAt) throw errors.validation([{ field: 'placement.end', key: 'timeCampare' }]);
        return {
          kind: 'proposal',
          session: { title: req.title, descriptionHtml: req.descriptionHtml, sessionType: req.sessionType ?? 'talk', trackId: req.trackId, roomId: p.roomId, startsAt, endsAt, capacity: null, bookingRequired: false },
        };
      }),
    disapproveSessionRequest: (caller: AuthUser, organisationId: string, eventId: string, id: string, input: TDisapproveSessionRequest) =>
      decide(caller, organisationId, eventId, id, 'disapproved', input.note, async () => null),

    myScheduleIcs,
  };
}
export type ProgrammeService = ReturnType<typeof createProgrammeService>;
