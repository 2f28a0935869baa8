import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { httpStatusOf } from '../../app/api-client.ts';
import { takeFirstPaintData } from '../../app/first-paint-data.ts';
import { queryClient } from '../../app/query-client.ts';
import { ebadgeApi } from './api/ebadge-api.ts';
import { ebadgeKeys } from './api/ebadge-keys.ts';

/** How long the server-written e-badge counts as fresh (every later read keeps the default: stale at once). */
const FIRST_PAINT_FRESH_MS = 10_000;

const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

/**
 * The public e-badge read: one definition for the pages' hook and their routes' early start. It starts from the answer
 * the server wrote into the page, when it did (app/first-paint-data.ts), which counts as fresh for a few seconds so
 * the early start and the first render do not read it again at once.
 */
export function ebadgeQuery(eventUserId: string) {
  return queryOptions({
    queryKey: ebadgeKeys.view(eventUserId),
    queryFn: ({ signal }) => ebadgeApi.view(eventUserId, signal),
    retry: noRetryOn4xx,
    initialData: () => (eventUserId ? takeFirstPaintData('GET /api/eventservices/public/ebadges/:eventUserId', { eventUserId }) : undefined),
    staleTime: (query) => (query.state.dataUpdateCount === 0 && query.state.data !== undefined ? FIRST_PAINT_FRESH_MS : 0),
  });
}

/** The e-badge pages' early start (app/route-helpers.tsx): the badge read leaves before the page renders. */
export function startEbadgeData({ eventUserId }: Params): void {
  if (eventUserId) void queryClient.prefetchQuery(ebadgeQuery(eventUserId));
}

export function useEbadge(eventUserId: string) {
  return useQuery({ ...ebadgeQuery(eventUserId), enabled: eventUserId !== '' });
}

export function useMyEbadges() {
  return useQuery({ queryKey: ebadgeKeys.mine(), queryFn: ({ signal }) => ebadgeApi.mine(signal), retry: noRetryOn4xx });
}

export function useVerifyInfo(eventId: string) {
  return useQuery({ queryKey: ebadgeKeys.verifyInfo(eventId), queryFn: ({ signal }) => ebadgeApi.verifyInfo(eventId, signal), retry: noRetryOn4xx, enabled: eventId !== '' });
}
