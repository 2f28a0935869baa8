import { AnalyticsType, ReportAction, VIDEO_CONTENT_TYPES, VIDEO_MAX_BYTES, VIDEOS_MAX, VideoErrorKey, checkUploadedFile, fileExtension, type TCompanyVideo, type TCompanyVideoUpload, type TExhibitorVideo, type TVideoPlayback } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { CompanyVideosRepository, VideoMeta } from './company-videos.repository.ts';
import { exhibitionErrors } from './exhibition.errors.ts';

type Visitor = { user: AuthUser | null; eventAccess: EventAccess | null };
export type CompanyVideosDeps = {
  repo: CompanyVideosRepository;
  audit: Audit;
  secrets: SecretBox;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  assertTabVisible: (eventId: string, tabName: string, caller: Visitor) => Promise<unknown>;
  /** The company of this event, or null (of this organisation when given). */
  company: (eventId: string, companyId: string, organisationId?: string) => Promise<{ id: string } | null>;
};

/** How long a stream ticket plays (a long talk, paused and resumed). */
const TICKET_MS = 6 * 60 * 60 * 1000;
/** The most one Range answer sends (a player asks again for the rest). */
const MAX_CHUNK = 2 * 1024 * 1024;

export type VideoRange = { status: 200 | 206 | 416; contentType: string; total: number; start: number; end: number; bytes: Buffer | null };

