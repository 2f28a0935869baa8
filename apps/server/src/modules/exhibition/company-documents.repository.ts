import { and, asc, count, countDistinct, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { exhibitionMediaActions } from './exhibition.tables.ts';

type Company = { eventId: string; companyId: string };
const ofCompany = (c: Company) => and(eq(exhibitionMediaActions.eventId, c.eventId), eq(exhibitionMediaActions.companyId, c.companyId));

/** The SPEC §9 report actions on a company's booth and documents (exhibition_media_actions, shared with videos). */
export function createCompanyDocumentsRepository(db: Db) {
  return {
    /** Records an action once per participant, item and day ('' for once ever); anonymous rows always count. True when new. */
    async recordAction(row: typeof exhibitionMediaActions.$inferInsert): Promise<boolean> {
      const out = await db.insert(exhibitionMediaActions).values(row).onConflictDoNothing().returning({ id: exhibitionMediaActions.id });
      return out.length > 0;
    },
    /** Counts per item and action of one analytics type. */
    async counts(c: Company, analyticsType: number): Promise<Map<string, Map<number, number>>> {
      const rows = await db
        .select({ itemId: exhibitionMediaActions.itemId, action: exhibitionMediaActions.action, n: count() })
        .from(exhibitionMediaActions)
        .where(and(ofCompany(c), eq(exhibitionMediaActions.analyticsType, analyticsType)))
        .groupBy(exhibitionMediaActions.itemId, exhibitionMediaActions.action);
      const out = new Map<string, Map<number, number>>();
      for (const r of rows) {
        if (!out.has(r.itemId)) out.set(r.itemId, new Map());
        out.get(r.itemId)!.set(r.action, r.n);
      }
      return out;
    },
    /** Booth views (analytics type 3) by day, and how many participants they were. */
    async boothViews(c: Company, analyticsType: number, action: number): Promise<{ byDay: { day: string; n: number }[]; visitors: number; anonymous: number }> {
      const where = and(ofCompany(c), eq(exhibitionMediaActions.analyticsType, analyticsType), eq(exhibitionMediaActions.action, action));
      const [byDay, [who]] = await Promise.all([
        db.select({ day: exhibitionMediaActions.day, n: count() }).from(exhibitionMediaActions).where(where).groupBy(exhibitionMediaActions.day).orderBy(asc(exhibitionMediaActions.day)),
        db.select({ visitors: countDistinct(exhibitionMediaActions.eventUserId), named: count(exhibitionMediaActions.eventUserId), all: count() }).from(exhibitionMediaActions).where(where),
      ]);
      return { byDay, visitors: who?.visitors ?? 0, anonymous: (who?.all ?? 0) - (who?.named ?? 0) };
    },
    async deleteActions(c: Company, itemId: string): Promise<void> {
      await db.delete(exhibitionMediaActions).where(and(ofCompany(c), eq(exhibitionMediaActions.itemId, itemId)));
    },
  };
}
export type CompanyDocumentsRepository = ReturnType<typeof createCompanyDocumentsRepository>;
