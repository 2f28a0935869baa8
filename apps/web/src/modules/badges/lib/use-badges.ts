import { useQuery } from '@tanstack/react-query';
import { badgesApi } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';

export function useBadgeFields(eventId: string) {
  return useQuery({ queryKey: badgesKeys.fields(eventId), queryFn: ({ signal }) => badgesApi.fields(eventId, signal), enabled: Boolean(eventId) });
}
export function useBadgeTemplates(eventId: string) {
  return useQuery({ queryKey: badgesKeys.templates(eventId), queryFn: ({ signal }) => badgesApi.templates(eventId, signal), enabled: Boolean(eventId) });
}
/** Polls a bulk job every 700 ms until it is done or failed (the progress bar). */
export function useBadgeJob(eventId: string, jobId: string | null) {
  return useQuery({
    queryKey: badgesKeys.job(eventId, jobId ?? ''),
    queryFn: ({ signal }) => badgesApi.job(eventId, jobId!, signal),
    enabled: Boolean(eventId && jobId),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 700),
  });
}
