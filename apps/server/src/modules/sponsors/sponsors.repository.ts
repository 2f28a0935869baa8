import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sponsorLogos, sponsors, sponsorTiers } from './sponsors.tables.ts';

export type TierRow = typeof sponsorTiers.$inferSelect;
export type SponsorRow = typeof sponsors.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Tx | Db;
export type Scope = { organisationId: string; eventId: string };

const tierScope = (s: Scope) => and(eq(sponsorTiers.organisationId, s.organisationId), eq(sponsorTiers.eventId, s.eventId));
const sponsorScope = (s: Scope) => and(eq(sponsors.organisationId, s.organisationId), eq(sponsors.eventId, s.eventId));

/**
 * The only file that queries the sponsor tables. Organiser queries name the organisation and the event; the
 * attendee's read names the event (the portal module checked it first).
 */
export function createSponsorsRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
    /** Serialises changes to one event's tiers and sponsors (orders, counts, the empty-tier check). */
    async lockEvent(tx: Tx, eventId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sponsors:${eventId}`}))`);
    },

    async tiers(scope: Scope, q: Q = db): Promise<TierRow[]> {
      return q.select().from(sponsorTiers).where(tierScope(scope)).orderBy(asc(sponsorTiers.displayOrder), asc(sponsorTiers.id));
    },
    async tier(scope: Scope, id: string, q: Q = db): Promise<TierRow | null> {
      const [row] = await q.select().from(sponsorTiers).where(and(tierScope(scope), eq(sponsorTiers.id, id))).limit(1);
      return row ?? null;
    },
    async nextTierOrder(tx: Tx, scope: Scope): Promise<{ next: number; count: number }> {
      const [row] = await tx.select({ top: max(sponsorTiers.displayOrder), n: count() }).from(sponsorTiers).where(tierScope(scope));
      return { next: (row?.top ?? 0) + 1, count: row?.n ?? 0 };
    },
    async insertTier(tx: Tx, row: typeof sponsorTiers.$inferInsert): Promise<TierRow> {
      const [saved] = await tx.insert(sponsorTiers).values(row).returning();
      return saved!;
    },
    async updateTier(scope: Scope, id: string, patch: { name: string; nameKey: string; colour: string | null }): Promise<TierRow | null> {
      const [row] = await db
        .update(sponsorTiers)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(tierScope(scope), eq(sponsorTiers.id, id)))
        .returning();
      return row ?? null;
    },
    async deleteTier(tx: Tx, scope: Scope, id: string): Promise<boolean> {
      const rows = await tx.delete(sponsorTiers).where(and(tierScope(scope), eq(sponsorTiers.id, id))).returning({ id: sponsorTiers.id });
      return rows.length > 0;
    },
    async setTierOrders(tx: Tx, scope: Scope, ids: readonly string[]): Promise<void> {
      for (const [i, id] of ids.entries()) await tx.update(sponsorTiers).set({ displayOrder: i + 1 }).where(and(tierScope(scope), eq(sponsorTiers.id, id)));
    },

    async sponsors(scope: Scope, q: Q = db): Promise<SponsorRow[]> {
      return q.select().from(sponsors).where(sponsorScope(scope)).orderBy(asc(sponsors.displayOrder), asc(sponsors.id));
    },
    async sponsorIdsOfTier(tx: Tx, scope: Scope, tierId: string): Promise<string[]> {
      const rows = await tx.select({ id: sponsors.id }).from(sponsors).where(and(sponsorScope(scope), eq(sponsors.tierId, tierId)));
      return rows.map((r) => r.id);
    },
    async sponsor(scope: Scope, id: string, q: Q = db): Promise<SponsorRow | null> {
      const [row] = await q.select().from(sponsors).where(and(sponsorScope(scope), eq(sponsors.id, id))).limit(1);
      return row ?? null;
    },
    async countSponsors(tx: Tx, scope: Scope): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(sponsors).where(sponsorScope(scope));
      return row?.n ?? 0;
    },
    async nextSponsorOrder(tx: Tx, scope: Scope, tierId: string): Promise<number> {
      const [row] = await tx.select({ top: max(sponsors.displayOrder) }).from(sponsors).where(and(sponsorScope(scope), eq(sponsors.tierId, tierId)));
      return (row?.top ?? 0) + 1;
    },
    async insertSponsor(tx: Tx, row: typeof sponsors.$inferInsert): Promise<SponsorRow> {
      const [saved] = await tx.insert(sponsors).values(row).returning();
      return saved!;
    },
    async updateSponsor(tx: Tx, scope: Scope, id: string, patch: Partial<typeof sponsors.$inferInsert>): Promise<SponsorRow | null> {
      const [row] = await tx
        .update(sponsors)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(sponsorScope(scope), eq(sponsors.id, id)))
        .returning();
      return row ?? null;
    },
    async deleteSponsor(scope: Scope, id: string): Promise<boolean> {
      const rows = await db.delete(sponsors).where(and(sponsorScope(scope), eq(sponsors.id, id))).returning({ id: sponsors.id });
      return rows.length > 0;
    },
    async setSponsorOrders(tx: Tx, scope: Scope, ids: readonly string[]): Promise<void> {
      for (const [i, id] of ids.entries()) await tx.update(sponsors).set({ displayOrder: i + 1 }).where(and(sponsorScope(scope), eq(sponsors.id, id)));
    },

    async insertLogo(row: typeof sponsorLogos.$inferInsert): Promise<void> {
      await db.insert(sponsorLogos).values(row);
    },
    /** Whether this logo was uploaded to this event (a sponsor may only show its own event's logos). */
    async hasLogo(scope: Scope, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: sponsorLogos.id })
        .from(sponsorLogos)
        .where(and(eq(sponsorLogos.organisationId, scope.organisationId), eq(sponsorLogos.eventId, scope.eventId), eq(sponsorLogos.id, id)))
        .limit(1);
      return rows.length > 0;
    },
    async logo(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ contentType: sponsorLogos.contentType, bytes: sponsorLogos.bytes }).from(sponsorLogos).where(eq(sponsorLogos.id, id)).limit(1);
      return row ?? null;
    },

    /** The attendee's read: the event's tiers and sponsors in order (the event was checked by the portal first). */
    async showcase(eventId: string): Promise<{ tiers: TierRow[]; sponsors: SponsorRow[] }> {
      const [tiers, rows] = await Promise.all([
        db.select().from(sponsorTiers).where(eq(sponsorTiers.eventId, eventId)).orderBy(asc(sponsorTiers.displayOrder), asc(sponsorTiers.id)),
        db.select().from(sponsors).where(eq(sponsors.eventId, eventId)).orderBy(asc(sponsors.displayOrder), asc(sponsors.id)),
      ]);
      return { tiers, sponsors: rows };
    },
  };
}
export type SponsorsRepository = ReturnType<typeof createSponsorsRepository>;
