import { TimeRangeFilter, type TTimeRangeFilter } from './analytics.enums.ts';

export type TTimeRangeBounds = { from: Date | null; to: Date; bucket: 'minute' | 'hour' | 'day' };

/** "Now" in a live dashboard: the last five minutes. */
export const NOW_WINDOW_MS = 5 * 60 * 1000;

/** Minutes east of UTC of a time zone at an instant, from Intl (no tz database in the bundle). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Midnight of the calendar day of `at` in `timeZone`, `addDays` days later, as an instant. */
function startOfZonedDay(at: Date, timeZone: string, addDays = 0): Date {
  const offset = zoneOffsetMinutes(timeZone, at);
  const local = new Date(at.getTime() + offset * 60_000);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + addDays);
  // Re-read the offset at that midnight: it may differ across a daylight-saving change.
  const guess = new Date(midnightLocal - offset * 60_000);
  return new Date(midnightLocal - zoneOffsetMinutes(timeZone, guess) * 60_000);
}

/**
 * SPEC §9 time-range filter ids as instants, in the event's time zone. Weeks start on Monday. "All Dates" has no
 * lower bound.
 */
export function timeRangeBounds(id: TTimeRangeFilter, now: Date, timeZone: string): TTimeRangeBounds {
  const minutesAgo = (m: number): TTimeRangeBounds => ({ from: new Date(now.getTime() - m * 60_000), to: now, bucket: 'minute' });
  switch (id) {
    case TimeRangeFilter.Now:
      return { from: new Date(now.getTime() - NOW_WINDOW_MS), to: now, bucket: 'minute' };
    case TimeRangeFilter.Last15Min:
      return minutesAgo(15);
    case TimeRangeFilter.Last30Min:
      return minutesAgo(30);
    case TimeRangeFilter.Last1Hour:
      return minutesAgo(60);
    case TimeRangeFilter.Today:
      return { from: startOfZonedDay(now, timeZone), to: now, bucket: 'hour' };
    case TimeRangeFilter.Yesterday:
      return { from: startOfZonedDay(now, timeZone, -1), to: startOfZonedDay(now, timeZone), bucket: 'hour' };
    case TimeRangeFilter.ThisWeek: {
      const offset = zoneOffsetMinutes(timeZone, now);
      const weekday = (new Date(now.getTime() + offset * 60_000).getUTCDay() + 6) % 7;
      return { from: startOfZonedDay(now, timeZone, -weekday), to: now, bucket: 'day' };
    }
    case TimeRangeFilter.ThisMonth: {
      const offset = zoneOffsetMinutes(timeZone, now);
      const dayOfMonth = new Date(now.getTime() + offset * 60_000).getUTCDate();
      return { from: startOfZonedDay(now, timeZone, -(dayOfMonth - 1)), to: now, bucket: 'day' };
    }
    case TimeRangeFilter.Last90Days:
      return { from: new Date(now.getTime() - 90 * 24 * 3600 * 1000), to: now, bucket: 'day' };
    case TimeRangeFilter.AllDates:
    default:
      return { from: null, to: now, bucket: 'day' };
  }
}

export const BUCKET_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export type TBucket = keyof typeof BUCKET_MS;
const MAX_BUCKETS = 400;

/**
 * The start of the bucket holding `ms`. Buckets are aligned to the wall clock `offsetMinutes` east of UTC (the
 * event's offset now), so a day bucket starts at the event's midnight; 0 aligns them to UTC.
 */
export function bucketStartMs(ms: number, bucket: TBucket, offsetMinutes = 0): number {
  const step = BUCKET_MS[bucket];
  const shift = offsetMinutes * 60_000;
  return Math.floor((ms + shift) / step) * step - shift;
}

/**
 * A chart wants every bucket of the range, empty ones as `empty`. An open range ("All Dates") starts at the first
 * bucket with data; a range of more than 400 buckets keeps only the buckets with data.
 */
export function fillBuckets<V extends Record<string, number>>(
  points: readonly ({ at: Date } & V)[],
  from: Date | null,
  to: Date,
  bucket: TBucket,
  empty: V,
  offsetMinutes = 0,
): ({ at: string } & V)[] {
  const step = BUCKET_MS[bucket];
  const out = (at: number, v: V) => ({ ...v, at: new Date(at).toISOString() }) as { at: string } & V;
  const valuesOf = ({ at: _at, ...v }: { at: Date } & V) => v as unknown as V;
  const sorted = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = from ?? sorted[0]?.at;
  if (!first) return [];
  const start = bucketStartMs(first.getTime(), bucket, offsetMinutes);
  const end = bucketStartMs(to.getTime() - 1, bucket, offsetMinutes);
  if ((end - start) / step > MAX_BUCKETS) return sorted.map((p) => out(p.at.getTime(), valuesOf(p)));
  const byTime = new Map(sorted.map((p) => [p.at.getTime(), valuesOf(p)]));
  const filled: ({ at: string } & V)[] = [];
  for (let t = start; t <= end; t += step) filled.push(out(t, byTime.get(t) ?? empty));
  return filled;
}

/**
 * A report's window for a SPEC §9 range id at `now`, in the event's time zone: what the report answers about itself
 * (`window`), the instants to query and the offset its time buckets align to.
 */
export function reportWindow(range: number, now: Date, timeZone: string) {
  const bounds = timeRangeBounds(range as TTimeRangeFilter, now, timeZone);
  return {
    bounds,
    offsetMinutes: zoneOffsetMinutes(timeZone, now),
    window: { range, from: bounds.from?.toISOString() ?? null, to: bounds.to.toISOString(), bucket: bounds.bucket, timeZone },
  };
}
