import { and, asc, count, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sponsorListViews, sponsorLogos, sponsors, sponsorTiers, sponsorVisits } from './sponsors.tables.ts';

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

    /** A sponsor of the event, whoever asks (the public click-through; the event names the organisation). */
    async sponsorOfEvent(eventId: string, id: string): Promise<SponsorRow | null> {
      const [row] = await db.select().from(sponsors).where(and(eq(sponsors.eventId, eventId), eq(sponsors.id, id))).limit(1);
      return row ?? null;
    },

    /* The sponsor's contact (user type 3). */
    /** Names the contact of a sponsor of this scope; 23505 when the account is already another sponsor's contact here. */
    async setContact(
      scope: Scope,
      id: string,
      contact: { contactEmail: string; contactUserId: string; contactNeedsPassword: boolean; invitedAt: Date; acceptedAt: Date | null },
    ): Promise<SponsorRow | null> {
      const [row] = await db
        .update(sponsors)
        .set({ ...contact, updatedAt: new Date() })
        .where(and(sponsorScope(scope), eq(sponsors.id, id)))
        .returning();
      return row ?? null;
    },
    /** The sponsors of the event this account is the contact of. */
    async sponsorsOfContact(eventId: string, userId: string): Promise<SponsorRow[]> {
      return db
        .select()
        .from(sponsors)
        .where(and(eq(sponsors.eventId, eventId), eq(sponsors.contactUserId, userId)))
        .orderBy(asc(sponsors.displayOrder), asc(sponsors.id));
    },
    /** The contact's change to their own sponsor (event, id and contact all named); null when it is not theirs. */
    async updateAsContact(
      eventId: string,
      id: string,
      userId: string,
      patch: { description?: string; website?: string; logoId?: string | null; acceptedAt?: Date; contactNeedsPassword?: boolean },
    ): Promise<SponsorRow | null> {
      const [row] = await db
        .update(sponsors)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(sponsors.eventId, eventId), eq(sponsors.id, id), eq(sponsors.contactUserId, userId)))
        .returning();
      return row ?? null;
    },

    /* Figures: a view of the Sponsors list once per viewer and day, a click-through once per visitor, sponsor and day. */
    async recordListView(eventId: string, day: string, viewer: string): Promise<void> {
      await db.insert(sponsorListViews).values({ eventId, day, viewer }).onConflictDoNothing();
    },
    async recordVisit(eventId: string, sponsorId: string, day: string, viewer: string): Promise<void> {
      await db.insert(sponsorVisits).values({ eventId, sponsorId, day, viewer }).onConflictDoNothing();
    },
    /** Per day from `fromDay` (inclusive, `YYYY-MM-DD`): the event's list views and this sponsor's click-throughs. */
    async figuresByDay(eventId: string, sponsorId: string, fromDay: string): Promise<{ views: Map<string, number>; clicks: Map<string, number> }> {
      const [views, clicks] = await Promise.all([
        db
          .select({ day: sponsorListViews.day, n: count() })
          .from(sponsorListViews)
          .where(and(eq(sponsorListViews.eventId, eventId), gte(sponsorListViews.day, fromDay)))
          .groupBy(sponsorListViews.day),
        db
          .select({ day: sponsorVisits.day, n: count() })
          .from(sponsorVisits)
          .where(and(eq(sponsorVisits.eventId, eventId), eq(sponsorVisits.sponsorId, sponsorId), gte(sponsorVisits.day, fromDay)))
          .groupBy(sponsorVisits.day),
      ]);
      return { views: new Map(views.map((r) => [r.day, r.n])), clicks: new Map(clicks.map((r) => [r.day, r.n])) };
    },
  };
}
export type SponsorsRepository = ReturnType<typeof createSponsorsRepository>;
