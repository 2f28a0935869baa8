import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TBadgeElement, TBadgePageSize } from '@pavilion/domain';
import { events } from '../events/events.tables.ts';

/** What a bulk print job was asked for, and the registrations it resolved to. */
export type BadgeJobFilter = {
  categoryId?: string;
  ticketId?: string;
  search?: string;
  /** The organiser picked the registrations (their ids are then part of the job's public filter). */
  explicitIds?: boolean;
  includeNotAdmissible?: boolean;
  registrationIds: string[];
};

const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** A badge layout (elements in mm, see packages/domain/src/badges). One template per event may be the default. */
export const badgeTemplates = pgTable(
  'badge_templates',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    pageSize: text('page_size').$type<TBadgePageSize>().notNull(),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull(),
    categoryIds: jsonb('category_ids').$type<string[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    categoryColors: jsonb('category_colors').$type<Record<string, string>>().notNull(),
    elements: jsonb('elements').$type<TBadgeElement[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('badge_templates_event_idx').on(t.eventId)],
);

/** The event's band colour per visitor category (Badge Fields). */
export const badgeCategoryColors = pgTable(
  'badge_category_colors',
  {
    eventId: eventRef(),
    categoryId: text('category_id').notNull(),
    organisationId: text('organisation_id').notNull(),
    color: text('color').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.categoryId] })],
);

/** A bulk print: rendered by the in-process worker in chunks, into PDF parts of at most BADGE_LIMITS.partSize badges. */
export const badgePrintJobs = pgTable(
  'badge_print_jobs',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    templateId: text('template_id'),
    filter: jsonb('filter').$type<BadgeJobFilter>().notNull(),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    error: text('error'),
    pages: integer('pages'),
    bytes: integer('bytes'),
    parts: integer('parts').notNull().default(0),
    createdBy: text('created_by'),
    /** Heartbeat of the worker holding the job; a job left running by a dead process is taken over. */
    claimedAt: ts('claimed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('badge_print_jobs_event_idx').on(t.eventId, t.createdAt), index('badge_print_jobs_status_idx').on(t.status)],
);

/** One row per printed badge (single print or one registration of a bulk job). */
export const badgePrints = pgTable(
  'badge_prints',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    registrationId: text('registration_id').notNull(),
    registrationNo: text('registration_no').notNull(),
    name: text('name').notNull(),
    categoryId: text('category_id'),
    templateId: text('template_id'),
    templateName: text('template_name').notNull(),
    jobId: text('job_id'),
    isReprint: boolean('is_reprint').notNull().default(false),
    overrides: jsonb('overrides').$type<Record<string, string>>(),
    printedBy: text('printed_by'),
    printedAt: ts('printed_at').notNull().defaultNow(),
  },
  (t) => [index('badge_prints_event_idx').on(t.eventId, t.printedAt), index('badge_prints_reg_idx').on(t.registrationId)],
);

/**
 * The PDF files of a job. A part holds at most BADGE_LIMITS.partSize badges, so the renderer never holds more than
 * one part's pages in memory however large the job (pdf-lib keeps a whole document in memory until it is saved).
 */
export const badgePrintJobParts = pgTable(
  'badge_print_job_parts',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => badgePrintJobs.id, { onDelete: 'cascade' }),
    partNo: integer('part_no').notNull(),
    firstIndex: integer('first_index').notNull(),
    badges: integer('badges').notNull(),
    pages: integer('pages').notNull(),
    pdf: bytea('pdf').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.partNo] })],
);
