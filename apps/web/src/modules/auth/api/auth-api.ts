import type {
  TAcceptInvitationRequest,
  TAuthRecord,
  TPublicBranding,
  TWhiteLabelType,
  TAutoLoginConsumeRequest,
  TLoginLinkMailRequest,
  TLoginLinkMailResponse,
  TLoginLinkResponse,
  TLoginRequest,
  TRegistrationLoginLinkRequest,
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
  invitation: (token: string) => [...authKeys.all, 'invitation', token] as const,
  branding: (type: TWhiteLabelType, domain: string) => [...authKeys.all, 'branding', type, domain] as const,
};

export type TInvitationPreview = { organisationName: string; email: string; firstName: string; expiresAt: string };

// A 401 from login means "wrong password", never "expired token": no refresh-and-retry on these calls.
const noRetry = { canRetryOn401: false } as const;

export const authApi = {
  login: (body: TLoginRequest) => api.post<TAuthRecord>('auth/login', body, noRetry),
  signup: (body: TSignupRequest) => api.post<TAuthRecord>('auth/signup', body, noRetry),
  forgotPassword: (body: TPasswordResetRequest) => api.post<{ accepted: true }>('auth/password/forgot', body, noRetry),
  resetPassword: (body: TPasswordResetConfirmRequest) => api.post<{ reset: true }>('auth/password/reset', body, noRetry),
  consumeAutoLogin: (body: TAutoLoginConsumeRequest) => api.post<TAutoLoginResult>('auth/autologin/consume', body, noRetry),
  /** Organiser: a registration's single-use login link (AP-96), and mailing that link to its registrant. */
  registrationLoginLink: (body: TRegistrationLoginLinkRequest) => api.post<TLoginLinkResponse>('auth/autologin/registration', body),
  mailLoginLink: (body: TLoginLinkMailRequest) => api.post<TLoginLinkMailResponse>('auth/autologin/mail', body),
  me: () => api.get<TUserData>('auth/me'),
  invitation: (token: string, signal?: AbortSignal) =>
    api.get<TInvitationPreview>(`auth/invitations/${encodeURIComponent(token)}`, { signal, ...noRetry }),
  acceptInvitation: (body: TAcceptInvitationRequest) => api.post<TAuthRecord>('auth/invitations/accept', body, noRetry),
  /** Public: a white-label landing page's branding, found by the domain it is served on. */
  branding: (type: TWhiteLabelType, domain: string, signal?: AbortSignal) =>
    api.get<TPublicBranding>('auth/public/branding', { query: { type, domain }, signal, isSilent: true, ...noRetry }),
};
