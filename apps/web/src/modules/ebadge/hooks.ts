import { useQuery } from '@tanstack/react-query';
import { httpStatusOf } from '../../app/api-client.ts';
import { ebadgeApi } from './api/ebadge-api.ts';
import { ebadgeKeys } from './api/ebadge-keys.ts';

const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

export function useEbadge(eventUserId: string) {
  return useQuery({ queryKey: ebadgeKeys.view(eventUserId), queryFn: ({ signal }) => ebadgeApi.view(eventUserId, signal), retry: noRetryOn4xx, enabled: eventUserId !== '' });
}

export function useMyEbadges() {
  return useQuery({ queryKey: ebadgeKeys.mine(), queryFn: ({ signal }) => ebadgeApi.mine(signal), retry: noRetryOn4xx });
}

export function useVerifyInfo(eventId: string) {
  return useQuery({ queryKey: ebadgeKeys.verifyInfo(eventId), queryFn: ({ signal }) => ebadgeApi.verifyInfo(eventId, signal), retry: noRetryOn4xx, enabled: eventId !== '' });
}
