import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** An organisation (host account) owns events; every tenant row points at one. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  whiteLabelType: text('white_label_type'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id),
    email: text('email').notNull(),
    contactNo: text('contact_no'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    logo: text('logo').notNull().default(''),
    userType: integer('user_type').notNull(),
    role: text('role').notNull(),
    isInternational: boolean('is_international').notNull().default(false),
    whiteLabelType: text('white_label_type'),
    sessionUserType: integer('session_user_type'),
    isRegionTeam: boolean('is_region_team').notNull().default(false),
    /** SPEC §3.10 access level: 1 Admin Access (every code), 2 User Access (the role's codes). */
    accessLevel: integer('access_level').notNull().default(1),
    roleId: text('role_id'),
    regionId: text('region_id'),
    companyId: text('company_id'),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_contact_no_uq').on(t.contactNo),
    index('users_org_idx').on(t.organisationId),
  ],
);

/** Rotating refresh tokens, stored as SHA-256 hashes; a family is revoked when a rotated token is replayed. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Failed logins, counted per account and per IP over a sliding 15-minute window. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_bucket_idx').on(t.bucket, t.createdAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_code_uq').on(t.codeHash)],
);

/** One-time auto-login keys for exe/lgn, adl and ebf/lgn links. */
export const autoLoginKeys = pgTable(
  'auto_login_keys',
  {
    id: text('id').primaryKey(),
    keyHash: text('key_hash').notNull(),
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id'),
    formId: text('form_id'),
    boothId: text('booth_id'),
    createdBy: text('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auto_login_keys_hash_uq').on(t.keyHash)],
);

