import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { exhibitionCompanies } from '../exhibition/exhibition.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A sponsorship tier of an event (Platinum, Gold, …): its name (unique per event, any case), order and colour. */
export const sponsorTiers = pgTable(
  'sponsor_tiers',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    colour: text('colour'),
    displayOrder: integer('display_order').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sponsor_tiers_event_name_uq').on(t.eventId, t.nameKey)],
);

/** A sponsor's logo, served by its unguessable id; the bytes of an id never change. */
export const sponsorLogos = pgTable(
  'sponsor_logos',
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
  (t) => [index('sponsor_logos_event_idx').on(t.eventId)],
);

/**
 * A sponsor of an event (SPEC §3.1 user type 3) in one tier: the tier's foreign key has no cascade, so a tier holding
 * sponsors cannot be deleted. Optionally the event's exhibiting company it is (unlinked if that company goes).
 */
export const sponsors = pgTable(
  'sponsors',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    tierId: text('tier_id')
      .notNull()
      .references(() => sponsorTiers.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    website: text('website').notNull().default(''),
    logoId: text('logo_id').references(() => sponsorLogos.id, { onDelete: 'set null' }),
    companyId: text('company_id').references(() => exhibitionCompanies.id, { onDelete: 'set null' }),
    displayOrder: integer('display_order').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sponsors_event_tier_idx').on(t.eventId, t.tierId, t.displayOrder)],
);

/**
 * A sponsor's contacts (user type 3), several a sponsor (at most SPONSOR_CONTACTS_MAX): the email the organiser
 * invited and the participant account it signs in (auth's; one sponsor per account and event), each accepted on its
 * own on My sponsorship. Revoking one deletes its row; the sponsor's deletion takes them all.
 */
export const sponsorContacts = pgTable(
  'sponsor_contacts',
  {
    id: text('id').primaryKey(),
    sponsorId: text('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').notNull(),
    /** The invitation made the account: nobody knows its password, so accepting asks for one. */
    needsPassword: boolean('needs_password').notNull().default(false),
    invitedAt: ts('invited_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sponsor_contacts_event_user_uq').on(t.eventId, t.userId), index('sponsor_contacts_sponsor_idx').on(t.sponsorId, t.createdAt)],
);

/**
 * Views of an event's Sponsors list, once per viewer and UTC day (an account's id, or a hash of the address and
 * browser for a visitor who is not signed in): a row per showcase read per sponsor would be far too heavy. A sponsor's
 * impressions are the views since it was added.
 */
export const sponsorListViews = pgTable(
  'sponsor_list_views',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.viewer] })],
);

/**
 * A sponsor's card seen on screen (≥ 50 % visible, reported by the page in one request), once per viewer and UTC day:
 * the sponsor's views (the figures' `views`). `viewer` is the account (`u:`) or a hash of day, address and browser (`a:`).
 */
export const sponsorCardViews = pgTable(
  'sponsor_card_views',
  {
    sponsorId: text('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    day: text('day').notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sponsorId, t.day, t.viewer] })],
);

/** Click-throughs to a sponsor's website (the visit redirect), once per visitor and UTC day. */
export const sponsorVisits = pgTable(
  'sponsor_visits',
  {
    sponsorId: text('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    day: text('day').notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sponsorId, t.day, t.viewer] })],
);
