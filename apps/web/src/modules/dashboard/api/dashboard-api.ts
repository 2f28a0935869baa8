import type { TEventOverview, TTimeRangeFilter } from '@pavilion/domain';
import { api } from '../../../app/api-client.ts';

/** The dashboard module's one query-key factory. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overviews: () => [...dashboardKeys.all, 'overview'] as const,
  overview: (eventId: string, range: TTimeRangeFilter) => [...dashboardKeys.overviews(), eventId, range] as const,
};

export const dashboardApi = {
  /** GET analytics/api/events/{eventId}/overview?range= (AP-1 Summary: View). */
  overview: (eventId: string, range: TTimeRangeFilter, signal?: AbortSignal) =>
    api.get<TEventOverview>(`analytics/api/events/${encodeURIComponent(eventId)}/overview`, { query: { range }, signal, isSilent: true }),
};
