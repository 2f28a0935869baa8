import type {
  TAcceptInvitationRequest,
  TWhiteLabelType,
  TAutoLoginConsumeRequest,
  TLoginLinkMailRequest,
  TLoginRequest,
  TRegistrationLoginLinkRequest,
  TPasswordResetConfirmRequest,
  TPasswordResetRequest,
  TSignupRequest,
} from '@pavilion/domain';
import { api, type TCallData } from '../../../app/api-client.ts';

export type TAutoLoginResult = TCallData<'POST /api/auth/autologin/consume'>;

/** The auth module's one query-key factory. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  invitation: (token: string) => [...authKeys.all, 'invitation', token] as const,
  branding: (type: TWhiteLabelType, domain: string) => [...authKeys.all, 'branding', type, domain] as const,
};

export type TInvitationPreview = TCallData<'GET /api/auth/invitations/:token'>;

// A 401 from login means "wrong password", never "expired token": no refresh-and-retry on these calls.
const noRetry = { canRetryOn401: false } as const;

export const authApi = {
  login: (body: TLoginRequest) => api.call('POST /api/auth/login', { body, ...noRetry }),
  signup: (body: TSignupRequest) => api.call('POST /api/auth/signup', { body, ...noRetry }),
  forgotPassword: (body: TPasswordResetRequest) => api.call('POST /api/auth/password/forgot', { body, ...noRetry }),
  resetPassword: (body: TPasswordResetConfirmRequest) => api.call('POST /api/auth/password/reset', { body, ...noRetry }),
  consumeAutoLogin: (body: TAutoLoginConsumeRequest) => api.call('POST /api/auth/autologin/consume', { body, ...noRetry }),
  /** Organiser: a registration's single-use login link (AP-96), and mailing that link to its registrant. */
  registrationLoginLink: (body: TRegistrationLoginLinkRequest) => api.call('POST /api/auth/autologin/registration', { body }),
  mailLoginLink: (body: TLoginLinkMailRequest) => api.call('POST /api/auth/autologin/mail', { body }),
  me: () => api.call('GET /api/auth/me'),
  invitation: (token: string, signal?: AbortSignal) => api.call('GET /api/auth/invitations/:token', { params: { token }, signal, ...noRetry }),
  acceptInvitation: (body: TAcceptInvitationRequest) => api.call('POST /api/auth/invitations/accept', { body, ...noRetry }),
  /** Public: a white-label landing page's branding, found by the domain it is served on. */
  branding: (type: TWhiteLabelType, domain: string, signal?: AbortSignal) =>
    api.call('GET /api/auth/public/branding', { query: { type, domain }, signal, isSilent: true, ...noRetry }),
};
