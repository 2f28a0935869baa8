import { z } from 'zod';
import { ZChatControl, ZChatGroup, ZChatMessage, ZChatStoredMessage, ZJoinGroup, ZLeftGroup, ZMessageDeleted, ZOnlineStateNotice, ZReadMessage, ZReadReceipt, ZTyping, ZTypingNotice } from './chat.schemas.ts';
import { ZNotification } from '../notifications/notifications.schemas.ts';
import { ZLiveMessage, ZLivePoll, ZLiveQuestion, ZMessageQnaIn, ZMessageSessionIn, ZNoLive, ZNowPlaying, ZSessionNowPlayIn, ZSessionPollIn } from '../live/live.schemas.ts';

/**
 * The chat socket's contract (SPEC §7: path /chatservices, query `userId` and the `eventId` filter). Every event the
 * spec names has a zod schema here; the server validates each inbound payload against `CHAT_INBOUND` and answers a
 * bad one with `CTL` (never a crash). ARCHITECTURE.md "Chat and the realtime contract" documents each payload.
 */
const id = z.string().min(1).max(64);
const text = z.string().trim().min(1).max(2000);
const room = z.strictObject({ roomId: id });
const table = z.strictObject({ tableId: id });
/** WebRTC signalling: an SDP offer/answer or an ICE candidate, relayed as is. */
const signal = z.strictObject({
  type: z.enum(['offer', 'answer', 'candidate']),
  sdp: z.string().max(20_000).optional(),
  candidate: z.string().max(2000).optional(),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});

/** What a client sends (SPEC §7 "Emits"). */
export const CHAT_INBOUND = {
  message: ZChatMessage,
  readMessage: ZReadMessage,
  typing: ZTyping,
  /** modules/chat: create a group (empty roomId, a name and members) or add members to one's group. */
  joinGroup: ZJoinGroup,
  leaveGroup: room,
  messageGroup: ZChatMessage.extend({ roomId: id, member: z.array(id).max(0).default([]) }),
  /** modules/live: join/leave the session's room, or say something in it. */
  messageSession: ZMessageSessionIn,
  /** modules/live: ask, or upvote / answer / hide a question. */
  messageQNA: ZMessageQnaIn,
  videoCall: z.strictObject({ to: id, channel: id }),
  endCall: z.strictObject({ channel: id }),
  receivedCall: z.strictObject({ channel: id, isAccepted: z.boolean() }),
  videoChat: z.strictObject({ channel: id, to: id, signal }),
  networking: table,
  networkingLeave: table,
  discussionChat: z.strictObject({ tableId: id, content: text }),
  sessionPoll: ZSessionPollIn,
  sessionNowPlay: ZSessionNowPlayIn,
  announcement: z.strictObject({ announcementId: id }),
  refreshMe: z.strictObject({}),
  CTL: z.strictObject({ command: z.enum(['ping']) }),
} as const;
export type TChatInboundEvent = keyof typeof CHAT_INBOUND;
export const CHAT_INBOUND_EVENTS = Object.keys(CHAT_INBOUND) as TChatInboundEvent[];

/** What the server sends (the same names where it delivers what a client sent, plus SPEC §7 "Listens for"). */
export const CHAT_OUTBOUND = {
  message: ZChatStoredMessage,
  readMessage: ZReadReceipt,
  typing: ZTypingNotice,
  CTL: ZChatControl,
  refreshMe: z.object({ reason: z.string() }),
  /** modules/notifications: `body` is plain text (a rich-text announcement's text, for the toast); the inbox has the whole. */
  announcement: z.object({ id: z.string(), title: z.string(), body: z.string(), sentAt: z.string() }),
  sessionPoll: ZLivePoll,
  sessionNowPlay: ZNowPlaying,
  messageSession: ZLiveMessage,
  messageQNA: ZLiveQuestion,
  incomingCall: z.object({ channel: z.string(), from: z.object({ eventUserId: z.string(), name: z.string() }) }),
  receivedCall: z.object({ channel: z.string(), isAccepted: z.boolean() }),
  /** modules/video: why the call stopped (the other side hung up, nobody answered in 60 s, declined). */
  endCall: z.object({ channel: z.string(), reason: z.enum(['ended', 'missed', 'declined']).optional() }),
  videoChat: z.object({ channel: z.string(), from: z.string(), signal }),
  closeMe: z.object({ reason: z.string() }),
  noLive: ZNoLive,
  /** modules/video: someone sat down at / left the table (name and the seats now taken, for the lounge's list). */
  networkingJoin: z.object({ tableId: z.string(), eventUserId: z.string(), name: z.string().optional(), seatsTaken: z.number().optional() }),
  networkingLeave: z.object({ tableId: z.string(), eventUserId: z.string(), seatsTaken: z.number().optional() }),
  /**
   * modules/video: a refused seat (full, closed, gone, barred), or one's seat taken away: REMOVED by the organiser,
   * TABLE_CLOSED at the table's closing hour (then networkingLeave follows to the event).
   */
  networkingError: z.object({ tableId: z.string(), code: z.enum(['TABLE_FULL', 'TABLE_CLOSED', 'NOT_AVAILABLE', 'TABLE_BARRED', 'REMOVED']), message: z.string() }),
  discussionChat: z.object({ tableId: z.string(), id: z.string(), content: z.string(), from: z.object({ eventUserId: z.string() }), createdAt: z.string() }),
  /** modules/chat groups: a group was created or gained members; a member left; a group message. */
  joinGroup: ZChatGroup,
  leaveGroup: ZLeftGroup,
  messageGroup: ZChatStoredMessage,
  /** modules/chat moderation: a message was deleted for everyone. */
  messageDeleted: ZMessageDeleted,
  /** modules/chat: a contact went Online (2) or Offline (1), SPEC §3.10. */
  onlineState: ZOnlineStateNotice,
  /** modules/notifications: a new entry of the participant's inbox (meeting notices and the like; announcements come as `announcement`). */
  notification: ZNotification,
} as const;
export type TChatOutboundEvent = keyof typeof CHAT_OUTBOUND;
export type TChatOutbound<E extends TChatOutboundEvent> = z.infer<(typeof CHAT_OUTBOUND)[E]>;