/** A company's videos: the organiser uploads them; visitors play them on the company's page, each view counted once. */
export function createCompanyVideosService(deps: CompanyVideosDeps) {
  const { repo } = deps;

  async function ownCompany(organisationId: string, eventId: string, companyId: string) {
    if (!(await deps.company(eventId, companyId, organisationId))) throw exhibitionErrors.companyNotFound();
    return { eventId, companyId };
  }
  const viewOf = (v: VideoMeta, views: number): TCompanyVideo => ({
    id: v.id,
    companyId: v.companyId,
    title: v.title,
    fileName: v.fileName,
    contentType: v.contentType,
    byteSize: v.byteSize,
    views,
    createdAt: v.createdAt.toISOString(),
  });
  async function withCounts(c: { eventId: string; companyId: string }, rows: VideoMeta[]) {
    const views = await repo.actionCounts(c, ReportAction.View);
    return rows.map((v) => viewOf(v, views.get(v.id) ?? 0));
  }
  async function visibleCompany(caller: Visitor, eventId: string, companyId: string) {
    await deps.assertTabVisible(eventId, 'exhibitors', caller);
    if (!(await deps.company(eventId, companyId))) throw exhibitionErrors.companyNotFound();
    return { eventId, companyId };
  }

  /* The upload rules without the organiser's event check: the organiser's routes and the company admin's My stand share them. */
  async function addCompanyVideo(organisationId: string, eventId: string, companyId: string, input: TCompanyVideoUpload, actorUserId: string): Promise<TCompanyVideo> {
    const c = await ownCompany(organisationId, eventId, companyId);
    const bytes = Buffer.from(input.dataBase64, 'base64');
    if (bytes.length > VIDEO_MAX_BYTES) throw errors.validation([{ field: 'dataBase64', key: VideoErrorKey.FileTooLarge }]);
    const ext = fileExtension(input.fileName) as keyof typeof VIDEO_CONTENT_TYPES;
    const problem = checkUploadedFile(input.fileName, bytes, 'video');
    if (problem || !VIDEO_CONTENT_TYPES[ext]) throw errors.validation([{ field: problem === 'fileContentMismatch' ? 'dataBase64' : 'fileName', key: problem ?? VideoErrorKey.FileTypeNotAllowed }]);
    if ((await repo.countVideos(c)) >= VIDEOS_MAX) throw new AppError(409, 'EXHIBITION_TOO_MANY_VIDEOS', `A company has at most ${VIDEOS_MAX} videos: delete one first`);
    const row = await repo.insertVideo({ id: newId(), organisationId, eventId, companyId, title: input.title, fileName: input.fileName, contentType: VIDEO_CONTENT_TYPES[ext], byteSize: bytes.length, bytes });
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.video_uploaded', target: row.id, meta: { eventId, companyId } });
    return viewOf(row, 0);
  }
  async function renameCompanyVideo(organisationId: string, eventId: string, companyId: string, videoId: string, title: string): Promise<TCompanyVideo> {
    const c = await ownCompany(organisationId, eventId, companyId);
    const row = await repo.renameVideo(c, videoId, title);
    if (!row) throw exhibitionErrors.videoNotFound();
    return (await withCounts(c, [row]))[0]!;
  }
  async function removeCompanyVideo(organisationId: string, eventId: string, companyId: string, videoId: string, actorUserId: string): Promise<{ id: string }> {
    const c = await ownCompany(organisationId, eventId, companyId);
    if (!(await repo.deleteVideo(c, videoId))) throw exhibitionErrors.videoNotFound();
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.video_deleted', target: videoId, meta: { eventId, companyId } });
    return { id: videoId };
  }

  /** A stream address with a sealed ticket naming this video (a <video> sends no bearer token). */
  function playbackOf(c: { eventId: string; companyId: string }, videoId: string, streamPath: string): TVideoPlayback {
    const ticket = deps.secrets.seal(JSON.stringify({ v: videoId, e: c.eventId, c: c.companyId, x: deps.now().getTime() + TICKET_MS }));
    return { url: `${streamPath}?ticket=${encodeURIComponent(ticket)}` };
  }

  return {
    async videos(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TCompanyVideo[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      const c = await ownCompany(organisationId, eventId, companyId);
      return withCounts(c, await repo.videos(c));
    },

    async uploadVideo(caller: AuthUser, organisationId: string, eventId: string, companyId: string, input: TCompanyVideoUpload): Promise<TCompanyVideo> {
      await deps.assertEvent(caller, organisationId, eventId);
      return addCompanyVideo(organisationId, eventId, companyId, input, caller.userId);
    },
    async renameVideo(caller: AuthUser, organisationId: string, eventId: string, companyId: string, videoId: string, title: string): Promise<TCompanyVideo> {
      await deps.assertEvent(caller, organisationId, eventId);
      return renameCompanyVideo(organisationId, eventId, companyId, videoId, title);
    },
    async deleteVideo(caller: AuthUser, organisationId: string, eventId: string, companyId: string, videoId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      return removeCompanyVideo(organisationId, eventId, companyId, videoId, caller.userId);
    },
    // The same rules for the company admin's My stand (my-stand.service.ts), with the company it found from the caller.
    addCompanyVideo,
    renameCompanyVideo,
    removeCompanyVideo,

    async exhibitorVideos(caller: Visitor, eventId: string, companyId: string): Promise<TExhibitorVideo[]> {
      const c = await visibleCompany(caller, eventId, companyId);
      return (await repo.videos(c)).map((v) => ({ id: v.id, title: v.title, contentType: v.contentType, byteSize: v.byteSize }));
    },

    /** Counts the view (once per participant of this event) and hands out a ticket for the stream. */
    async playVideo(caller: Visitor, eventId: string, companyId: string, videoId: string, streamPath: string): Promise<TVideoPlayback> {
      const c = await visibleCompany(caller, eventId, companyId);
      const video = await repo.video(c, videoId);
      if (!video) throw exhibitionErrors.videoNotFound();
      if (caller.eventAccess && caller.eventAccess.eventId === eventId) {
        await repo.recordAction({ id: newId(), organisationId: video.organisationId, eventId, companyId, analyticsType: AnalyticsType.Videos, action: ReportAction.View, itemId: videoId, eventUserId: caller.eventAccess.eventUserId });
      }
      return playbackOf(c, videoId, streamPath);
    },

    /** The organiser plays a company's video back (Companies → Videos): no view is counted. */
    async organiserPlayback(caller: AuthUser, organisationId: string, eventId: string, companyId: string, videoId: string, streamPath: string): Promise<TVideoPlayback> {
      await deps.assertEvent(caller, organisationId, eventId);
      const c = await ownCompany(organisationId, eventId, companyId);
      if (!(await repo.video(c, videoId))) throw exhibitionErrors.videoNotFound();
      return playbackOf(c, videoId, streamPath);
    },

    /* The company's own people (my-stand.service.ts, which found the company from the caller): its list and playback, no view counted. */
    async companyVideoList(organisationId: string, eventId: string, companyId: string): Promise<TCompanyVideo[]> {
      const c = await ownCompany(organisationId, eventId, companyId);
      return withCounts(c, await repo.videos(c));
    },
    async companyPlayback(organisationId: string, eventId: string, companyId: string, videoId: string, streamPath: string): Promise<TVideoPlayback> {
      const c = await ownCompany(organisationId, eventId, companyId);
      if (!(await repo.video(c, videoId))) throw exhibitionErrors.videoNotFound();
      return playbackOf(c, videoId, streamPath);
    },

    /** The bytes a `Range` header asks for (one range; 416 outside the file). 404 unless the ticket names this video and is current. */
    async videoRange(eventId: string, companyId: string, videoId: string, ticket: string, range: string | undefined): Promise<VideoRange> {
      let claims: { v?: unknown; e?: unknown; c?: unknown; x?: unknown } = {};
      try {
        claims = JSON.parse(deps.secrets.openSealed(ticket)) as typeof claims;
      } catch {
        throw exhibitionErrors.videoNotFound();
      }
      if (claims.v !== videoId || claims.e !== eventId || claims.c !== companyId || typeof claims.x !== 'number' || claims.x < deps.now().getTime()) throw exhibitionErrors.videoNotFound();
      const c = { eventId, companyId };
      const video = await repo.video(c, videoId);
      if (!video) throw exhibitionErrors.videoNotFound();
      const total = video.byteSize;
      const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
      if (!range || !m || (m[1] === '' && m[2] === '')) {
        const bytes = await repo.videoSlice(c, videoId, 0, total - 1);
        return { status: 200, contentType: video.contentType, total, start: 0, end: total - 1, bytes };
      }
      let start: number;
      let end: number;
      if (m[1] === '') {
        // A suffix: the last N bytes.
        start = Math.max(0, total - Number(m[2]));
        end = total - 1;
      } else {
        start = Number(m[1]);
        end = m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1);
      }
      if (start >= total || start > end) return { status: 416, contentType: video.contentType, total, start: 0, end: 0, bytes: null };
      end = Math.min(end, start + MAX_CHUNK - 1);
      const bytes = await repo.videoSlice(c, videoId, start, end);
      return { status: 206, contentType: video.contentType, total, start, end, bytes };
    },
  };
}
export type CompanyVideosService = ReturnType<typeof createCompanyVideosService>;
