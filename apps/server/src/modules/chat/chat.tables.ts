import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventUsers, events } from '../events/events.tables.ts';

/**
 * A 1:1 conversation between two participants of one event (issue 17). `pairKey` is the two event-user ids sorted and
 * joined, unique per event, so the first message between two people creates the room once (concurrent first messages
 * meet on the unique index).
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
  },
  (t) => [index('chat_messages_room_time_idx').on(t.roomId, t.createdAt, t.id), uniqueIndex('chat_messages_sender_client_uq').on(t.fromEventUserId, t.clientId)],
);
