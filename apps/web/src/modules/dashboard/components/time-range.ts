import { TIME_RANGE_FILTER_OPTIONS, TimeRangeFilter, type TTimeRangeFilter } from '@pavilion/domain';

/** SPEC §9 time-range id from the URL (`?range=2`); anything else is the default, Today. */
export function parseTimeRange(raw: string | null): TTimeRangeFilter {
  const id = Number(raw);
  return TIME_RANGE_FILTER_OPTIONS.some((o) => o.id === id) ? (id as TTimeRangeFilter) : TimeRangeFilter.Today;
}
