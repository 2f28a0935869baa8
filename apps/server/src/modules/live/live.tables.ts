import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { programmeSessions } from '../programme/programme.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });
// The session is the programme's (a foreign key only: rows go with their session; the live module reads sessions
// through the programme's port, never its tables).
const sessionRef = () =>
  text('session_id')
    .notNull()
    .references(() => programmeSessions.id, { onDelete: 'cascade' });

/** A session chat message (`messageSession`), stored before it is delivered; a client's retry meets the unique clientId. */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    sessionId: sessionRef(),
    fromEventUserId: text('from_event_user_id').notNull(),
    content: text('content').notNull(),
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_messages_session_time_idx').on(t.sessionId, t.createdAt, t.id), uniqueIndex('live_messages_sender_client_uq').on(t.fromEventUserId, t.clientId)],
);

/** A Q&A question (`messageQNA`). `upvotes` is recounted from `live_question_votes` in the transaction of each toggle. */
export const liveQuestions = pgTable(
  'live_questions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    sessionId: sessionRef(),
    fromEventUserId: text('from_event_user_id').notNull(),
    question: text('question').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    isAnswered: boolean('is_answered').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_questions_session_idx').on(t.sessionId, t.createdAt), uniqueIndex('live_questions_sender_client_uq').on(t.fromEventUserId, t.clientId)],
);

/** One upvote per person and question (the primary key). */
export const liveQuestionVotes = pgTable(
  'live_question_votes',
  {
    questionId: text('question_id')
      .notNull()
      .references(() => liveQuestions.id, { onDelete: 'cascade' }),
    eventUserId: text('event_user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.eventUserId] })],
);

/** A session's poll: 'draft' until a moderator pushes it ('live'), then 'closed'. */
export const livePolls = pgTable(
  'live_polls',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    sessionId: sessionRef(),
    question: text('question').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    status: text('status').notNull().default('draft'),
    createdAt: ts('created_at').notNull().defaultNow(),
    pushedAt: ts('pushed_at'),
    closedAt: ts('closed_at'),
  },
  (t) => [index('live_polls_session_idx').on(t.sessionId, t.createdAt)],
);

/** One vote per person and poll (the primary key). */
export const livePollVotes = pgTable(
  'live_poll_votes',
  {
    pollId: text('poll_id')
      .notNull()
      .references(() => livePolls.id, { onDelete: 'cascade' }),
    eventUserId: text('event_user_id').notNull(),
    optionIndex: integer('option_index').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.eventUserId] })],
);

/** The session now playing in each room of an event (`roomKey` '' for sessions without a room): one per room. */
export const liveNowPlaying = pgTable(
  'live_now_playing',
  {
    eventId: eventRef(),
    roomKey: text('room_key').notNull(),
    sessionId: sessionRef(),
    organisationId: text('organisation_id').notNull(),
    since: ts('since').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.roomKey] })],
);
