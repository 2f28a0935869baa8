import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An exhibiting company of an event (SPEC §3.1 user type 2): its public profile. `name_key` is the lowered name. */
export const exhibitionCompanies = pgTable(
  'exhibition_companies',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    /** Sanitised (DOMPurify) before it is stored. */
    profileHtml: text('profile_html').notNull().default(''),
    category: text('category').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    website: text('website').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    /** Its logo (exhibition_company_logos), or null: no foreign key, the logo row points back and goes with the company. */
    logoId: text('logo_id'),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_companies_event_name_uq').on(t.eventId, t.nameKey)],
);

/**
 * A booth (stall) of an event: hall, number (unique in its hall), size, SPEC §3.5 stall type, price in cents, its
 * rectangle on the hall's grid plan, and the company holding it (at most one; a company holding booths cannot be deleted: the foreign key says no).
 */
export const exhibitionBooths = pgTable(
  'exhibition_booths',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    hall: text('hall').notNull(),
    number: text('number').notNull(),
    sizeSqm: doublePrecision('size_sqm').notNull(),
    stallType: text('stall_type').$type<'shell' | 'raw'>().notNull(),
    priceCents: integer('price_cents').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    w: integer('w').notNull(),
    h: integer('h').notNull(),
    companyId: text('company_id').references(() => exhibitionCompanies.id, { onDelete: 'no action' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_booths_event_hall_number_uq').on(t.eventId, t.hall, t.number), index('exhibition_booths_company_idx').on(t.companyId)],
);

/** A company's product: price in cents, or null for "price on request". */
export const exhibitionProducts = pgTable(
  'exhibition_products',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('exhibition_products_company_idx').on(t.companyId)],
);

/**
 * A company's staff (SPEC §3.1 user type 7, exhibitor): an account email the organiser listed. One person staffs at
 * most one company of an event (the unique index), so a scan knows whose lead it is.
 */
export const exhibitionCompanyStaff = pgTable(
  'exhibition_company_staff',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The name printed on their badge (given when it is issued). */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Their badge: a complimentary registration (registration's credential); null until issued or after a revoke. */
    registrationId: text('registration_id'),
    badgeIssuedAt: ts('badge_issued_at'),
    /** Set while a badge is being issued (one issuer at a time; a stale claim, older than a minute, may be retaken). */
    badgeClaimedAt: ts('badge_claimed_at'),
    /**
     * The stand-team mail's marker: set before the send (by the `exhibition.staff.added` subscriber) and cleared again
     * if the send fails, so a redelivered fact mails nobody twice and a failed one is tried again. Null: not mailed.
     */
    invitationMailedAt: ts('invitation_mailed_at'),
  },
  (t) => [uniqueIndex('exhibition_company_staff_event_email_uq').on(t.eventId, t.email), index('exhibition_company_staff_company_idx').on(t.companyId)],
);

// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One SPEC §3.5 service form's settings for an event (issue 15). A form never saved has no row: it is off, with the
 * catalogue's defaults. `deadline_local` is the wall-clock time the organiser typed (event time zone), `deadline_at`
 * the instant it is.
 */
export const exhibitionFormSettings = pgTable(
  'exhibition_form_settings',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    formCode: text('form_code').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    deadlineLocal: text('deadline_local'),
    deadlineAt: ts('deadline_at'),
    instructions: text('instructions').notNull().default(''),
    particulars: jsonb('particulars').$type<{ name: string; unit: string; rate: number; currency: string }[]>().notNull().default([]),
    questions: jsonb('questions').$type<{ label: string; isRequired: boolean }[]>().notNull().default([]),
    needsApproval: boolean('needs_approval').notNull().default(true),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    registerButton: boolean('register_button').notNull().default(false),
    allowAsService: boolean('allow_as_service').notNull().default(false),
    isSurveyForm: boolean('is_survey_form').notNull().default(false),
    showOnlyDocuments: boolean('show_only_documents').notNull().default(false),
    /** The workspace service provider (company of kind serviceProvider) that delivers this form's work, or null. */
    serviceProviderId: text('service_provider_id'),
    updatedBy: text('updated_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_form_settings_event_form_uq').on(t.eventId, t.formCode)],
);

