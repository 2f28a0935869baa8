import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One virtual-venue page of an event (issue 14): its configuration as the domain's schema of that page validated it
 * (`config`), and whether attendees see it. A page never saved has no row.
 */
export const venuePages = pgTable(
  'venue_pages',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    organisationId: text('organisation_id').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    updatedBy: text('updated_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.page] })],
);

/** Banner and welcome images of an event's venue, served by their unguessable id; the bytes of an id never change. */
export const venueImages = pgTable(
  'venue_images',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('venue_images_event_idx').on(t.eventId)],
);
