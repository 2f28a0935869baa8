import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { leadBagMails } from './leads.tables.ts';

export type BagMailRow = typeof leadBagMails.$inferSelect;

/** A mail that failed this many times is given up (its row keeps the last error). */
export const BAG_MAIL_MAX_ATTEMPTS = 5;

/** The only queries of `lead_bag_mails` (brief bag by mail). */
export function createBagMailRepository(db: Db) {
  const isOwed = and(eq(leadBagMails.isOptedIn, true), isNull(leadBagMails.sentAt), lt(leadBagMails.attempts, BAG_MAIL_MAX_ATTEMPTS));
  return {
    async of(eventId: string, eventUserId: string): Promise<BagMailRow | null> {
      const [row] = await db.select().from(leadBagMails).where(and(eq(leadBagMails.eventId, eventId), eq(leadBagMails.eventUserId, eventUserId)));
      return row ?? null;
    },

    /** Turns the option on or off; turning it on again refreshes where the mail goes. A sent mail stays sent. */
    async set(row: { eventUserId: string; organisationId: string; eventId: string; email: string; name: string; isOptedIn: boolean; at: Date }): Promise<BagMailRow> {
      const [saved] = await db
        .insert(leadBagMails)
        .values({ ...row, updatedAt: row.at })
        .onConflictDoUpdate({
          target: leadBagMails.eventUserId,
          set: row.isOptedIn ? { isOptedIn: true, email: row.email, name: row.name, updatedAt: row.at, attempts: 0 } : { isOptedIn: false, updatedAt: row.at },
          // A participation belongs to one event: never let another event's call move this row.
          setWhere: eq(leadBagMails.eventId, row.eventId),
        })
        .returning();
      return saved!;
    },

    /** The events with mails owed (opted in, not sent, not given up). */
    async owedEvents(): Promise<string[]> {
      const rows = await db.selectDistinct({ eventId: leadBagMails.eventId }).from(leadBagMails).where(isOwed);
      return rows.map((r) => r.eventId);
    },

    /**
     * Claims up to `limit` owed rows of the event that no one holds (a conditional update with a lease: two senders, or
     * the sweep and the organiser's "Send now", never take the same row at once).
     */
    async claim(eventId: string, now: Date, leaseUntil: Date, limit: number): Promise<BagMailRow[]> {
      const free = or(isNull(leadBagMails.claimedUntil), lt(leadBagMails.claimedUntil, now));
      const ids = db
        .select({ id: leadBagMails.eventUserId })
        .from(leadBagMails)
        .where(and(eq(leadBagMails.eventId, eventId), isOwed, free))
        .orderBy(leadBagMails.updatedAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(leadBagMails)
        .set({ claimedUntil: leaseUntil })
        .where(and(inArray(leadBagMails.eventUserId, ids), isOwed, free))
        .returning();
    },

    /** Done: the mail went (or the bag was empty); the row is never claimed again. */
    async markSent(eventUserId: string, at: Date, documentCount: number): Promise<void> {
      await db.update(leadBagMails).set({ sentAt: at, documentCount, claimedUntil: null, lastError: null }).where(eq(leadBagMails.eventUserId, eventUserId));
    },

    /** The send failed: the claim is given back for a later sweep, and counted. */
    async release(eventUserId: string, error: string): Promise<void> {
      await db
        .update(leadBagMails)
        .set({ claimedUntil: null, lastError: error.slice(0, 500), attempts: sql`${leadBagMails.attempts} + 1` })
        .where(eq(leadBagMails.eventUserId, eventUserId));
    },
  };
}
export type BagMailRepository = ReturnType<typeof createBagMailRepository>;
