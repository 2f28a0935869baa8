import { z } from 'zod';
import { defineRoutes } from '../common/route-contract.ts';
import {
  ZCallsReport,
  ZLounge,
  ZRtcConfig,
  ZSfuToken,
  ZTable,
  ZTableInput,
  ZTableMessages,
  ZTableParams,
  ZTables,
  ZTablesReport,
  ZTablePersonParams,
  ZTablePersonResult,
  ZVideoEventParams,
  ZVideoReportQuery,
} from './video.schemas.ts';

const tags = ['video'];
const org = { auth: 'organiser', tags } as const;
const user = { auth: 'user', tags } as const;
const ev = '/api/eventservices/events/:eventId';
const chat = '/api/chatservices/api/events/:eventId';

/**
 * Video calls, networking lounges and discussion tables (issue 17). Calls and table seats travel on the /chatservices
 * socket (videoCall, receivedCall, endCall, videoChat, networking, networkingLeave, discussionChat); these routes
 * read and configure. Organiser routes use the SPEC §2.7 codes: Discussion Tables AP-460 (view), AP-461 (create),
 * AP-462 (edit), AP-463 (delete); the report tabs Lounge Sessions AP-458 (Networking Lounge, type 16), Discussion
 * Tables AP-460 (type 17) and Video Call Logs AP-480 (Video Calls, type 18). Participant routes need the event's
 * `ei/{eventId}` sign-in (403 VIDEO_NOT_PARTICIPANT).
 */
export const videoRoutes = defineRoutes({
  /** STUN/TURN servers (config RTC_ICE_SERVERS, none by default) and the media server, for RTCPeerConnection. */
  rtcConfig: { ...user, method: 'GET', path: '/api/chatservices/api/video/config', response: ZRtcConfig },

  tables: { ...org, method: 'GET', path: `${ev}/networking/tables`, access: 'AP-460', params: ZVideoEventParams, response: ZTables },
  createTable: { ...org, method: 'POST', path: `${ev}/networking/tables`, access: 'AP-461', params: ZVideoEventParams, body: ZTableInput, status: 201, response: ZTable },
  updateTable: { ...org, method: 'PUT', path: `${ev}/networking/tables/:tableId`, access: 'AP-462', params: ZTableParams, body: ZTableInput, response: ZTable },
  /**
   * Takes one person off the table (AP-462): their seat frees, they are told (networkingError REMOVED), sent out of the
   * media server's room, and barred from that table until allowed back (404 TABLE_SEAT_NOT_FOUND when not seated).
   */
  removeSeated: { ...org, method: 'DELETE', path: `${ev}/networking/tables/:tableId/seated/:eventUserId`, access: 'AP-462', params: ZTablePersonParams, response: ZTablePersonResult },
  /** Lets a removed person sit at the table again (AP-462; 404 TABLE_BAR_NOT_FOUND when not barred). */
  allowBack: { ...org, method: 'DELETE', path: `${ev}/networking/tables/:tableId/barred/:eventUserId`, access: 'AP-462', params: ZTablePersonParams, response: ZTablePersonResult },
  deleteTable: { ...org, method: 'DELETE', path: `${ev}/networking/tables/:tableId`, access: 'AP-463', params: ZTableParams, response: z.object({ id: z.string() }) },

  /** SPEC §2.6 Networking Lounge (16), Discussion Table (17), Video Calls (18). */
  loungeReport: { ...org, method: 'GET', path: `${ev}/reports/networking-lounge`, access: 'AP-458', params: ZVideoEventParams, query: ZVideoReportQuery, response: ZTablesReport },
  discussionReport: { ...org, method: 'GET', path: `${ev}/reports/discussion-table`, access: 'AP-460', params: ZVideoEventParams, query: ZVideoReportQuery, response: ZTablesReport },
  callsReport: { ...org, method: 'GET', path: `${ev}/reports/video-calls`, access: 'AP-480', params: ZVideoEventParams, query: ZVideoReportQuery, response: ZCallsReport },

  /** The attendee's lounge: every table with its seats taken and who sits there. */
  lounge: { ...user, method: 'GET', path: `${chat}/lounge`, params: ZVideoEventParams, response: ZLounge },
  /** A table's chat (discussionChat), for its seated members only (403 VIDEO_NOT_SEATED). */
  tableMessages: { ...user, method: 'GET', path: `${chat}/lounge/tables/:tableId/messages`, params: ZTableParams, response: ZTableMessages },
  /** A media-server token for a seated member (409 SFU_NOT_CONFIGURED without LIVEKIT_URL and its key). */
  sfuToken: { ...user, method: 'POST', path: `${chat}/lounge/tables/:tableId/sfu-token`, params: ZTableParams, response: ZSfuToken },
});
