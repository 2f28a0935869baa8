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
  /** Deleted by a moderator: `content` is empty and the client shows "Message deleted". */
  isDeleted: z.boolean(),
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
/** A person with their SPEC §3.10 online state (OnlineState: Offline 1, Online 2). */
export const ZChatContact = ZChatPerson.extend({ onlineState: z.number().int() });
export type TChatContact = z.infer<typeof ZChatContact>;

/** The caller's chat restriction in the event (organiser moderation): muted (until a time, or until unmuted) or removed. */
export const ZChatRestriction = z.object({ kind: z.enum(['muted', 'removed']), until: z.string().nullable() });
export type TChatRestriction = z.infer<typeof ZChatRestriction>;

export const ZChatRoomSummary = z.object({
  roomId: z.string(),
  /** `direct`: a 1:1 room (`other` is the other member); `group`: a named group (`other` null). */
  kind: z.enum(['direct', 'group']),
  /** What the list shows: the other member's name, or the group's name. */
  title: z.string(),
  other: ZChatContact.nullable(),
  memberCount: z.number().int(),
  lastMessage: ZChatStoredMessage.nullable(),
  unread: z.number().int(),
  otherReadUpTo: z.string().nullable(),
  /** A 1:1 room whose other member the caller has blocked. */
  isBlocked: z.boolean(),
});
export type TChatRoomSummary = z.infer<typeof ZChatRoomSummary>;
export const ZChatRooms = z.object({ me: ZChatPerson, restriction: ZChatRestriction.nullable(), rooms: z.array(ZChatRoomSummary) });
export type TChatRooms = z.infer<typeof ZChatRooms>;

export const ZChatParticipantsQuery = z.strictObject({ q: z.string().max(100).optional(), v: z.string().optional() });
/** A participant one may start a chat with: listed in the event's networking directory; chat-able once they have entered the event's app. */
export const ZChatParticipant = z.object({ registrationId: z.string(), name: z.string(), eventUserId: z.string().nullable(), onlineState: z.number().int() });
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

/* ----- Groups (joinGroup / leaveGroup / messageGroup) ----- */

/** The most members a group conversation has (its creator included). */
export const CHAT_GROUP_MAX_MEMBERS = 50;
export const CHAT_GROUP_NAME_MAX_LENGTH = 80;

/**
 * `joinGroup`: with an empty `roomId`, creates a group named `name` of the sender and `member` (participants of the same
 * event); with a `roomId` of a group the sender is in, adds `member` to it (none: only confirms membership and answers
 * the group). A group holds at most CHAT_GROUP_MAX_MEMBERS (409 CHAT_GROUP_FULL).
 */
export const ZJoinGroup = z.strictObject({
  roomId: z.string().max(64).default(''),
  name: z.string().trim().min(1).max(CHAT_GROUP_NAME_MAX_LENGTH).optional(),
  member: z.array(id).max(CHAT_GROUP_MAX_MEMBERS).default([]),
});
/** A group, as `joinGroup` answers it and sends it to its members when it is created or someone is added. */
export const ZChatGroup = z.object({ roomId: z.string(), name: z.string(), members: z.array(ZChatContact), createdBy: z.string().nullable() });
export type TChatGroup = z.infer<typeof ZChatGroup>;
/** `leaveGroup` to the members: this member has left (or was removed from chat by a moderator). */
export const ZLeftGroup = z.object({ roomId: z.string(), eventUserId: z.string() });
export type TLeftGroup = z.infer<typeof ZLeftGroup>;
/** `messageDeleted`: a moderator deleted this message; clients show "Message deleted" in its place. */
export const ZMessageDeleted = z.object({ roomId: z.string(), messageId: z.string() });
export type TMessageDeleted = z.infer<typeof ZMessageDeleted>;
/** `onlineState`: a contact's SPEC §3.10 state changed (Online while any of their sockets is connected). */
export const ZOnlineStateNotice = z.object({ eventUserId: z.string(), onlineState: z.number().int() });
export type TOnlineStateNotice = z.infer<typeof ZOnlineStateNotice>;

/** One room's members and kind (the conversation header). */
export const ZChatRoomDetail = z.object({ roomId: z.string(), kind: z.enum(['direct', 'group']), name: z.string(), members: z.array(ZChatContact), createdBy: z.string().nullable(), isBlocked: z.boolean() });
export type TChatRoomDetail = z.infer<typeof ZChatRoomDetail>;

/* ----- Blocking and reporting ----- */

export const ZChatPersonParams = z.strictObject({ eventId: id, eventUserId: id });
export const ZChatBlocks = z.array(ZChatPerson);
export const CHAT_REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export const ZChatReportReason = z.enum(CHAT_REPORT_REASONS);
export type TChatReportReason = z.infer<typeof ZChatReportReason>;
/** A report of a person, or of one of their messages (`messageId`, in a room the reporter is in). */
export const ZChatReportInput = z.strictObject({
  eventUserId: id,
  messageId: id.optional(),
  reason: ZChatReportReason,
  note: z.string().trim().max(500).default(''),
});
export type TChatReportInput = z.input<typeof ZChatReportInput>;
export const ZChatReportCreated = z.object({ id: z.string() });

/* ----- Organiser moderation ----- */

export const ZChatReportParams = z.strictObject({ eventId: id, reportId: id });
export const ZChatMessageParams = z.strictObject({ eventId: id, messageId: id });
export const ZChatReportsQuery = z.strictObject({ status: z.enum(['open', 'resolved', 'all']).default('open'), v: z.string().optional() });
export const ZChatModeratedPerson = ZChatPerson.extend({ restriction: ZChatRestriction.nullable() });
export const ZChatReport = z.object({
  id: z.string(),
  reason: ZChatReportReason,
  note: z.string(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  reporter: ZChatPerson,
  reported: ZChatModeratedPerson,
  message: z.object({ id: z.string(), roomId: z.string(), content: z.string(), isDeleted: z.boolean(), createdAt: z.string() }).nullable(),
});
export type TChatReport = z.infer<typeof ZChatReport>;
export const ZChatReports = z.array(ZChatReport);
/** A moderator's action on a participant: mute (for `minutes`, or until unmuted when null), unmute, remove from chat (leaves every group, cannot send), restore. */
export const ZChatModerateUser = z.strictObject({
  action: z.enum(['mute', 'unmute', 'remove', 'restore']),
  minutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .nullable()
    .default(null),
});
export type TChatModerateUser = z.input<typeof ZChatModerateUser>;
export const ZChatReportUpdate = z.strictObject({ status: z.enum(['open', 'resolved']) });
