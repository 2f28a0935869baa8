import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * A 1:1 video call (issue 17): rung with videoCall, answered or declined with receivedCall, missed after SPEC §9's
 * 60 s, ended with endCall. One live call (ringing or answered) per channel, held by the partial unique index.
 */
export const videoCalls = pgTable(
  'video_calls',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    channel: text('channel').notNull(),
    callerEventUserId: text('caller_event_user_id').notNull(),
    calleeEventUserId: text('callee_event_user_id').notNull(),
    /** ringing, missed, declined, answered, ended (video.schemas CALL_STATUSES). */
    status: text('status').notNull(),
    startedAt: ts('started_at').notNull(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    /** From the answer to the end; null for a call never answered. */
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [
    index('video_calls_event_started_idx').on(t.eventId, t.startedAt),
    uniqueIndex('video_calls_live_channel_idx').on(t.eventId, t.channel).where(sql`status in ('ringing', 'answered')`),
  ],
);

/** A networking-lounge or discussion table (issue 17): topic, seats 2–8, opening hours (UTC instants). */
export const discussionTables = pgTable(
  'discussion_tables',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    /** lounge (report type 16) or discussion (17). */
    kind: text('kind').notNull(),
    topic: text('topic').notNull(),
    seats: integer('seats').notNull(),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Removed by the organiser: kept for the reports, hidden everywhere else. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('discussion_tables_event_idx').on(t.eventId)],
);

/**
 * A seat taken at a table: joined, and left (null while seated). Seats are counted under a row lock on the table
 * (video.repository.ts `sit`), so concurrent joins never exceed them; one open seat per person and table.
 */
export const tableSeats = pgTable(
  'table_seats',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => discussionTables.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
    eventUserId: text('event_user_id').notNull(),
    joinedAt: ts('joined_at').notNull(),
    leftAt: ts('left_at'),
  },
  (t) => [
    index('table_seats_table_idx').on(t.tableId),
    index('table_seats_event_user_idx').on(t.eventId, t.eventUserId),
    uniqueIndex('table_seats_open_idx').on(t.tableId, t.eventUserId).where(sql`left_at is null`),
  ],
);

/** A table's chat (discussionChat): stored before it is delivered to the table's seated members. */
export const tableMessages = pgTable(
  'table_messages',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => discussionTables.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
    fromEventUserId: text('from_event_user_id').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('table_messages_table_idx').on(t.tableId, t.createdAt)],
);

/**
 * A person the organiser removed from a table (issue 17): barred from sitting at that table again until the organiser
 * allows them back (`liftedAt`). One open bar per person and table.
 */
export const tableBars = pgTable(
  'table_bars',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => discussionTables.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
    eventUserId: text('event_user_id').notNull(),
    barredAt: ts('barred_at').notNull(),
    barredByUserId: text('barred_by_user_id'),
    liftedAt: ts('lifted_at'),
  },
  (t) => [index('table_bars_event_idx').on(t.eventId), uniqueIndex('table_bars_open_idx').on(t.tableId, t.eventUserId).where(sql`lifted_at is null`)],
);
