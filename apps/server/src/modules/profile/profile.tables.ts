import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { registrations } from '../registration/registration.tables.ts';

/**
 * The attendee's profile on one registration (issue 14). `publicId` is the share id of the `i/` and `pl/` links (96
 * random bits), so links posted in public never carry the registration id, which is the e-badge's capability.
 */
export const attendeeProfiles = pgTable(
  'attendee_profiles',
  {
    registrationId: text('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    /** ISO 3166 alpha-2 code of SPEC §3.2's country table, or '' (the networking directory's country filter). */
    countryCode: text('country_code').notNull().default(''),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    isInDirectory: boolean('is_in_directory').notNull().default(false),
    isProfilePublic: boolean('is_profile_public').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attendee_profiles_event_public_uq').on(t.eventId, t.publicId)],
);
