import { api } from '../../../app/api-client.ts';

/** The attendee module's one query-key factory. */
export const attendeeKeys = {
  all: ['attendee'] as const,
  certificates: () => [...attendeeKeys.all, 'certificates'] as const,
};

/** The signed-in participant's own data (type-only schema imports keep zod out of the page). */
export const attendeeApi = {
  certificates: (signal?: AbortSignal) => api.call('GET /api/eventservices/certificates/mine', { signal }),
  /** A certificate's public PDF, for a plain link (the certificate id is the capability). */
  certificatePdfUrl: (certificateId: string) => api.url('GET /api/eventservices/public/certificates/:certificateId/certificate.pdf', { params: { certificateId } }),
};