/** The exhibiting company's admin (SPEC §3.1 user type 2): one account per company, one company per account and event. */
export const exhibitionCompanyAdmins = pgTable(
  'exhibition_company_admins',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    invitedBy: text('invited_by'),
    invitedAt: ts('invited_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_company_admins_company_uq').on(t.companyId), uniqueIndex('exhibition_company_admins_event_user_uq').on(t.eventId, t.userId)],
);

/**
 * A company's submission of one form for one of its booths (one per booth and form): the ordered lines as priced
 * when saved (the server computes the total), survey answers, status and version (a save names the version it read).
 */
export const exhibitionFormSubmissions = pgTable(
  'exhibition_form_submissions',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    boothId: text('booth_id')
      .notNull()
      .references(() => exhibitionBooths.id, { onDelete: 'cascade' }),
    formCode: text('form_code').notNull(),
    status: text('status').notNull(),
    lines: jsonb('lines').$type<{ name: string; unit: string; rate: number; currency: string; quantity: number; amount: number }[]>().notNull().default([]),
    answers: jsonb('answers').$type<{ label: string; value: string }[]>().notNull().default([]),
    totalCents: integer('total_cents').notNull().default(0),
    currency: text('currency').notNull().default(''),
    rejectionReason: text('rejection_reason').notNull().default(''),
    version: integer('version').notNull().default(1),
    submittedAt: ts('submitted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_form_submissions_booth_form_uq').on(t.boothId, t.formCode), index('exhibition_form_submissions_event_idx').on(t.eventId, t.status)],
);

/** Who did what to a submission, and when (saved, submitted, approved, rejected with the reason, fulfilled). */
export const exhibitionSubmissionHistory = pgTable(
  'exhibition_submission_history',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => exhibitionFormSubmissions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    side: text('side').notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name').notNull().default(''),
    note: text('note').notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('exhibition_submission_history_submission_idx').on(t.submissionId, t.at)],
);

/** A submission's attachment (a layout drawing, a passport scan): its bytes, checked by type and magic bytes. */
export const exhibitionSubmissionFiles = pgTable('exhibition_submission_files', {
  submissionId: text('submission_id')
    .primaryKey()
    .references(() => exhibitionFormSubmissions.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A company's video (SPEC §3.10 upload media 2): MP4 or WebM, checked by its first bytes on upload. */
export const exhibitionCompanyVideos = pgTable(
  'exhibition_company_videos',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('exhibition_company_videos_company_idx').on(t.eventId, t.companyId)],
);

/**
 * SPEC §9 report actions on a company's booth and media (view 1, download 2) with the analytics type of the exhibitor
 * report tab that counts them (Booth 3, Documents 4, Videos 5): once per participant and item (booth: and day), as
 * leads keeps `lead_actions`.
 */
export const exhibitionMediaActions = pgTable(
  'exhibition_media_actions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    analyticsType: integer('analytics_type').notNull(),
    action: integer('action').notNull(),
    itemId: text('item_id').notNull(),
    /** The participant; null for an anonymous visitor where the Exhibitors tab is public (counted every time). */
    eventUserId: text('event_user_id'),
    /** '' for once per participant and item; the UTC day (YYYY-MM-DD) for once per participant and day (booth views). */
    day: text('day').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_media_actions_once_day_uq').on(t.itemId, t.action, t.eventUserId, t.day), index('exhibition_media_actions_company_idx').on(t.eventId, t.companyId)],
);

/**
 * A hall's floor-plan image (issue 15): one per event and hall, drawn under the booths' grid. A replacement is a new
 * row (new id), so an image URL's bytes never change and browsers may cache it for good.
 */
export const exhibitionHallPlans = pgTable(
  'exhibition_hall_plans',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    hall: text('hall').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exhibition_hall_plans_event_hall_uq').on(t.eventId, t.hall)],
);

/** The event's staff badge settings (issue 15): the free ticket and optional category staff registrations are made on. */
export const exhibitionStaffBadgeSettings = pgTable('exhibition_staff_badge_settings', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  ticketId: text('ticket_id'),
  categoryId: text('category_id'),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A company's logo (the shared logo rules: PNG, JPEG or WebP ≤ 512 KiB), served by its unguessable id. The bytes of
 * an id never change: a replacement is a new row and the old one is deleted.
 */
export const exhibitionCompanyLogos = pgTable(
  'exhibition_company_logos',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('exhibition_company_logos_company_idx').on(t.companyId)],
);
