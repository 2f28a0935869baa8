import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TimeRangeFilter, type TTimeRangeFilter } from '@pavilion/domain';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api.ts';

/** "Now" and the last-minutes ranges are live views: poll them; longer ranges refresh on focus. */
const LIVE_RANGES: readonly TTimeRangeFilter[] = [TimeRangeFilter.Now, TimeRangeFilter.Last15Min, TimeRangeFilter.Last30Min, TimeRangeFilter.Last1Hour];

export function useEventOverview(eventId: string, range: TTimeRangeFilter) {
  const isLive = LIVE_RANGES.includes(range);
  return useQuery({
    queryKey: dashboardKeys.overview(eventId, range),
    queryFn: ({ signal }) => dashboardApi.overview(eventId, range, signal),
    placeholderData: keepPreviousData,
    refetchInterval: isLive ? 30_000 : false,
    staleTime: isLive ? 10_000 : 60_000,
    // Seats and check-ins move by other people's hands: refetch on focus (and on the socket's "countsChanged").
    refetchOnWindowFocus: true,
  });
}
