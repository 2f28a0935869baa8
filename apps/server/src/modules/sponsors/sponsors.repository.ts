import { and, asc, count, eq, gte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { sponsorCardViews, sponsorContacts, sponsorListViews, sponsorLogos, sponsors, sponsorTiers, sponsorVisits } from './sponsors.tables.ts';

export type TierRow = typeof sponsorTiers.$inferSelect;
export type SponsorRow = typeof sponsors.$inferSelect;
export type ContactRow = typeof sponsorContacts.$inferSelect;
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

    /* The sponsor's contacts (user type 3). */
    /** The contacts of these sponsors of the scope, in the order they were invited. */
    async contactsOf(scope: Scope, sponsorIds?: readonly string[]): Promise<ContactRow[]> {
      if (sponsorIds?.length === 0) return [];
      return db
        .select()
        .from(sponsorContacts)
        .where(and(eq(sponsorContacts.organisationId, scope.organisationId), eq(sponsorContacts.eventId, scope.eventId), sponsorIds ? inArray(sponsorContacts.sponsorId, [...sponsorIds]) : undefined))
        .orderBy(asc(sponsorContacts.createdAt), asc(sponsorContacts.id));
    },
    /** This account's contact row in the event (one sponsor per account and event), or null. */
    async contactOfUser(eventId: string, userId: string): Promise<ContactRow | null> {
      const [row] = await db.select().from(sponsorContacts).where(and(eq(sponsorContacts.eventId, eventId), eq(sponsorContacts.userId, userId))).limit(1);
      return row ?? null;
    },
    /**
     * Adds a contact to a sponsor of the scope, or (the account already its contact) dates its new invitation and
     * keeps its acceptance. The sponsor row is locked first, so two invitations at once cannot pass `max` together.
     * 'missing': no such sponsor; 'full': `max` contacts already. 23505 when the account became another sponsor's
     * contact meanwhile (the unique index decides).
     */
    async inviteContact(scope: Scope, sponsorId: string, contact: { email: string; userId: string; needsPassword: boolean; invitedAt: Date }, max: number): Promise<ContactRow | 'missing' | 'full'> {
      return db.transaction(async (tx) => {
        const [sponsor] = await tx.select({ id: sponsors.id }).from(sponsors).where(and(sponsorScope(scope), eq(sponsors.id, sponsorId))).for('update');
        if (!sponsor) return 'missing';
        const mine = and(eq(sponsorContacts.sponsorId, sponsorId), eq(sponsorContacts.eventId, scope.eventId));
        const [again] = await tx
          .update(sponsorContacts)
          .set({ email: contact.email, invitedAt: contact.invitedAt })
          .where(and(mine, eq(sponsorContacts.userId, contact.userId)))
          .returning();
        if (again) return again;
        const [n] = await tx.select({ n: count() }).from(sponsorContacts).where(mine);
        if ((n?.n ?? 0) >= max) return 'full';
        const [row] = await tx
          .insert(sponsorContacts)
          .values({ id: newId(), sponsorId, eventId: scope.eventId, organisationId: scope.organisationId, ...contact })
          .returning();
        return row!;
      });
    },
    async removeContact(scope: Scope, sponsorId: string, contactId: string): Promise<boolean> {
      const rows = await db
        .delete(sponsorContacts)
        .where(and(eq(sponsorContacts.organisationId, scope.organisationId), eq(sponsorContacts.eventId, scope.eventId), eq(sponsorContacts.sponsorId, sponsorId), eq(sponsorContacts.id, contactId)))
        .returning({ id: sponsorContacts.id });
      return rows.length > 0;
    },
    /** The sponsors of the event this account is a contact of, with that contact row. */
    async sponsorsOfContact(eventId: string, userId: string): Promise<{ sponsor: SponsorRow; contact: ContactRow }[]> {
      return db
        .select({ sponsor: sponsors, contact: sponsorContacts })
        .from(sponsorContacts)
        .innerJoin(sponsors, eq(sponsors.id, sponsorContacts.sponsorId))
        .where(and(eq(sponsorContacts.eventId, eventId), eq(sponsorContacts.userId, userId)))
        .orderBy(asc(sponsors.displayOrder), asc(sponsors.id));
    },
    /** The contact's own acceptance (their row, named by event, sponsor and account). */
    async acceptContact(eventId: string, sponsorId: string, userId: string, at: Date): Promise<ContactRow | null> {
      const [row] = await db
        .update(sponsorContacts)
        .set({ acceptedAt: at, needsPassword: false })
        .where(and(eq(sponsorContacts.eventId, eventId), eq(sponsorContacts.sponsorId, sponsorId), eq(sponsorContacts.userId, userId)))
        .returning();
      return row ?? null;
    },
    /** A contact's change to their own sponsor (event, id and an accepted contact row of theirs all named); null otherwise. */
    async updateAsContact(eventId: string, id: string, userId: string, patch: { description: string; website: string; logoId: string | null }): Promise<SponsorRow | null> {
      const isAcceptedContact = db
        .select({ id: sponsorContacts.sponsorId })
        .from(sponsorContacts)
        .where(and(eq(sponsorContacts.eventId, eventId), eq(sponsorContacts.sponsorId, id), eq(sponsorContacts.userId, userId), isNotNull(sponsorContacts.acceptedAt)));
      const [row] = await db
        .update(sponsors)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(sponsors.eventId, eventId), eq(sponsors.id, id), inArray(sponsors.id, isAcceptedContact)))
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
    /** Which of these ids are sponsors of the event. */
    async sponsorIdsOfEvent(eventId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: sponsors.id }).from(sponsors).where(and(eq(sponsors.eventId, eventId), inArray(sponsors.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },
    /** One statement for a page view's cards; answers how many were new for this viewer and day. */
    async recordCardViews(eventId: string, sponsorIds: readonly string[], day: string, viewer: string): Promise<number> {
      if (sponsorIds.length === 0) return 0;
      const rows = await db
        .insert(sponsorCardViews)
        .values(sponsorIds.map((sponsorId) => ({ sponsorId, eventId, day, viewer })))
        .onConflictDoNothing()
        .returning({ sponsorId: sponsorCardViews.sponsorId });
      return rows.length;
    },
    /** Per day from `fromDay` (inclusive, `YYYY-MM-DD`): this sponsor's card views and click-throughs. */
    async figuresByDay(eventId: string, sponsorId: string, fromDay: string): Promise<{ views: Map<string, number>; clicks: Map<string, number> }> {
      const [views, clicks] = await Promise.all([
        db
          .select({ day: sponsorCardViews.day, n: count() })
          .from(sponsorCardViews)
          .where(and(eq(sponsorCardViews.eventId, eventId), eq(sponsorCardViews.sponsorId, sponsorId), gte(sponsorCardViews.day, fromDay)))
          .groupBy(sponsorCardViews.day),
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
