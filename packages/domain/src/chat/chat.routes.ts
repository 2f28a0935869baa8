import { defineRoutes } from '../common/route-contract.ts';
import {
  ZChatEventParams,
  ZChatHistory,
  ZChatHistoryQuery,
  ZChatParticipants,
  ZChatParticipantsQuery,
  ZChatRoomParams,
  ZChatRooms,
  ZVideoTokenRequest,
  ZVideoTokenResponse,
} from './chat.schemas.ts';

const tags = ['chat'];
const ev = '/api/chatservices/api/events/:eventId';

/**
 * Chat over HTTP (issue 17; SPEC §7 prefix chatservices/api/). Messages travel on the /chatservices socket; these
 * routes read what is stored. Each needs a signed-in participant of the event: the event access token of their
 * `ei/{eventId}` login (x-user-access-token) must name this event, else 403 CHAT_NOT_PARTICIPANT. A room of which
 * the caller is not a member answers 404 CHAT_ROOM_NOT_FOUND (another event's or organisation's rooms included).
 */
export const chatRoutes = defineRoutes({
  /** My 1:1 conversations in the event, most recent first, with unread counts. */
  rooms: { method: 'GET', path: `${ev}/rooms`, auth: 'user', tags, params: ZChatEventParams, response: ZChatRooms },
  /** One room's messages, newest page first (`before` = the oldest message id already shown). */
  history: { method: 'GET', path: `${ev}/rooms/:roomId/messages`, auth: 'user', tags, params: ZChatRoomParams, query: ZChatHistoryQuery, response: ZChatHistory },
  /** Participants one may start a chat with: the event's networking directory (those who chose to appear; profile module), `eventUserId` null until they have entered the app. */
  participants: { method: 'GET', path: `${ev}/participants`, auth: 'user', tags, params: ZChatEventParams, query: ZChatParticipantsQuery, response: ZChatParticipants },
  /**
   * SPEC §7: a signed token (HS256, `tet` seconds, 3,600 by default) admitting `uId` to channel `cn` only. `uId` must
   * be the caller's own user id (403 RTC_FORBIDDEN_USER); 401 without a valid access token.
   */
  generateRtcToken: { method: 'POST', path: '/api/chatservices/api/video/generateRtcToken', auth: 'user', tags, body: ZVideoTokenRequest, response: ZVideoTokenResponse },
});
