import { useMutation } from '@tanstack/react-query';
import type { TAuthRecord, TLoginRequest, TSignupRequest } from '@pavilion/domain';
import { startSession } from '../../../app/logout.ts';
import { authApi } from '../api/auth-api.ts';

export function useLogin(onSuccess: (record: TAuthRecord) => void) {
  return useMutation({
    mutationFn: (body: TLoginRequest) => authApi.login(body),
    onSuccess: (record) => {
      startSession(record);
      onSuccess(record);
    },
  });
}

export function useSignup(onSuccess: (record: TAuthRecord) => void) {
  return useMutation({
    mutationFn: (body: TSignupRequest) => authApi.signup(body),
    onSuccess: (record) => {
      startSession(record);
      onSuccess(record);
    },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: authApi.forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: authApi.resetPassword });
}
