import { z } from 'zod';

/**
 * The live session room (issue 17): session chat (`messageSession`), Q&A (`messageQNA`), the live poll
 * (`sessionPoll`) and the now-playing session (`sessionNowPlay`, `noLive`) of SPEC §7's chat socket.
 */

/** The longest session chat message and question (characters of plain text). */
export const LIVE_MESSAGE_MAX_LENGTH = 1000;
export const LIVE_QUESTION_MAX_LENGTH = 500;
export const LIVE_POLL_QUESTION_MAX_LENGTH = 300;
export const LIVE_POLL_OPTION_MAX_LENGTH = 120;
export const LIVE_POLL_MIN_OPTIONS = 2;
export const LIVE_POLL_MAX_OPTIONS = 6;
/** Session chat history page size (and its ceiling). */
export const LIVE_HISTORY_PAGE_SIZE = 50;

const id = z.string().min(1).max(64);
const trimmed = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(max));

/* ------------------------------------------------------------------ socket, inbound */

/** `messageSession`: `{sessionId, join}` opens (true) or leaves (false) the session's room; `{sessionId, content}` says something in it. */
export const ZSessionJoin = z.strictObject({ sessionId: id, join: z.boolean() });
export const ZSessionSay = z.strictObject({ sessionId: id, content: trimmed(LIVE_MESSAGE_MAX_LENGTH), clientId: z.string().max(64).optional() });
export const ZMessageSessionIn = z.union([ZSessionJoin, ZSessionSay]);

/** Q&A actions: a participant toggles their upvote; a moderator marks answered / reopens, hides / shows again. */
export const QNA_ACTIONS = ['upvote', 'answer', 'reopen', 'hide', 'unhide'] as const;
export type TQnaAction = (typeof QNA_ACTIONS)[number];
/** `messageQNA`: `{sessionId, question}` asks; `{sessionId, questionId, action}` acts on a question. */
export const ZQnaAsk = z.strictObject({ sessionId: id, question: trimmed(LIVE_QUESTION_MAX_LENGTH), clientId: z.string().max(64).optional() });
export const ZQnaAct = z.strictObject({ sessionId: id, questionId: id, action: z.enum(QNA_ACTIONS) });
export const ZMessageQnaIn = z.union([ZQnaAsk, ZQnaAct]);

/** `sessionPoll`: `{sessionId, pollId}` pushes the poll live (moderator); `vote` answers it once; `close: true` closes it (moderator). */
export const ZPollPush = z.strictObject({ sessionId: id, pollId: id });
export const ZPollVote = z.strictObject({ sessionId: id, pollId: id, vote: z.number().int().min(0).max(LIVE_POLL_MAX_OPTIONS - 1) });
export const ZPollClose = z.strictObject({ sessionId: id, pollId: id, close: z.literal(true) });
export const ZSessionPollIn = z.union([ZPollPush, ZPollVote, ZPollClose]);

/** `sessionNowPlay`: a moderator marks the session now playing in its room (`isLive: false` ends it: `noLive`). */
export const ZSessionNowPlayIn = z.strictObject({ sessionId: id, isLive: z.boolean().default(true) });

/* ------------------------------------------------------------------ what the server sends (socket and REST) */

const who = z.object({ eventUserId: z.string(), name: z.string() });

/** A stored session chat message (`messageSession` out, history). */
export const ZLiveMessage = z.object({ sessionId: z.string(), id: z.string(), content: z.string(), from: who, clientId: z.string().nullable(), createdAt: z.string() });
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** A question (`messageQNA` out): the spec's fields, plus who asked, whether a moderator hid it, and when. */
export const ZLiveQuestion = z.object({
  sessionId: z.string(),
  id: z.string(),
  question: z.string(),
  upvotes: z.number().int(),
  isAnswered: z.boolean(),
  isHidden: z.boolean(),
  from: who,
  createdAt: z.string(),
});
export type TLiveQuestion = z.infer<typeof ZLiveQuestion>;

