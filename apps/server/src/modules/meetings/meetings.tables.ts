import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** The event's meeting hours per day (wall-clock, event zone), slot length and number of lounge tables (issue 18). */
export const meetingSettings = pgTable('meeting_settings', {
  eventId: eventRef().primaryKey(),
  organisationId: text('organisation_id').notNull(),
  days: jsonb('days').$type<{ date: string; start: string; end: string }[]>().notNull(),
  slotMinutes: integer('slot_minutes').notNull(),
  loungeTables: integer('lounge_tables').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A participant's matchmaking profile (mm/{eventId-eventUserId}): what they look for and offer, their interests. */
export const matchmakingProfiles = pgTable(
  'matchmaking_profiles',
  {
    eventUserId: text('event_user_id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    userId: text('user_id').notNull(),
    company: text('company').notNull().default(''),
    interests: jsonb('interests').$type<string[]>().notNull(),
    lookingFor: jsonb('looking_for').$type<string[]>().notNull(),
    offering: jsonb('offering').$type<string[]>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('matchmaking_profiles_event_idx').on(t.eventId)],
);

/**
 * The version of an event's matchmaking profiles (what the matching index is built from): migration 0065's statement
 * triggers on `matchmaking_profiles` set it to the next value of `matchmaking_version_seq` on every insert, update or
 * delete, in the writing transaction (so a write by any process, or in SQL, moves it). A process checks its cached
 * index against it with one primary-key read. No row: the event has never had a profile.
 */
export const matchmakingVersions = pgTable('matchmaking_versions', {
  eventId: eventRef().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * A meeting between two participations of one event, in one slot. `status` and `response_status` are SPEC §4's two
 * labellings. Double bookings are refused by the service under an event-level advisory lock (a person, a table or a
 * booth in two active meetings of one slot).
 */
export const meetings = pgTable(
  'meetings',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    requesterEventUserId: text('requester_event_user_id').notNull(),
    inviteeEventUserId: text('invitee_event_user_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    place: integer('place').notNull(),
    mode: integer('mode').notNull(),
    type: integer('type').notNull(),
    tableNumber: integer('table_number'),
    booth: text('booth'),
    message: text('message').notNull().default(''),
    status: integer('status').notNull(),
    responseStatus: integer('response_status').notNull(),
    /** Who made it: a participant's request, or the organiser's schedule (their user id). */
    createdByUserId: text('created_by_user_id').notNull(),
    reminderSentAt: ts('reminder_sent_at'),
    /** The iCalendar SEQUENCE: bumped each time the meeting moves to another slot. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('meetings_event_start_idx').on(t.eventId, t.startsAt),
    index('meetings_requester_idx').on(t.eventId, t.requesterEventUserId),
    index('meetings_invitee_idx').on(t.eventId, t.inviteeEventUserId),
  ],
);

/**
 * A new time proposed for a meeting (rescheduling): the slot `[starts_at, ends_at)` and, for a physical meeting, the
 * lounge table or booth it would take. `status` is SPEC §4's first labelling (0 Pending, 1 Approved = accepted,
 * 2 Rejected = declined, 4 Cancelled = withdrawn or the meeting ended). A pending proposal of an active meeting holds
 * its slot for both people and its table or booth as a meeting does; at most one is pending per meeting (partial
 * unique index). `proposed_by_event_user_id` is null when the organiser moved the meeting (accepted as made).
 */
export const meetingProposals = pgTable(
  'meeting_proposals',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    proposedByEventUserId: text('proposed_by_event_user_id'),
    proposedByUserId: text('proposed_by_user_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    tableNumber: integer('table_number'),
    booth: text('booth'),
    status: integer('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('meeting_proposals_event_start_idx').on(t.eventId, t.startsAt),
    index('meeting_proposals_meeting_idx').on(t.meetingId),
    uniqueIndex('meeting_proposals_one_open_idx')
      .on(t.meetingId)
      .where(sql`status = 0`),
  ],
);

/** Mails the meetings module sent (one per meeting, kind and recipient): a redelivered change mails once. */
export const meetingMails = pgTable(
  'meeting_mails',
  {
    id: text('id').primaryKey(),
    eventId: eventRef(),
    meetingId: text('meeting_id').notNull(),
    kind: text('kind').notNull(),
    eventUserId: text('event_user_id').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('meeting_mails_once_idx').on(t.meetingId, t.kind, t.eventUserId)],
);
