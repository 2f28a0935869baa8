import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { programmeKeys, programmeOrgApi } from './programme-api.ts';

/** How often the organiser's programme is read again while a publish's mails are still owed. */
export const MAIL_PROGRESS_POLL_MS = 2000;

export function useProgramme(eventId: string) {
  return useQuery({
    queryKey: programmeKeys.programme(eventId),
    queryFn: ({ signal }) => programmeOrgApi.programme(eventId, signal),
    enabled: !!eventId,
    // The publish answers before its mails leave (a job sends them): poll while some are neither sent nor given up on.
    refetchInterval: (q) => {
      const m = q.state.data?.mail;
      return m && m.total > m.sent + m.failed ? MAIL_PROGRESS_POLL_MS : false;
    },
  });
}

export function useRoomList(eventId: string) {
  return useQuery({ queryKey: programmeKeys.orgList(eventId, 'rooms'), queryFn: ({ signal }) => programmeOrgApi.listRooms(eventId, signal), enabled: !!eventId });
}
export function useTrackList(eventId: string) {
  return useQuery({ queryKey: programmeKeys.orgList(eventId, 'tracks'), queryFn: ({ signal }) => programmeOrgApi.listTracks(eventId, signal), enabled: !!eventId });
}
export function useSpeakerList(eventId: string) {
  return useQuery({ queryKey: programmeKeys.orgList(eventId, 'speakers'), queryFn: ({ signal }) => programmeOrgApi.listSpeakers(eventId, signal), enabled: !!eventId });
}

/** A change to the programme: afterwards the organiser's and the attendee's views of the event are read again. */
export function useProgrammeMutation<TVars, TResult>(eventId: string, mutationFn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: ['programme', eventId] }) });
}