export const POLL_STATUSES = ['draft', 'live', 'closed'] as const;
export type TPollStatus = (typeof POLL_STATUSES)[number];
/** A poll with its counts (`sessionPoll` out: pushed, a vote counted, closed). */
export const ZLivePoll = z.object({
  sessionId: z.string(),
  pollId: z.string(),
  question: z.string(),
  options: z.array(z.object({ label: z.string(), votes: z.number().int() })),
  status: z.enum(POLL_STATUSES),
  totalVotes: z.number().int(),
  createdAt: z.string(),
});
export type TLivePoll = z.infer<typeof ZLivePoll>;

/** The session now playing in a room (`roomId` null: the event's main stage, a session without a room). */
export const ZNowPlaying = z.object({ sessionId: z.string(), roomId: z.string().nullable(), title: z.string(), since: z.string() });
export type TNowPlaying = z.infer<typeof ZNowPlaying>;
export const ZNoLive = z.object({ sessionId: z.string(), roomId: z.string().nullable() });

/* ------------------------------------------------------------------ REST */

export const ZLiveEventParams = z.strictObject({ eventId: id });
export const ZLiveSessionParams = z.strictObject({ eventId: id, sessionId: id });
export const ZLiveQuestionParams = z.strictObject({ eventId: id, sessionId: id, questionId: id });
export const ZLivePollParams = z.strictObject({ eventId: id, sessionId: id, pollId: id });
export const ZLiveHistoryQuery = z.strictObject({ before: id.optional(), limit: z.coerce.number().int().min(1).max(LIVE_HISTORY_PAGE_SIZE).optional() });

export const ZLiveHistory = z.object({ messages: z.array(ZLiveMessage), hasMore: z.boolean() });
export type TLiveHistory = z.infer<typeof ZLiveHistory>;

const sessionCard = z.object({ id: z.string(), title: z.string(), roomId: z.string().nullable(), startsAt: z.string(), endsAt: z.string() });

/** A participant's view of the room: the latest chat page, questions not hidden, the poll live (or last closed). */
export const ZLiveRoom = z.object({
  session: sessionCard,
  me: z.object({ eventUserId: z.string(), isModerator: z.boolean() }),
  history: ZLiveHistory,
  questions: z.array(ZLiveQuestion),
  /** The questions I upvoted. */
  myUpvotes: z.array(z.string()),
  poll: ZLivePoll.nullable(),
  /** My answer to that poll (an option index), null until I vote. */
  myVote: z.number().int().nullable(),
  nowPlaying: ZNowPlaying.nullable(),
});
export type TLiveRoom = z.infer<typeof ZLiveRoom>;

export const ZNowPlayingList = z.object({ items: z.array(ZNowPlaying) });
export type TNowPlayingList = z.infer<typeof ZNowPlayingList>;

/** The moderator console: every question (hidden ones too), every poll of the session, the chat, now playing. */
export const ZLiveConsole = z.object({
  session: sessionCard,
  history: ZLiveHistory,
  questions: z.array(ZLiveQuestion),
  polls: z.array(ZLivePoll),
  nowPlaying: ZNowPlaying.nullable(),
});
export type TLiveConsole = z.infer<typeof ZLiveConsole>;

export const ZQuestionActionInput = z.strictObject({ action: z.enum(['answer', 'reopen', 'hide', 'unhide']) });
export const ZPollInput = z.strictObject({
  question: trimmed(LIVE_POLL_QUESTION_MAX_LENGTH),
  options: z.array(trimmed(LIVE_POLL_OPTION_MAX_LENGTH)).min(LIVE_POLL_MIN_OPTIONS).max(LIVE_POLL_MAX_OPTIONS),
});
export type TPollInput = z.infer<typeof ZPollInput>;
export const ZNowPlayingInput = z.strictObject({ isLive: z.boolean() });

/** Host report: per session, how many chat messages, questions (and upvotes), polls and poll votes. */
export const ZLiveReport = z.object({
  items: z.array(z.object({ sessionId: z.string(), title: z.string(), messages: z.number().int(), questions: z.number().int(), upvotes: z.number().int(), polls: z.number().int(), pollVotes: z.number().int() })),
});
export type TLiveReport = z.infer<typeof ZLiveReport>;
