import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TAttendanceRule } from '@pavilion/domain';
import { events } from '../events/events.tables.ts';
import { registrations } from '../registration/registration.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    conductedBy: text('conducted_by').notNull().default(''),
    html: text('html').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('certificate_templates_event_idx').on(t.eventId)],
);

/**
 * One issued certificate. The holder's name and the template's title are copied at issue time, so a later edit of
 * the registration or template does not change what was certified. One per registration per template.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    templateId: text('template_id')
      .notNull()
      .references(() => certificateTemplates.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull(),
    conductedBy: text('conducted_by').notNull(),
    issuedVia: text('issued_via').notNull(),
    ruleId: text('rule_id'),
    issuedBy: text('issued_by'),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    emailedAt: ts('emailed_at'),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [uniqueIndex('certificates_template_reg_uq').on(t.templateId, t.registrationId), index('certificates_event_idx').on(t.eventId, t.issuedAt)],
);

export const certificateRules = pgTable(
  'certificate_rules',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    templateId: text('template_id')
      .notNull()
      .references(() => certificateTemplates.id, { onDelete: 'cascade' }),
    rule: jsonb('rule').$type<TAttendanceRule>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastRunAt: ts('last_run_at'),
    lastRunIssued: integer('last_run_issued').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('certificate_rules_event_idx').on(t.eventId)],
);

/**
 * A bulk certificate mail (AP-257): the request records the batch and one row per recipient in one transaction and
 * answers 202; the certificate mail job sends. `total` is fixed at creation; progress is counted from the rows.
 */
export const certificateMailBatches = pgTable(
  'certificate_mail_batches',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    createdBy: text('created_by'),
    total: integer('total').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('certificate_mail_batches_event_idx').on(t.eventId, t.createdAt)],
);

/**
 * One recipient of a batch. The job claims a row conditionally (`claimed_at` null or older than the lease), sends,
 * then sets `sent_at` (or `failed_at` with the reason): the sent marker that makes a restart skip what went out.
 */
export const certificateMailRecipients = pgTable(
  'certificate_mail_recipients',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => certificateMailBatches.id, { onDelete: 'cascade' }),
    certificateId: text('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: ts('claimed_at'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    error: text('error'),
  },
  (t) => [
    index('certificate_mail_recipients_batch_idx').on(t.batchId),
    index('certificate_mail_recipients_cert_idx').on(t.certificateId),
    // The job's claim scans only rows still owed.
    index('certificate_mail_recipients_owed_idx').on(t.claimedAt).where(sql`sent_at is null and failed_at is null`),
  ],
);
