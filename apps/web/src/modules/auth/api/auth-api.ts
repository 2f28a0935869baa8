import type {
  TAuthRecord,
  TAutoLoginConsumeRequest,
  TLoginRequest,
  TPasswordResetConfirmRequest,
  TPasswordResetRequest,
  TSignupRequest,
  TUserData,
} from '@pavilion/domain';
import { api } from '../../../app/api-client.ts';

export type TAutoLoginResult = TAuthRecord & { redirectTo: string };

/** The auth module's one query-key factory. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

// A 401 from login means "wrong password", never "expired token": no refresh-and-retry on these calls.
const noRetry = { canRetryOn401: false } as const;

export const authApi = {
  login: (body: TLoginRequest) => api.post<TAuthRecord>('auth/login', body, noRetry),
  signup: (body: TSignupRequest) => api.post<TAuthRecord>('auth/signup', body, noRetry),
  forgotPassword: (body: TPasswordResetRequest) => api.post<{ accepted: true }>('auth/password/forgot', body, noRetry),
  resetPassword: (body: TPasswordResetConfirmRequest) => api.post<{ reset: true }>('auth/password/reset', body, noRetry),
  consumeAutoLogin: (body: TAutoLoginConsumeRequest) => api.post<TAutoLoginResult>('auth/autologin/consume', body, noRetry),
  me: () => api.get<TUserData>('auth/me'),
};
