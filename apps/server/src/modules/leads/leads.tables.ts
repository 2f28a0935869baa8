import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { exhibitionCompanies } from '../exhibition/exhibition.tables.ts';
import { exhibitionProductDocuments } from '../exhibition/product-orders.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A lead: a visitor (registration) an exhibiting company's staff scanned. One per company and visitor; who they are
 * (name, email, number, ticket) is copied at the first scan: a lead is who the staff met.
 */
export const leads = pgTable(
  'leads',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id').notNull(),
    registrationNo: text('registration_no').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    ticketName: text('ticket_name'),
    rating: text('rating').$type<'hot' | 'warm' | 'cold'>(),
    notes: text('notes').notNull().default(''),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    scannedByEventUserId: text('scanned_by_event_user_id').notNull(),
    scannedByName: text('scanned_by_name').notNull(),
    scanCount: integer('scan_count').notNull().default(1),
    firstScannedAt: ts('first_scanned_at').notNull(),
    lastScannedAt: ts('last_scanned_at').notNull(),
    cardTakenAt: ts('card_taken_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('leads_company_registration_uq').on(t.companyId, t.registrationId), index('leads_event_company_idx').on(t.eventId, t.companyId, t.lastScannedAt)],
);

/** Every scan (the ledger), keyed by the staff member's participation and the phone's nonce: a resent scan counts once. */
export const leadScans = pgTable(
  'lead_scans',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    registrationId: text('registration_id').notNull(),
    staffEventUserId: text('staff_event_user_id').notNull(),
    nonce: text('nonce').notNull(),
    scannedAt: ts('scanned_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lead_scans_staff_nonce_uq').on(t.staffEventUserId, t.nonce)],
);

/** A company's qualifying questions (at most LEAD_QUESTIONS_MAX), in order. */
export const leadQuestions = pgTable(
  'lead_questions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('lead_questions_company_idx').on(t.companyId)],
);

