import { z } from 'zod';
import { ZChatControl, ZChatMessage, ZChatStoredMessage, ZReadMessage, ZReadReceipt, ZTyping, ZTypingNotice } from './chat.schemas.ts';

/**
 * The chat socket's contract (SPEC §7: path /chatservices, query `userId` and the `eventId` filter). Every event the
 * spec names has a zod schema here; the server validates each inbound payload against `CHAT_INBOUND` and answers a
 * bad one with `CTL` (never a crash). ARCHITECTURE.md "Chat and the realtime contract" documents each payload.
 */
const id = z.string().min(1).max(64);
const text = z.string().trim().min(1).max(2000);
const room = z.strictObject({ roomId: id });
const session = z.strictObject({ sessionId: id });
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
  joinGroup: room,
  leaveGroup: room,
  messageGroup: ZChatMessage.extend({ roomId: id, member: z.array(id).max(0).default([]) }),
  messageSession: z.strictObject({ sessionId: id, content: text }),
  messageQNA: z.strictObject({ sessionId: id, question: text }),
  videoCall: z.strictObject({ to: id, channel: id }),
  endCall: z.strictObject({ channel: id }),
  receivedCall: z.strictObject({ channel: id, isAccepted: z.boolean() }),
  videoChat: z.strictObject({ channel: id, to: id, signal }),
  networking: table,
  networkingLeave: table,
  discussionChat: z.strictObject({ tableId: id, content: text }),
  sessionPoll: z.strictObject({ sessionId: id, pollId: id }),
  sessionNowPlay: session,
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
  announcement: z.object({ id: z.string(), title: z.string(), body: z.string(), sentAt: z.string() }),
  sessionPoll: z.object({ sessionId: z.string(), pollId: z.string() }),
  sessionNowPlay: z.object({ sessionId: z.string() }),
  messageSession: z.object({ sessionId: z.string(), id: z.string(), content: z.string(), from: z.object({ eventUserId: z.string() }), createdAt: z.string() }),
  messageQNA: z.object({ sessionId: z.string(), id: z.string(), question: z.string(), upvotes: z.number().int(), isAnswered: z.boolean() }),
  incomingCall: z.object({ channel: z.string(), from: z.object({ eventUserId: z.string(), name: z.string() }) }),
  receivedCall: z.object({ channel: z.string(), isAccepted: z.boolean() }),
  endCall: z.object({ channel: z.string() }),
  videoChat: z.object({ channel: z.string(), from: z.string(), signal }),
  closeMe: z.object({ reason: z.string() }),
  noLive: z.object({ sessionId: z.string() }),
  networkingJoin: z.object({ tableId: z.string(), eventUserId: z.string() }),
  networkingLeave: z.object({ tableId: z.string(), eventUserId: z.string() }),
  networkingError: z.object({ tableId: z.string(), code: z.enum(['TABLE_FULL', 'TABLE_CLOSED', 'NOT_AVAILABLE']), message: z.string() }),
  discussionChat: z.object({ tableId: z.string(), id: z.string(), content: z.string(), from: z.object({ eventUserId: z.string() }), createdAt: z.string() }),
} as const;
export type TChatOutboundEvent = keyof typeof CHAT_OUTBOUND;
export type TChatOutbound<E extends TChatOutboundEvent> = z.infer<(typeof CHAT_OUTBOUND)[E]>;
