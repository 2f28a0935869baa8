import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * An e-poster of an event (issue 16): title, topic, authors (name and affiliation), a plain-text abstract, an
 * optional session of the programme (its id: a deleted session leaves the poster without one), and its file's facts.
 * `fileVersion` grows when the file is replaced, so the old file's signed addresses stop working.
 */
export const eposters = pgTable(
  'eposters',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    topic: text('topic').notNull(),
    authors: jsonb('authors').$type<{ name: string; affiliation: string }[]>().notNull(),
    abstract: text('abstract').notNull().default(''),
    sessionId: text('session_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    fileVersion: integer('file_version').notNull().default(1),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('eposters_event_idx').on(t.eventId, t.title)],
);

/** The poster's bytes, apart from the list's rows (a list never reads them). */
export const eposterFiles = pgTable('eposter_files', {
  posterId: text('poster_id')
    .primaryKey()
    .references(() => eposters.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
