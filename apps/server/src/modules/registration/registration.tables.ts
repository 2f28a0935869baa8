import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import type { TFormField } from '@pavilion/domain';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** Per-event registration settings and the registration-number counter (bumped inside the order transaction). */
export const regEventSettings = pgTable('reg_event_settings', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  approvalMode: text('approval_mode').notNull().default('auto'),
  cartMinutes: integer('cart_minutes').notNull().default(15),
  paymentMinutes: integer('payment_minutes').notNull().default(30),
  registrationPrefix: text('registration_prefix').notNull().default('REG-'),
  regCounter: integer('reg_counter').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isFree: boolean('is_free').notNull(),
    currency: text('currency').notNull(),
    price: integer('price').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    salesStart: ts('sales_start'),
    salesEnd: ts('sales_end'),
    visibility: text('visibility').notNull().default('public'),
    unlockCode: text('unlock_code'),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    capacity: integer('capacity'),
    sortOrder: integer('sort_order').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('tickets_event_idx').on(t.eventId, t.sortOrder)],
);

/** A pool of seats shared by tickets (pretix' quota). A ticket with a capacity gets its own quota (ticket_id set). */
export const quotas = pgTable(
  'quotas',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    ticketId: text('ticket_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('quotas_event_idx').on(t.eventId)],
);

export const ticketQuotas = pgTable(
  'ticket_quotas',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    quotaId: text('quota_id')
      .notNull()
      .references(() => quotas.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.quotaId] }), index('ticket_quotas_quota_idx').on(t.quotaId)],
);

/**
 * Seats taken from a quota, by a cart (expires_at = cart expiry) or an order (expires_at = payment deadline while
 * pending, null once paid). Availability = capacity − sum(quantity) of live holds; an expired hold stops counting
 * by itself, so seats return on expiry even before the reconciliation job runs.
 */
export const seatHolds = pgTable(
  'seat_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quotaId: text('quota_id')
      .notNull()
      .references(() => quotas.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    ticketId: text('ticket_id').notNull(),
    cartId: text('cart_id'),
    orderId: text('order_id'),
    quantity: integer('quantity').notNull(),
    expiresAt: ts('expires_at'),
    releasedAt: ts('released_at'),
  },
  (t) => [
    index('seat_holds_live_idx').on(t.quotaId).where(sql`released_at is null`),
    index('seat_holds_cart_idx').on(t.cartId),
    index('seat_holds_order_idx').on(t.orderId),
  ],
);

export const carts = pgTable('carts', {
  id: text('id').primaryKey(),
  organisationId: text('organisation_id').notNull(),
  eventId: eventRef(),
  status: text('status').notNull().default('active'),
  items: jsonb('items').$type<{ ticketId: string; quantity: number }[]>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const regForms = pgTable(
  'reg_forms',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull(),
    fields: jsonb('fields').$type<TFormField[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('reg_forms_event_idx').on(t.eventId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    currency: text('currency'),
    maxUses: integer('max_uses'),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_event_code_uq').on(t.eventId, t.code)],
);

/** One row per order that used a coupon; like a seat hold it stops counting when it expires or is released. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    expiresAt: ts('expires_at'),
    releasedAt: ts('released_at'),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_uq').on(t.orderId), index('coupon_redemptions_coupon_idx').on(t.couponId)],
);

export const visitorCategories = pgTable(
  'visitor_categories',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    ticketId: text('ticket_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('visitor_categories_event_slug_uq').on(t.eventId, t.slug)],
);

export const dateOptions = pgTable(
  'date_options',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    categoryId: text('category_id')
      .notNull()
      .references(() => visitorCategories.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    label: text('label').notNull().default(''),
    ticketId: text('ticket_id'),
  },
  (t) => [index('date_options_category_idx').on(t.categoryId)],
);

export const cartLinks = pgTable(
  'cart_links',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    items: jsonb('items').$type<{ ticketId: string; quantity: number }[]>().notNull(),
    couponCode: text('coupon_code'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('cart_links_event_idx').on(t.eventId)],
);

export type OrderLine = { ticketId: string; ticketName: string; quantity: number; unitPrice: number; discount: number; tax: number; total: number };

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    registrationNo: text('registration_no').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    couponId: text('coupon_id'),
    couponCode: text('coupon_code'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    buyerFirstName: text('buyer_first_name').notNull(),
    buyerLastName: text('buyer_last_name').notNull().default(''),
    buyerEmail: text('buyer_email').notNull(),
    buyerCountryCode: text('buyer_country_code'),
    buyerContactNo: text('buyer_contact_no'),
    paymentProvider: text('payment_provider'),
    sourceChannel: integer('source_channel').notNull().default(1),
    cartId: text('cart_id'),
    invoiceNumber: text('invoice_number'),
    /** A captured payment arrived after the order had expired and its seats were gone: the organiser must refund. */
    needsRefund: boolean('needs_refund').notNull().default(false),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_event_regno_uq').on(t.eventId, t.registrationNo),
    index('orders_event_created_idx').on(t.eventId, t.createdAt),
    index('orders_pending_idx').on(t.expiresAt).where(sql`status = 'pending'`),
  ],
);

/** One attendee (one seat) of an order, plus accompanying persons added by the organiser. */
export const registrations = pgTable(
  'registrations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    countryCode: text('country_code'),
    contactNo: text('contact_no'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    approvalStatus: text('approval_status').notNull(),
    categoryId: text('category_id'),
    groups: jsonb('groups').$type<string[]>().notNull().default([]),
    quotaId: text('quota_id'),
    isAccompanying: boolean('is_accompanying').notNull().default(false),
    parentRegistrationId: text('parent_registration_id'),
    dateOptionId: text('date_option_id'),
    sourceChannel: integer('source_channel').notNull().default(1),
    /** When the attendee's photo (registration_photos) was last set; its URL carries this as a version. */
    photoUpdatedAt: ts('photo_updated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('registrations_event_created_idx').on(t.eventId, t.createdAt), index('registrations_order_idx').on(t.orderId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Attendee photos (one per registration), shown at the gate and the badge desk. */
export const registrationPhotos = pgTable('registration_photos', {
  registrationId: text('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  eventId: eventRef(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const journeyEntries = pgTable(
  'journey_entries',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    registrationId: text('registration_id').notNull(),
    type: text('type').notNull(),
    actorUserId: text('actor_user_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('journey_entries_reg_idx').on(t.registrationId, t.createdAt)],
);

/** Stored answers of calls that carried an Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Mails owed because of a state change, written in the same transaction; sent after commit or by reconciliation. */
export const regOutbox = pgTable(
  'reg_outbox',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    orderId: text('order_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: ts('claimed_at'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reg_outbox_order_kind_uq').on(t.orderId, t.kind), index('reg_outbox_status_idx').on(t.status)],
);

/**
 * What the public registration read shows of an event changes with this version (migration 0011's triggers bump it on
 * any write to the event, its registration settings, tickets, quotas, ticket-quota links, forms or its organisation's
 * payment settings), so every server process can cache that document and check it with one indexed read.
 */
export const regPublicVersions = pgTable('reg_public_versions', {
  eventId: text('event_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
