import type { TProfileRequest } from '@pavilion/domain/profile/profile.schemas';
import { api } from '../../../app/api-client.ts';

/** The profile module's one query-key factory. */
export const profileKeys = {
  all: ['profile'] as const,
  mine: () => [...profileKeys.all, 'mine'] as const,
};

/** The signed-in attendee's own profiles (one per registration of theirs). */
export const profileApi = {
  mine: (signal?: AbortSignal) => api.call('GET /api/eventservices/me/profiles', { signal }),
  save: (registrationId: string, body: TProfileRequest) => api.call('PUT /api/eventservices/me/registrations/:registrationId/profile', { params: { registrationId }, body }),
};
