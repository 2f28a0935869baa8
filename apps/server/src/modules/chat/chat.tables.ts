import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventUsers, events } from '../events/events.tables.ts';

/**
 * A conversation of one event (issue 17). `kind` 'direct': 1:1, `pairKey` is the two event-user ids sorted and joined,
 * unique per event, so the first message between two people creates the room once (concurrent first messages meet on
 * the unique index). `kind` 'group': a named group (`pairKey` = `group:<id>`), members in chat_room_members.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    pairKey: text('pair_key').notNull(),
    kind: text('kind', { enum: ['direct', 'group'] }).notNull().default('direct'),
    name: text('name'),
    createdByEventUserId: text('created_by_event_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_rooms_event_pair_uq').on(t.eventId, t.pairKey)],
);

/** A room's members and how far each has read (`lastReadMessageId`). */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    eventUserId: text('event_user_id')
      .notNull()
      .references(() => eventUsers.id, { onDelete: 'cascade' }),
    lastReadMessageId: text('last_read_message_id'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.eventUserId] }), index('chat_room_members_user_idx').on(t.eventUserId)],
);

/** SPEC §3.9 message: stored before it is delivered. `seq` orders a room's messages (time, then id). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    fromEventUserId: text('from_event_user_id').notNull(),
    content: text('content').notNull(),
    isReply: boolean('is_reply').notNull().default(false),
    replyToMessageId: text('reply_to_message_id'),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted by a moderator (the content is kept for the audit trail, never served again). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: text('deleted_by_user_id'),
  },
  (t) => [index('chat_messages_room_time_idx').on(t.roomId, t.createdAt, t.id), uniqueIndex('chat_messages_sender_client_uq').on(t.fromEventUserId, t.clientId)],
);

/** A participant's block of another in one event: neither can message the other 1:1 while it stands. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    blockerEventUserId: text('blocker_event_user_id')
      .notNull()
      .references(() => eventUsers.id, { onDelete: 'cascade' }),
    blockedEventUserId: text('blocked_event_user_id')
      .notNull()
      .references(() => eventUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerEventUserId, t.blockedEventUserId] }), index('chat_blocks_blocked_idx').on(t.blockedEventUserId)],
);

/** A participant's report of another (or of one of their messages) for the organiser's moderation page. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    reporterEventUserId: text('reporter_event_user_id').notNull(),
    reportedEventUserId: text('reported_event_user_id').notNull(),
    messageId: text('message_id'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: text('resolved_by_user_id'),
  },
  (t) => [index('chat_reports_event_idx').on(t.eventId, t.status, t.createdAt)],
);

/**
 * A moderator's restriction of a participant in the event's chat: muted (until `mutedUntil`, or until unmuted when it
 * is null) and/or removed (left every group, cannot send).
 */
export const chatRestrictions = pgTable('chat_restrictions', {
  eventUserId: text('event_user_id')
    .primaryKey()
    .references(() => eventUsers.id, { onDelete: 'cascade' }),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  isMuted: boolean('is_muted').notNull().default(false),
  mutedUntil: timestamp('muted_until', { withTimezone: true }),
  isRemoved: boolean('is_removed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByUserId: text('updated_by_user_id'),
});
