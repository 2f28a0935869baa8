import { useMutation, useQuery } from '@tanstack/react-query';
import type { TAcceptInvitationRequest, TAuthRecord } from '@pavilion/domain';
import { startSession } from '../../../app/logout.ts';
import { authApi, authKeys } from '../api/auth-api.ts';

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: authKeys.invitation(token),
    queryFn: ({ signal }) => authApi.invitation(token, signal),
    retry: false,
    staleTime: Infinity,
    enabled: token.length >= 16,
  });
}

/** Accepting signs the new member in, like a login does. */
export function useAcceptInvitation(onSuccess: (record: TAuthRecord) => void) {
  return useMutation({
    mutationFn: (body: TAcceptInvitationRequest) => authApi.acceptInvitation(body),
    onSuccess: (record) => {
      startSession(record);
      onSuccess(record);
    },
  });
}
