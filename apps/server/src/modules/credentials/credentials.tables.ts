import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { registrations } from '../registration/registration.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One Ed25519 key pair per event (pretix: per event), made on first use. Devices get the public half. */
export const eventSigningKeys = pgTable('event_signing_keys', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  /** Raw 32-byte public key, base64url. */
  publicKey: text('public_key').notNull(),
  /** PKCS#8 DER private key, base64url. Never leaves the server. */
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The one credential of a registration. `version` is bumped by a re-issue: a token carrying an older version is
 * revoked. `status` = revoked stops every version until the next re-issue.
 */
export const credentials = pgTable(
  'credentials',
  {
    registrationId: text('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    version: integer('version').notNull().default(1),
    token: text('token').notNull(),
    status: text('status').notNull().default('active'),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('credentials_event_idx').on(t.eventId), uniqueIndex('credentials_token_uq').on(t.token)],
);
