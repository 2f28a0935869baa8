import { useQuery } from '@tanstack/react-query';
import { notificationsApi, notificationsKeys } from '../api/notifications-api.ts';

/** The participant's inbox (newest first, `pageSize` of them) with the unread count; one query for the bell and the list. */
export function useInbox(eventId: string | null, pageSize: number) {
  return useQuery({
    queryKey: [...notificationsKeys.inbox(eventId ?? ''), pageSize],
    queryFn: ({ signal }) => notificationsApi.mine(eventId!, { page: 1, pageSize }, signal),
    enabled: !!eventId,
    retry: false,
    // Live updates come over the socket; this catches what a socket that was down missed.
    refetchInterval: 120_000,
  });
}
