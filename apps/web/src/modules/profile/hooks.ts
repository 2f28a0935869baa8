import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProfileRequest } from '@pavilion/domain/profile/profile.schemas';
import { profileApi, profileKeys } from './api/profile-api.ts';

/** My profiles, one per registration made with my account's email. */
export function useMyProfiles() {
  return useQuery({ queryKey: profileKeys.mine(), queryFn: ({ signal }) => profileApi.mine(signal) });
}

export function useSaveProfile(registrationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileRequest) => profileApi.save(registrationId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.mine() }),
  });
}
