import type { TMyCertificate } from '@pavilion/domain/certificates/my-certificates.schemas';
import { api } from '../../../app/api-client.ts';

/** The attendee module's one query-key factory. */
export const attendeeKeys = {
  all: ['attendee'] as const,
  certificates: () => [...attendeeKeys.all, 'certificates'] as const,
};

/** The signed-in participant's own data (type-only schema imports keep zod out of the page). */
export const attendeeApi = {
  certificates: (signal?: AbortSignal) => api.get<TMyCertificate[]>('eventservices/certificates/mine', { signal }),
};
