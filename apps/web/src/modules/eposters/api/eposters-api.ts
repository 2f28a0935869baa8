import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEposterBrowseQuery, TEposterCreate, TEposterUpdate } from '@pavilion/domain/eposters/eposters.schemas';
import { api, httpStatusOf } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

const EV = '/api/scheduleservices/api/events/:eventId';

export const epostersKeys = {
  all: (eventId: string) => ['eposters', eventId] as const,
  orgList: (eventId: string) => ['eposters', eventId, 'org'] as const,
  sessions: (eventId: string) => ['eposters', eventId, 'sessions'] as const,
  browse: (eventId: string, q: TEposterBrowseQuery) => ['eposters', eventId, 'browse', q] as const,
  view: (eventId: string, posterId: string) => ['eposters', eventId, 'view', posterId] as const,
};

/** Organiser: the event's e-posters (AP-756 view, AP-757 upload, AP-758 delete). */
export const epostersOrgApi = {
  list: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/eposters`, { params: { eventId }, signal }),
  sessionOptions: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/eposters/session-options`, { params: { eventId }, signal }),
  create: (eventId: string, body: TEposterCreate) => api.call(`POST ${EV}/eposters`, { params: { eventId }, body }),
  update: (eventId: string, posterId: string, body: TEposterUpdate) => api.call(`PUT ${EV}/eposters/:posterId`, { params: { eventId, posterId }, body }),
  remove: (eventId: string, posterId: string) => api.call(`DELETE ${EV}/eposters/:posterId`, { params: { eventId, posterId } }),
  download: (eventId: string, posterId: string, fileName: string) => downloadFile(api.url(`GET ${EV}/eposters/:posterId/file`, { params: { eventId, posterId } }), {}, fileName),
};

/** Attendee: the web portal's E-Poster entry of the event they signed in to (the client sends their event access token). */
export const epostersPortalApi = {
  browse: (eventId: string, query: TEposterBrowseQuery, signal?: AbortSignal) => api.call(`GET ${EV}/portal/eposters`, { params: { eventId }, query, signal, isSilent: true }),
  view: (eventId: string, posterId: string, signal?: AbortSignal) => api.call(`GET ${EV}/portal/eposters/:posterId`, { params: { eventId, posterId }, signal, isSilent: true }),
};

/** 4xx answers are final: no retries. */
export const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

export function useOrgEposters(eventId: string) {
  return useQuery({ queryKey: epostersKeys.orgList(eventId), queryFn: ({ signal }) => epostersOrgApi.list(eventId, signal), enabled: !!eventId });
}
export function useSessionOptions(eventId: string, enabled: boolean) {
  return useQuery({ queryKey: epostersKeys.sessions(eventId), queryFn: ({ signal }) => epostersOrgApi.sessionOptions(eventId, signal), enabled: !!eventId && enabled });
}
/** A change to the event's posters: its lists and pages are read again. */
export function useEposterMutation<TVars, TResult>(eventId: string, mutationFn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: epostersKeys.all(eventId) }) });
}
