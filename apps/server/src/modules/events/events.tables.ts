import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.tables.ts';

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    timeZone: text('time_zone').notNull(),
    venue: text('venue').notNull().default(''),
    eventMode: integer('event_mode').notNull(),
    eventType: integer('event_type').notNull(),
    loginIdentifier: integer('login_identifier').notNull(),
    registrationIdentifier: integer('registration_identifier').notNull(),
    domain: text('domain').notNull().default(''),
    /** The region whose team may see this event (SPEC §2.2 region manager). */
    regionId: text('region_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_org_start_idx').on(t.organisationId, t.startDate)],
);

/** A user's participation in one event (attendee, exhibitor, speaker ...). */
export const eventUsers = pgTable(
  'event_users',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: integer('user_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_users_event_user_uq').on(t.eventId, t.userId)],
);
