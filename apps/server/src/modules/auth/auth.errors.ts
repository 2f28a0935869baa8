import { AutoLoginErrorCode } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

export const AuthErrorCode = {
  InvalidCredentials: 'INVALID_CREDENTIALS',
  TooManyAttempts: 'TOO_MANY_ATTEMPTS',
  RefreshRejected: 'REFRESH_REJECTED',
  EmailTaken: 'EMAIL_TAKEN',
  ContactTaken: 'CONTACT_TAKEN',
  ResetCodeInvalid: 'RESET_CODE_INVALID',
  LinkExpired: AutoLoginErrorCode.LinkExpired,
  UnknownBoothOrForm: AutoLoginErrorCode.UnknownBoothOrForm,
  LoginLinkTeamAccount: AutoLoginErrorCode.TeamAccount,
  NotInEvent: 'NOT_IN_EVENT',
  AccountSuspended: 'ACCOUNT_SUSPENDED',
} as const;

export const authErrors = {
  invalidCredentials: () => new AppError(401, AuthErrorCode.InvalidCredentials, 'The email, mobile or password is not correct'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new AppError(429, AuthErrorCode.TooManyAttempts, 'Too many failed logins. Please wait 15 minutes and try again.', undefined, {
      'retry-after': String(retryAfterSeconds),
    }),
  refreshRejected: () => new AppError(401, AuthErrorCode.RefreshRejected, 'Your session has expired'),
  emailTaken: () => new AppError(409, AuthErrorCode.EmailTaken, 'An account with this email already exists', [{ field: 'email', key: 'emailTaken' }]),
  contactTaken: () =>
    new AppError(409, AuthErrorCode.ContactTaken, 'An account with this mobile number already exists', [{ field: 'contactNo', key: 'contactTaken' }]),
  resetCodeInvalid: () => new AppError(400, AuthErrorCode.ResetCodeInvalid, 'This reset link is invalid or has expired'),
  linkExpired: () => new AppError(410, AuthErrorCode.LinkExpired, 'This link has expired or was already used'),
  unknownBoothOrForm: () =>
    new AppError(
      404,
      AuthErrorCode.UnknownBoothOrForm,
      'This exhibitor link names a booth or form that does not exist at this event. Ask the organiser for a new link, or sign in with your password.',
    ),
  loginLinkTeamAccount: () =>
    new AppError(409, AuthErrorCode.LoginLinkTeamAccount, 'This email belongs to a team account. Login links are for participants; team members sign in with their password.'),
  accountSuspended: () => new AppError(409, AuthErrorCode.AccountSuspended, 'This account is suspended, so it cannot get a login link'),
  notInEvent: () => new AppError(403, AuthErrorCode.NotInEvent, 'This account is not registered for this event'),
};
