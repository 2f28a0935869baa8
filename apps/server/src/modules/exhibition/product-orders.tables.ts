import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { exhibitionCompanies, exhibitionProducts } from './exhibition.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A product's image (SPEC §5 image types, checked by magic bytes on upload), in upload order. */
export const exhibitionProductImages = pgTable(
  'exhibition_product_images',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => exhibitionProducts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('exhibition_product_images_product_idx').on(t.productId, t.createdAt)],
);

/**
 * A product's document (SPEC §5 document types, checked by magic bytes on upload): a display name (`title`), the
 * file as uploaded, in upload order. At most PRODUCT_DOCUMENTS_MAX a product (the product row is locked to count).
 */
export const exhibitionProductDocuments = pgTable(
  'exhibition_product_documents',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => exhibitionProducts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('exhibition_product_documents_product_idx').on(t.productId, t.createdAt), index('exhibition_product_documents_company_idx').on(t.eventId, t.companyId)],
);

/**
 * An attendee's order of a product: what was ordered as it was when ordered (name, unit price in cents from the
 * server, null for a quote request), who ordered (participation, registration, name, email), and its status under
 * `nextProductOrderStatus`. A deleted product leaves its orders (product_id set null, the name kept).
 */
export const exhibitionProductOrders = pgTable(
  'exhibition_product_orders',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => exhibitionCompanies.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => exhibitionProducts.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    unitPriceCents: integer('unit_price_cents'),
    totalCents: integer('total_cents'),
    status: text('status').notNull(),
    rejectionReason: text('rejection_reason').notNull().default(''),
    eventUserId: text('event_user_id').notNull(),
    userId: text('user_id').notNull(),
    registrationId: text('registration_id').notNull(),
    attendeeName: text('attendee_name').notNull(),
    attendeeEmail: text('attendee_email').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('exhibition_product_orders_company_idx').on(t.eventId, t.companyId, t.createdAt),
    index('exhibition_product_orders_attendee_idx').on(t.eventId, t.eventUserId),
    index('exhibition_product_orders_product_idx').on(t.productId),
  ],
);

/** The event's staff badge rule (bands of booth size → staff per booth); no row: no limit. */
export const exhibitionStaffQuotaRules = pgTable('exhibition_staff_quota_rules', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  bands: jsonb('bands').$type<{ upToSqm: number | null; staff: number }[]>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