/** A visiting card: taken by a company's staff (from a lead) or dropped by the visitor at the company. Once each. */
export const leadCards = pgTable(
  'lead_cards',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id').notNull(),
    kind: text('kind').$type<'taken' | 'dropped'>().notNull(),
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    byEventUserId: text('by_event_user_id').notNull(),
    /** SPEC §3.10 upload media 3 (visiting card): a photo of the paper card, checked by its magic bytes. */
    photoContentType: text('photo_content_type'),
    photo: bytea('photo'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lead_cards_company_registration_kind_uq').on(t.companyId, t.registrationId, t.kind), index('lead_cards_event_registration_idx').on(t.eventId, t.registrationId)],
);

/**
 * SPEC §9 report actions at a company (3 take card, 4 drop card, 5 brief bag, 6 inquiry, 7 general call, 8 meetings,
 * 9 networking), with the SPEC §9 analytics type of the report that counts them (8 Card Taken, 9 Card Dropped,
 * 7 Inquiries, 10 Action Point, 20 Meetings, 16 Networking Lounge).
 * The analytics module keeps page views only, so the counts live here, beside what they count.
 */
export const leadActions = pgTable(
  'lead_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    action: integer('action').notNull(),
    analyticsType: integer('analytics_type').notNull(),
    eventUserId: text('event_user_id'),
    /** What the action was about when it must count once (a meeting's id for 8 and 9: a notice may be delivered twice). */
    refId: text('ref_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('lead_actions_event_company_idx').on(t.eventId, t.companyId, t.action), uniqueIndex('lead_actions_company_action_ref_uq').on(t.companyId, t.action, t.refId)],
);

/** A company's lead webhook: where new leads go, and the signing secret (sealed with the platform's secret box). */
export const leadWebhooks = pgTable('lead_webhooks', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One webhook delivery (a job row): the signed body is fixed when the lead is made; a worker claims due rows
 * (`for update skip locked`, so two instances never send one twice at once), posts them and reschedules failures.
 */
export const leadWebhookDeliveries = pgTable(
  'lead_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    leadId: text('lead_id').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('lead_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), index('lead_webhook_deliveries_company_idx').on(t.companyId, t.status)],
);

/**
 * One attempt at a webhook delivery (its log, shown to the company): when, what the receiver answered (HTTP status)
 * or why it could not be reached, how long it took, and whether the delivery was done, retried or given up.
 */
export const leadWebhookAttempts = pgTable(
  'lead_webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => leadWebhookDeliveries.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull().defaultNow(),
    httpStatus: integer('http_status'),
    /** delivered (2xx), retry (a later attempt is due) or failed (given up). */
    outcome: text('outcome').$type<'delivered' | 'retry' | 'failed'>().notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [uniqueIndex('lead_webhook_attempts_delivery_attempt_uq').on(t.deliveryId, t.attempt)],
);

/** A company's booth document (brief bag): the bytes, checked by magic bytes on upload. */
export const leadDocuments = pgTable(
  'lead_documents',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The staff member who put it at the booth; null when the organiser uploaded it (exhibition's company documents). */
    createdByEventUserId: text('created_by_event_user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('lead_documents_company_idx').on(t.eventId, t.companyId)],
);

/**
 * A document in a participant's brief bag (once each): a company's booth document (`document_id`) or one of its
 * products' documents (`product_document_id`, exhibition's, read through its port), exactly one of the two. Either
 * leaves the bag when its document (or the product) is deleted.
 */
export const leadBagItems = pgTable(
  'lead_bag_items',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventUserId: text('event_user_id').notNull(),
    documentId: text('document_id').references(() => leadDocuments.id, { onDelete: 'cascade' }),
    productDocumentId: text('product_document_id').references(() => exhibitionProductDocuments.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_bag_items_owner_document_uq').on(t.eventUserId, t.documentId),
    uniqueIndex('lead_bag_items_owner_product_document_uq').on(t.eventUserId, t.productDocumentId),
    index('lead_bag_items_event_owner_idx').on(t.eventId, t.eventUserId),
    check('lead_bag_items_one_document_ck', sql`num_nonnulls(${t.documentId}, ${t.productDocumentId}) = 1`),
  ],
);

/** An attendee's inquiry to a company (optionally about a product), with the staff's answer and its status. */
export const leadInquiries = pgTable(
  'lead_inquiries',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    productId: text('product_id'),
    productName: text('product_name'),
    askerEventUserId: text('asker_event_user_id').notNull(),
    askerName: text('asker_name').notNull(),
    askerEmail: text('asker_email').notNull(),
    message: text('message').notNull(),
    answer: text('answer'),
    answeredByName: text('answered_by_name'),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    answeredAt: ts('answered_at'),
  },
  (t) => [index('lead_inquiries_company_idx').on(t.eventId, t.companyId, t.createdAt), index('lead_inquiries_asker_idx').on(t.eventId, t.askerEventUserId)],
);

/**
 * Answer mails to an inquiry's asker: one row per answer (its id travels in the `leads.inquiry.answered` outbox event),
 * taken before the send and given back if the send throws, so an event delivered again (the outbox is at least once)
 * mails nobody twice.
 */
export const leadInquiryMails = pgTable('lead_inquiry_mails', {
  answerId: text('answer_id').primaryKey(),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  inquiryId: text('inquiry_id')
    .notNull()
    .references(() => leadInquiries.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Brief bag by mail: a participant's "Mail my bag to me after the event" (one row per participation, turned on and
 * off), and the job's bookkeeping. `sent_at` makes the mail go once; `claimed_until` is the sender's lease (a crash
 * between the send and the mark lets the next sweep send again after the lease: at most one repeat).
 */
export const leadBagMails = pgTable(
  'lead_bag_mails',
  {
    eventUserId: text('event_user_id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Where it goes: the account's email and name when the participant last ticked the option. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    isOptedIn: boolean('is_opted_in').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    claimedUntil: ts('claimed_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    /** Documents listed in the mail (0: the bag was empty, nothing was sent). */
    documentCount: integer('document_count'),
  },
  (t) => [index('lead_bag_mails_owed_idx').on(t.eventId).where(sql`is_opted_in and sent_at is null`)],
);
