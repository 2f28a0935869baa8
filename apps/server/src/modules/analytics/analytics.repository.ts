import { and, count, countDistinct, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { pageViews } from './analytics.tables.ts';

/** The only file that queries analytics tables. */
export function createAnalyticsRepository(db: Db) {
  return {
    async recordPageView(row: typeof pageViews.$inferInsert): Promise<void> {
      await db.insert(pageViews).values(row);
    },
    /** Many views in one statement per thousand (imports, the demo's history). */
    async recordPageViews(rows: (typeof pageViews.$inferInsert)[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 1000) await db.insert(pageViews).values(rows.slice(i, i + 1000));
    },
    async pageViewStats(eventId: string, from: Date | null, to: Date, bucket: 'minute' | 'hour' | 'day') {
      const where: SQL[] = [eq(pageViews.eventId, eventId), lt(pageViews.createdAt, to)];
      if (from) where.push(gte(pageViews.createdAt, from));
      const cond = and(...where);
      const [totals] = await db.select({ total: count(), unique: countDistinct(pageViews.visitorId) }).from(pageViews).where(cond);
      const unit = sql.raw(`'${bucket}'`);
      const at = sql<string>`date_trunc(${unit}, ${pageViews.createdAt} at time zone 'UTC')`;
      const series = await db
        .select({ at, count: count() })
        .from(pageViews)
        .where(cond)
        .groupBy(at)
        .orderBy(at);
      return { total: totals?.total ?? 0, unique: totals?.unique ?? 0, series };
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
