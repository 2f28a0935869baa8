import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZEposter,
  ZEposterBrowse,
  ZEposterBrowseQuery,
  ZEposterCreate,
  ZEposterDeleted,
  ZEposterEventParams,
  ZEposterFileParams,
  ZEposterFileQuery,
  ZEposterList,
  ZEposterParams,
  ZEposterSessionOptions,
  ZEposterUpdate,
  ZEposterView,
} from './eposters.schemas.ts';

const tags = ['eposters'];
const ev = '/api/scheduleservices/api/events/:eventId';
const org = { auth: 'organiser', tags } as const;

/**
 * E-posters (issue 16), under SPEC §7's `scheduleservices/api/` prefix.
 *
 * Organiser routes are scoped to the caller's organisation and item scope (another organisation's event or poster
 * answers 404) and gated by SPEC §2.7's E-Posters codes (T-206): AP-756 view, AP-757 upload (create and edit),
 * AP-758 delete. The file is a PDF (≤ 10 MB) or a PNG/JPEG image (≤ 5 MB), sent as base64 with its name: 400
 * VALIDATION_FAILED with `fileTypeNotAllowed` on `file.fileName` for any other type, `posterFileTooLarge` or
 * `fileContentMismatch` (its first bytes are not the type its name declares) on `file.dataBase64`; a body over
 * 15 MB answers 413 PAYLOAD_TOO_LARGE. `sessionId` must be a session of the event's programme (`unknownSession`).
 *
 * Attendee routes (the web portal's E-Poster entry, SPEC §2.5): a participant of this event signed in through
 * `ei/{eventId}` (403 EPOSTER_NOT_PARTICIPANT otherwise), and only while the event's portal menu lists the entry
 * (modes 1 and 3, from the event's first day, unless the organiser's menu says otherwise: 404 TAB_NOT_AVAILABLE).
 */
export const epostersRoutes = defineRoutes({
  list: { ...org, method: 'GET', path: `${ev}/eposters`, access: 'AP-756', params: ZEposterEventParams, response: ZEposterList },
  /** The event's sessions, to link a poster to (the programme's port). */
  sessionOptions: { ...org, method: 'GET', path: `${ev}/eposters/session-options`, access: 'AP-757', params: ZEposterEventParams, response: ZEposterSessionOptions },
  create: { ...org, method: 'POST', path: `${ev}/eposters`, access: 'AP-757', params: ZEposterEventParams, body: ZEposterCreate, status: 201, response: ZEposter },
  /** `file: null` keeps the poster's file; a new file replaces it (and the old file's addresses stop working). */
  update: { ...org, method: 'PUT', path: `${ev}/eposters/:posterId`, access: 'AP-757', params: ZEposterParams, body: ZEposterUpdate, response: ZEposter },
  remove: { ...org, method: 'DELETE', path: `${ev}/eposters/:posterId`, access: 'AP-758', params: ZEposterParams, response: ZEposterDeleted },
  /** The poster's file for the organiser (downloaded with the bearer). */
  orgFile: { ...org, method: 'GET', path: `${ev}/eposters/:posterId/file`, access: 'AP-756', params: ZEposterParams, response: fileResponse('application/octet-stream') },

  /** The portal's E-Poster list: `q` searches title, topic and authors; `topic` filters by one topic. */
  browse: { method: 'GET', path: `${ev}/portal/eposters`, auth: 'user', tags, params: ZEposterEventParams, query: ZEposterBrowseQuery, response: ZEposterBrowse },
  /** One poster's page, with a signed address of its file valid for 30 minutes. */
  view: { method: 'GET', path: `${ev}/portal/eposters/:posterId`, auth: 'user', tags, params: ZEposterParams, response: ZEposterView },
  /**
   * The file at a signed address (an <img> or <iframe> sends no bearer): its own Content-Type, `inline`, nosniff,
   * framable by this origin only. A made-up, altered or replaced-file address answers 404, an expired one 403
   * EPOSTER_LINK_EXPIRED; the entry's portal rule applies again.
   */
  file: { method: 'GET', path: '/api/scheduleservices/public/eposter-files/:posterId', auth: 'public', tags, params: ZEposterFileParams, query: ZEposterFileQuery, response: fileResponse('application/pdf') },
});
