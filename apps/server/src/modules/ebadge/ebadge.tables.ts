import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TShareOption } from '@pavilion/domain';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** E-badge settings of one event (T-67): what verification pages reveal, which share options are active. */
export const ebadgeSettings = pgTable('ebadge_settings', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  verificationReveal: text('verification_reveal').notNull().default('firstName'),
  showCategory: boolean('show_category').notNull().default(true),
  shareOptions: jsonb('share_options').$type<TShareOption[]>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type GoogleWalletKeys = { issuerId: string; serviceAccountEmail: string; privateKeyPem: string };
export type AppleWalletKeys = { passTypeIdentifier: string; teamIdentifier: string; signerCertPem: string; signerKeyPem: string; signerKeyPassphrase?: string; wwdrPem: string };

/**
 * Wallet keys an organisation entered in its settings (env vars of the install win). Secrets never leave the server:
 * no route returns these columns.
 */
export const walletConfigs = pgTable('wallet_configs', {
  organisationId: text('organisation_id').primaryKey(),
  google: jsonb('google').$type<GoogleWalletKeys>(),
  apple: jsonb('apple').$type<AppleWalletKeys>(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
