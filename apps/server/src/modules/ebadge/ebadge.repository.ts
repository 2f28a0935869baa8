import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { events } from '../events/events.tables.ts';
import { orders, registrations, tickets, visitorCategories } from '../registration/registration.tables.ts';
import { ebadgeSettings, walletConfigs } from './ebadge.tables.ts';

export type EbadgeSettingsRow = typeof ebadgeSettings.$inferSelect;
export type WalletConfigRow = typeof walletConfigs.$inferSelect;

/** A registration with everything its e-badge shows. */
export type EbadgeSource = {
  id: string;
  organisationId: string;
  eventId: string;
  firstName: string;
  lastName: string;
  email: string;
  answers: Record<string, unknown>;
  approvalStatus: string;
  ticketId: string;
  ticketName: string | null;
  categoryName: string | null;
  registrationNo: string;
  orderStatus: string;
  paymentStatus: string;
  photoUpdatedAt: Date | null;
  event: { id: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string; description: string };
};

const sourceColumns = {
  id: registrations.id,
  organisationId: registrations.organisationId,
  eventId: registrations.eventId,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  email: registrations.email,
  answers: registrations.answers,
  approvalStatus: registrations.approvalStatus,
  ticketId: registrations.ticketId,
  ticketName: tickets.name,
  categoryName: visitorCategories.name,
  registrationNo: orders.registrationNo,
  orderStatus: orders.status,
  paymentStatus: orders.paymentStatus,
  photoUpdatedAt: registrations.photoUpdatedAt,
  eventName: events.name,
  startDate: events.startDate,
  endDate: events.endDate,
  timeZone: events.timeZone,
  venue: events.venue,
  description: events.description,
};

type SourceRow = { [K in keyof typeof sourceColumns]: (typeof sourceColumns)[K]['_']['data'] | null };

function toSource(r: SourceRow): EbadgeSource {
  return {
    id: r.id!,
    organisationId: r.organisationId!,
    eventId: r.eventId!,
    firstName: r.firstName!,
    lastName: r.lastName ?? '',
    email: r.email!,
    answers: (r.answers ?? {}) as Record<string, unknown>,
    approvalStatus: r.approvalStatus!,
    ticketId: r.ticketId!,
    ticketName: r.ticketName,
    categoryName: r.categoryName,
    registrationNo: r.registrationNo!,
    orderStatus: r.orderStatus!,
    paymentStatus: r.paymentStatus!,
    photoUpdatedAt: r.photoUpdatedAt,
    event: { id: r.eventId!, name: r.eventName!, startDate: r.startDate!, endDate: r.endDate!, timeZone: r.timeZone!, venue: r.venue ?? '', description: r.description ?? '' },
  };
}

/**
 * The only file that queries e-badge settings and wallet configs. Like the credentials repository it reads the
 * registration tables (read-only), because an e-badge is a view of one registration.
 */
export function createEbadgeRepository(db: Db) {
  const base = () =>
    db
      .select(sourceColumns)
      .from(registrations)
      .innerJoin(orders, eq(orders.id, registrations.orderId))
      .innerJoin(events, eq(events.id, registrations.eventId))
      .leftJoin(tickets, eq(tickets.id, registrations.ticketId))
      .leftJoin(visitorCategories, eq(visitorCategories.id, registrations.categoryId));
  return {
    async findSource(registrationId: string): Promise<EbadgeSource | null> {
      const [row] = await base().where(eq(registrations.id, registrationId)).limit(1);
      return row ? toSource(row as SourceRow) : null;
    },
    async sourceInEvent(eventId: string, registrationId: string): Promise<EbadgeSource | null> {
      const [row] = await base().where(and(eq(registrations.id, registrationId), eq(registrations.eventId, eventId))).limit(1);
      return row ? toSource(row as SourceRow) : null;
    },
    /** The e-badges of one person across events, matched by email (case-insensitive), newest event first. */
    async sourcesByEmail(email: string, limit = 200): Promise<EbadgeSource[]> {
      const rows = await base()
        .where(sql`lower(${registrations.email}) = lower(${email})`)
        .orderBy(desc(events.startDate), desc(registrations.createdAt))
        .limit(limit);
      return (rows as SourceRow[]).map(toSource);
    },
    async findSettings(eventId: string): Promise<EbadgeSettingsRow | null> {
      const [row] = await db.select().from(ebadgeSettings).where(eq(ebadgeSettings.eventId, eventId)).limit(1);
      return row ?? null;
    },
    async upsertSettings(row: typeof ebadgeSettings.$inferInsert): Promise<EbadgeSettingsRow> {
      const [saved] = await db
        .insert(ebadgeSettings)
        .values(row)
        .onConflictDoUpdate({ target: ebadgeSettings.eventId, set: { verificationReveal: row.verificationReveal, showCategory: row.showCategory, shareOptions: row.shareOptions, updatedAt: new Date() } })
        .returning();
      return saved!;
    },
    async findWallet(organisationId: string): Promise<WalletConfigRow | null> {
      const [row] = await db.select().from(walletConfigs).where(eq(walletConfigs.organisationId, organisationId)).limit(1);
      return row ?? null;
    },
    async upsertWallet(row: typeof walletConfigs.$inferInsert): Promise<void> {
      const set: Partial<typeof walletConfigs.$inferInsert> = { updatedAt: new Date() };
      if (row.google !== undefined) set.google = row.google;
      if (row.apple !== undefined) set.apple = row.apple;
      await db.insert(walletConfigs).values(row).onConflictDoUpdate({ target: walletConfigs.organisationId, set });
    },
  };
}
export type EbadgeRepository = ReturnType<typeof createEbadgeRepository>;
