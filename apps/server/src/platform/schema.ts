/** Every table, for drizzle's typed queries. Each module owns its *.tables.ts. */
export * from './platform.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/events/events.tables.ts';
export * from '../modules/analytics/analytics.tables.ts';
export * from '../modules/workspace/workspace.tables.ts';
export * from '../modules/registration/registration.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/credentials/credentials.tables.ts';
export * from '../modules/ebadge/ebadge.tables.ts';
export * from '../modules/certificates/certificates.tables.ts';
export * from '../modules/badges/badges.tables.ts';
export * from '../modules/checkin/checkin.tables.ts';
export * from '../modules/venue/venue.tables.ts';
export * from '../modules/profile/profile.tables.ts';
export * from '../modules/chat/chat.tables.ts';
export * from '../modules/portal/portal.tables.ts';
