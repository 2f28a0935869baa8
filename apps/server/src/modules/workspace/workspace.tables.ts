import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.tables.ts';

/** Role templates: named sets of access codes (SPEC §2.7) that an organisation assigns to its team members. */
export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    codes: jsonb('codes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Item-level access of a User Access member: "only these events", "only these booths". No rows = all items. */
export const userItemAccess = pgTable(
  'user_item_access',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemType, t.itemId] }), index('user_item_access_org_idx').on(t.organisationId)],
);

/** Invitations to join an organisation's team: an emailed, expiring, single-use link. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    accessLevel: integer('access_level').notNull(),
    roleId: text('role_id'),
    regionId: text('region_id'),
    itemAccess: jsonb('item_access').$type<{ itemType: string; itemId: string }[]>().notNull(),
    companyId: text('company_id'),
    companyRole: text('company_role'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_token_uq').on(t.tokenHash), index('invitations_org_idx').on(t.organisationId)],
);

/** Regions of an organisation; a region team sees the events and companies of its region. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regions_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Exhibiting companies of an organisation (company white-label portals log their users in). */
export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    regionId: text('region_id').references(() => regions.id),
    name: text('name').notNull(),
    /** exhibitor | serviceProvider */
    kind: text('kind').notNull().default('exhibitor'),
    isInternational: boolean('is_international').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_org_idx').on(t.organisationId)],
);

/** Branding per white-label type (company, companyTeam, orgTeam): SPEC §3.4 whitelabel and dashboardLPSetting. */
export const whiteLabels = pgTable(
  'white_labels',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    type: text('type').notNull(),
    displayName: text('display_name').notNull(),
    logoUrl: text('logo_url').notNull().default(''),
    primaryColor: text('primary_color').notNull().default('#1c7ed6'),
    faviconUrl: text('favicon_url').notNull().default(''),
    customDomain: text('custom_domain'),
    loginTitle: text('login_title').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.type] }), uniqueIndex('white_labels_domain_uq').on(t.customDomain)],
);
