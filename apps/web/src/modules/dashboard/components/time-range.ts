import { TIME_RANGE_FILTER_OPTIONS, TimeRangeFilter, type TTimeRangeFilter } from '@pavilion/domain';

/** SPEC §9 time-range id from the URL (`?range=2`); anything else is the default (Today unless told). */
export function parseTimeRange(raw: string | null, fallback: TTimeRangeFilter = TimeRangeFilter.Today): TTimeRangeFilter {
  const id = Number(raw);
  return raw !== null && TIME_RANGE_FILTER_OPTIONS.some((o) => o.id === id) ? (id as TTimeRangeFilter) : fallback;
}
