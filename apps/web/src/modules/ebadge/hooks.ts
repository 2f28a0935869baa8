import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { httpStatusOf } from '../../app/api-client.ts';
import { queryClient } from '../../app/query-client.ts';
import { ebadgeApi } from './api/ebadge-api.ts';
import { ebadgeKeys } from './api/ebadge-keys.ts';

const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

/** The public e-badge read: one definition for the pages' hook and their routes' early start. */
export function ebadgeQuery(eventUserId: string) {
  return queryOptions({ queryKey: ebadgeKeys.view(eventUserId), queryFn: ({ signal }) => ebadgeApi.view(eventUserId, signal), retry: noRetryOn4xx });
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
