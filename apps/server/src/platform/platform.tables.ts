import { bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Small key/value store for instance settings (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, when and from where. Written by modules through platform/audit.ts. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: text('organisation_id'),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_org_created_idx').on(t.organisationId, t.createdAt), index('audit_log_action_idx').on(t.action)],
);

/** Every message Pavilion sends, whatever the transport, so it can be read and retried. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id'),
    /** The event the message is about (confirmation, certificate), so an event-scoped organiser sees its own mail. */
    eventId: text('event_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    transport: text('transport').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt), index('mail_outbox_org_created_idx').on(t.organisationId, t.createdAt)],
);

/** The files sent with a message (the ticket QR), kept so the outbox shows the message as it was sent. */
export const mailOutboxAttachments = pgTable(
  'mail_outbox_attachments',
  {
    mailId: text('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    /** Content-ID: the HTML shows the file inline as `<img src="cid:…">`. */
    cid: text('cid'),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.position] })],
);

/**
 * Events that must survive a crash (platform/event-outbox.ts): written in the publisher's transaction, delivered to
 * the bus's subscribers by the outbox job after the commit, marked delivered once every subscriber succeeded.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_outbox_owed_idx').on(t.createdAt).where(sql`delivered_at is null`)],
);
