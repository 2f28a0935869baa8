import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TEvent, type TEventCreateRequest, type TEventUpdateRequest } from '@pavilion/domain';
import { eventsApi, eventsKeys, type TEventListParams } from '../api/events-api.ts';

export function useEventsList(q: TEventListParams) {
  return useQuery({
    queryKey: eventsKeys.list(q),
    queryFn: ({ signal }) => eventsApi.list(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The organiser's events for the header switcher (first page of the largest allowed size). */
export function useEventOptions() {
  const q: TEventListParams = { page: 1, pageSize: MAX_PAGE_SIZE, when: 'all' };
  return useQuery({ queryKey: eventsKeys.list(q), queryFn: ({ signal }) => eventsApi.list(q, signal), staleTime: 60_000 });
}

export function useEvent(eventId: string | null | undefined) {
  return useQuery({
    queryKey: eventsKeys.detail(eventId ?? ''),
    queryFn: ({ signal }) => eventsApi.get(eventId!, signal),
    enabled: !!eventId,
  });
}

export function usePublicEvent(eventId: string | null | undefined) {
  return useQuery({
    queryKey: eventsKeys.publicEvent(eventId ?? ''),
    queryFn: ({ signal }) => eventsApi.getPublic(eventId!, signal),
    enabled: !!eventId,
    retry: false,
  });
}

export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEventCreateRequest) => eventsApi.create(body),
    onSuccess: (event: TEvent) => {
      qc.setQueryData(eventsKeys.detail(event.id), event);
      void qc.invalidateQueries({ queryKey: eventsKeys.lists() });
    },
  });
}

export function useUpdateEvent(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEventUpdateRequest) => eventsApi.update(eventId, body),
    onSuccess: (event: TEvent) => {
      qc.setQueryData(eventsKeys.detail(event.id), event);
      void qc.invalidateQueries({ queryKey: eventsKeys.lists() });
      void qc.invalidateQueries({ queryKey: eventsKeys.publicEvent(event.id) });
    },
  });
}
