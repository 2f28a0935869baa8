import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [uniqueIndex('exhibition_company_staff_event_email_uq').on(t.eventId, t.email), index('exhibition_company_staff_company_idx').on(t.companyId)],
);
