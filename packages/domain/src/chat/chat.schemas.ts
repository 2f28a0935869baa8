import { z } from 'zod';
import { VIDEO_TOKEN_TTL_SECONDS } from '../constants/limits.ts';

/** The longest chat message (characters of plain text). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** History page size (and its ceiling). */
export const CHAT_HISTORY_PAGE_SIZE = 30;

const id = z.string().min(1).max(64);
const content = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1).max(CHAT_MESSAGE_MAX_LENGTH));

/**
 * SPEC §3.9 chat message, as a client sends it on the `message` socket event. `from.eventUserId` must be the sender's
 * own participation (else FORGED_SENDER); `member` is the room's two participants. The first message between two
 * people leaves `roomId` empty and names both in `member`: the server finds or creates their room.
 */
export const ZChatMessage = z.strictObject({
  roomId: z.string().max(64).default(''),
  content,
  from: z.strictObject({ eventUserId: id }),
  member: z.array(id).min(2).max(2),
  isReply: z.boolean().default(false),
  replyToMessage: z.string().max(64).nullable().default(null),
  /** The client's own id for the message (it removes duplicates by message id). */
  clientId: z.string().max(64).optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;
export type TChatMessageInput = z.input<typeof ZChatMessage>;

/** A stored message, as the server delivers it (`message` event, history). */
export const ZChatStoredMessage = z.object({
  id: z.string(),
  roomId: z.string(),
  content: z.string(),
  from: z.object({ eventUserId: z.string() }),
  member: z.array(z.string()),
  isReply: z.boolean(),
  replyToMessage: z.string().nullable(),
  /** The replied-to message's opening words (null when it is not a reply or the message is gone). */
  replyPreview: z.string().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type TChatStoredMessage = z.infer<typeof ZChatStoredMessage>;

/** `readMessage`: the reader has read the room up to and including this message. */
export const ZReadMessage = z.strictObject({ roomId: id, messageId: id });
export const ZReadReceipt = z.object({ roomId: z.string(), messageId: z.string(), eventUserId: z.string(), readAt: z.string() });
export type TReadReceipt = z.infer<typeof ZReadReceipt>;

/** `typing`: sent while the user types; the client sends `isTyping: false` after 1 s idle (SPEC §4). */
export const ZTyping = z.strictObject({ roomId: id, isTyping: z.boolean() });
export const ZTypingNotice = z.object({ roomId: z.string(), eventUserId: z.string(), isTyping: z.boolean() });
export type TTypingNotice = z.infer<typeof ZTypingNotice>;

/** `CTL`: the server refuses an inbound event (bad payload, not allowed, not built yet); the socket stays open. */
export const ZChatControl = z.object({ event: z.string(), code: z.string(), message: z.string() });
export type TChatControl = z.infer<typeof ZChatControl>;

/** The answer to an inbound event that carries an acknowledgement callback. */
export type TChatAck<T = unknown> = { ok: true; data: T } | { ok: false; code: string; message: string };

/* ----- HTTP (chatservices/api/) ----- */

export const ZChatEventParams = z.strictObject({ eventId: id });
export const ZChatRoomParams = z.strictObject({ eventId: id, roomId: id });
export const ZChatHistoryQuery = z.strictObject({
  /** Messages older than this message id (paging back). */
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
  v: z.string().optional(),
});
export const ZChatHistory = z.object({ messages: z.array(ZChatStoredMessage), hasMore: z.boolean(), readUpTo: z.string().nullable(), otherReadUpTo: z.string().nullable() });
export type TChatHistory = z.infer<typeof ZChatHistory>;

export const ZChatPerson = z.object({ eventUserId: z.string(), name: z.string() });
export type TChatPerson = z.infer<typeof ZChatPerson>;

export const ZChatRoomSummary = z.object({
  roomId: z.string(),
  other: ZChatPerson,
  lastMessage: ZChatStoredMessage.nullable(),
  unread: z.number().int(),
  otherReadUpTo: z.string().nullable(),
});
export type TChatRoomSummary = z.infer<typeof ZChatRoomSummary>;
export const ZChatRooms = z.object({ me: ZChatPerson, rooms: z.array(ZChatRoomSummary) });
export type TChatRooms = z.infer<typeof ZChatRooms>;

export const ZChatParticipantsQuery = z.strictObject({ q: z.string().max(100).optional(), v: z.string().optional() });
/** A participant one may start a chat with: listed in the event's networking directory; chat-able once they have entered the event's app. */
export const ZChatParticipant = z.object({ registrationId: z.string(), name: z.string(), eventUserId: z.string().nullable() });
export type TChatParticipant = z.infer<typeof ZChatParticipant>;
export const ZChatParticipants = z.array(ZChatParticipant);

/** SPEC §7 POST chatservices/api/video/generateRtcToken body: channel name, user id, role, expiry seconds. */
export const ZVideoTokenRequest = z.strictObject({
  cn: z.string().min(1).max(128).regex(/^[\w.:-]+$/),
  uId: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]),
  rtcr: z.enum(['publisher', 'subscriber']),
  tet: z.number().int().positive().max(24 * 3600).default(VIDEO_TOKEN_TTL_SECONDS),
});
export type TVideoTokenRequest = z.infer<typeof ZVideoTokenRequest>;
export const ZVideoTokenResponse = z.object({ key: z.string() });
export type TVideoTokenResponse = z.infer<typeof ZVideoTokenResponse>;
