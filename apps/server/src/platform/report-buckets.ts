import { and, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUCKET_MS, type TBucket } from '@pavilion/domain';

/**
 * A report's time bucket of a timestamp column, as the bucket's start in epoch milliseconds, aligned like the
 * domain's `bucketStartMs` (to the wall clock `offsetMinutes` east of UTC). The step and shift are server-computed
 * integers written into the text, so GROUP BY sees the very same expression as the SELECT.
 */
export function bucketStartSql(column: AnyColumn, bucket: TBucket, offsetMinutes: number): SQL<string> {
  const step = BUCKET_MS[bucket];
  const shift = Math.trunc(offsetMinutes) * 60_000;
  return sql<string>`(floor((extract(epoch from ${column}) * 1000 + ${sql.raw(String(shift))}) / ${sql.raw(String(step))}) * ${sql.raw(String(step))} - ${sql.raw(String(shift))})::bigint`;
}

/** The `WHERE` bounds of a report window on a timestamp column: [from, to). */
export function inWindow(column: AnyColumn, from: Date | null, to: Date): SQL {
  return from ? and(gte(column, from), lt(column, to))! : lt(column, to);
}
