import { defineRoutes } from '../common/route-contract.ts';
import { z } from 'zod';
import {
  ZChatBlocks,
  ZChatMessageParams,
  ZChatModeratedPerson,
  ZChatModerateUser,
  ZChatPersonParams,
  ZChatReportCreated,
  ZChatReportInput,
  ZChatReportParams,
  ZChatReports,
  ZChatReportsQuery,
  ZChatReportUpdate,
  ZChatRoomDetail,
  ZMessageDeleted,
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
  /** My conversations (1:1 and groups) in the event, most recent first, with unread counts and my restriction. */
  rooms: { method: 'GET', path: `${ev}/rooms`, auth: 'user', tags, params: ZChatEventParams, response: ZChatRooms },
  /** One room's messages, newest page first (`before` = the oldest message id already shown). */
  history: { method: 'GET', path: `${ev}/rooms/:roomId/messages`, auth: 'user', tags, params: ZChatRoomParams, query: ZChatHistoryQuery, response: ZChatHistory },
  /** Participants one may start a chat with: the event's networking directory (those who chose to appear; profile module), `eventUserId` null until they have entered the app. */
  participants: { method: 'GET', path: `${ev}/participants`, auth: 'user', tags, params: ZChatEventParams, query: ZChatParticipantsQuery, response: ZChatParticipants },
  /** One room's kind, name and members with their online state (404 unless the caller is a member). */
  room: { method: 'GET', path: `${ev}/rooms/:roomId`, auth: 'user', tags, params: ZChatRoomParams, response: ZChatRoomDetail },
  /** The people the caller has blocked in the event. */
  blocks: { method: 'GET', path: `${ev}/blocks`, auth: 'user', tags, params: ZChatEventParams, response: ZChatBlocks },
  /** Blocks a participant: neither can message the other 1:1 any more (CHAT_BLOCKED) until unblocked. */
  block: { method: 'PUT', path: `${ev}/blocks/:eventUserId`, auth: 'user', tags, params: ZChatPersonParams, response: ZChatBlocks },
  unblock: { method: 'DELETE', path: `${ev}/blocks/:eventUserId`, auth: 'user', tags, params: ZChatPersonParams, response: ZChatBlocks },
  /** Reports a participant, or one of their messages in a room the caller is in, to the organiser. */
  report: { method: 'POST', path: `${ev}/reports`, auth: 'user', tags, params: ZChatEventParams, body: ZChatReportInput, status: 201, response: ZChatReportCreated },

  /*
   * Organiser moderation (dashboard, /app/chat-moderation). Codes: Group Chats AP-434 (view: the reports) and AP-436
   * (moderate: mute, remove, delete a message, resolve a report). 404 for another organisation's event. Every action is
   * written to the audit log.
   */
  reports: { method: 'GET', path: `${ev}/moderation/reports`, auth: 'organiser', access: 'AP-434', tags, params: ZChatEventParams, query: ZChatReportsQuery, response: ZChatReports },
  updateReport: { method: 'PUT', path: `${ev}/moderation/reports/:reportId`, auth: 'organiser', access: 'AP-436', tags, params: ZChatReportParams, body: ZChatReportUpdate, response: z.object({ id: z.string(), status: z.enum(['open', 'resolved']) }) },
  moderateUser: { method: 'PUT', path: `${ev}/moderation/users/:eventUserId`, auth: 'organiser', access: 'AP-436', tags, params: ZChatPersonParams, body: ZChatModerateUser, response: ZChatModeratedPerson },
  deleteMessage: { method: 'DELETE', path: `${ev}/moderation/messages/:messageId`, auth: 'organiser', access: 'AP-436', tags, params: ZChatMessageParams, response: ZMessageDeleted },
  /**
   * SPEC §7: a signed token (HS256, `tet` seconds, 3,600 by default) admitting `uId` to channel `cn` only. `uId` must
   * be the caller's own user id (403 RTC_FORBIDDEN_USER); 401 without a valid access token.
   */
  generateRtcToken: { method: 'POST', path: '/api/chatservices/api/video/generateRtcToken', auth: 'user', tags, body: ZVideoTokenRequest, response: ZVideoTokenResponse },
});
