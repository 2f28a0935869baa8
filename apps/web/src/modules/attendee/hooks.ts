import { useQuery } from '@tanstack/react-query';
import { attendeeApi, attendeeKeys } from './api/attendee-api.ts';

export function useMyCertificates() {
  return useQuery({ queryKey: attendeeKeys.certificates(), queryFn: ({ signal }) => attendeeApi.certificates(signal) });
}
