import { z } from 'zod';
import { zEmail } from '../validation/email.ts';
import { zPassword } from '../validation/password.ts';
import { isNonBlank } from '../validation/text.ts';
import { refinePasswordConfirmation } from '../validation/password-confirm.ts';
import { WHITE_LABEL_TYPES } from '../access/user-types.ts';

export { OLD_ACCESS_TOKEN_HEADER, ROTATED_REFRESH_TOKEN_HEADER, USER_ACCESS_TOKEN_HEADER } from './auth.headers.ts';

/** SPEC §3.4 userData. */
export const ZUserData = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contactNo: z.string(),
  logo: z.string(),
  userType: z.number().int(),
  isInternational: z.boolean(),
  role: z.string(),
  whiteLabelType: z.enum(WHITE_LABEL_TYPES).nullable(),
  sessionUserType: z.number().int().nullable(),
  isRegionTeam: z.boolean(),
});
export type TUserData = z.infer<typeof ZUserData>;

/** SPEC §3.4 eventData. */
export const ZEventData = z.object({ eventUserId: z.string(), eventId: z.string(), accessCodeToken: z.string() });
export type TEventData = z.infer<typeof ZEventData>;

/** SPEC §3.4 auth record, as answered by login and auto-login. */
export const ZAuthRecord = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  isLogin: z.literal(true),
  userData: ZUserData,
  eventData: ZEventData.nullable(),
});
export type TAuthRecord = z.infer<typeof ZAuthRecord>;

const zIdentifier = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .refine(isNonBlank, { message: 'required' });

export const ZLoginRequest = z.strictObject({
  /** An email address or a mobile number (digits, optional leading +). */
  identifier: zIdentifier,
  password: z.string().min(1).max(128),
  /** When set, the login is for one event (route ei/{eventId}) and answers eventData. */
  eventId: z.string().min(1).max(64).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSignupRequest = z
  .strictObject({
    firstName: z.string().trim().min(1).max(100).refine(isNonBlank, { message: 'required' }),
    lastName: z.string().trim().max(100).default(''),
    email: zEmail(),
    contactNo: z.string().trim().regex(/^\+?\d{5,15}$/, { message: 'pattern' }).optional(),
    password: zPassword(),
    confirmPassword: z.string(),
    organisationName: z.string().trim().min(1).max(200).refine(isNonBlank, { message: 'required' }),
  })
  .superRefine(refinePasswordConfirmation('password', 'confirmPassword'));
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZPasswordResetRequest = z.strictObject({ email: zEmail() });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const ZPasswordResetConfirmRequest = z
  .strictObject({
    code: z.string().min(16).max(128),
    password: zPassword(),
    confirmPassword: z.string(),
  })
  .superRefine(refinePasswordConfirmation('password', 'confirmPassword'));
export type TPasswordResetConfirmRequest = z.infer<typeof ZPasswordResetConfirmRequest>;

/** Auto-login link kinds (SPEC §2.1): exe/lgn, adl, ebf/lgn. */
export const AUTO_LOGIN_KINDS = ['exe', 'adl', 'ebf'] as const;
export type TAutoLoginKind = (typeof AUTO_LOGIN_KINDS)[number];

export const ZAutoLoginCreateRequest = z.strictObject({
  kind: z.enum(AUTO_LOGIN_KINDS),
  userId: z.string().min(1).max(64),
  eventId: z.string().min(1).max(64).optional(),
  formId: z.string().min(1).max(64).optional(),
  boothId: z.string().min(1).max(64).optional(),
  ttlMinutes: z.number().int().min(1).max(60 * 24 * 14).default(60 * 24),
});
export type TAutoLoginCreateRequest = z.infer<typeof ZAutoLoginCreateRequest>;
export const ZAutoLoginCreateResponse = z.object({ key: z.string(), path: z.string(), expiresAt: z.string() });

export const ZAutoLoginConsumeRequest = z.strictObject({
  kind: z.enum(AUTO_LOGIN_KINDS),
  key: z.string().min(16).max(128),
  eventId: z.string().max(64).optional(),
  contactNo: z.string().max(32).optional(),
  formId: z.string().max(64).optional(),
  boothId: z.string().max(64).optional(),
});
export type TAutoLoginConsumeRequest = z.infer<typeof ZAutoLoginConsumeRequest>;
export const ZAutoLoginConsumeResponse = ZAuthRecord.extend({ redirectTo: z.string() });

/**
 * The organiser's login link for one registration: an `adl` link to the registration's event that signs the
 * registrant in (their participant account, found by the registration's email or created for it).
 */
export const ZRegistrationLoginLinkRequest = z.strictObject({
  eventId: z.string().min(1).max(64),
  registrationId: z.string().min(1).max(64),
  ttlMinutes: z.number().int().min(1).max(60 * 24 * 14).default(60 * 24 * 7),
});
export type TRegistrationLoginLinkRequest = z.input<typeof ZRegistrationLoginLinkRequest>;
/** `url` is PUBLIC_URL + `path`: the address to hand on (copy or mail). */
export const ZLoginLinkResponse = z.object({ key: z.string(), path: z.string(), url: z.string(), expiresAt: z.string(), email: z.string() });
export type TLoginLinkResponse = z.infer<typeof ZLoginLinkResponse>;
/** Mails an unused link this organisation created to its account's email. */
export const ZLoginLinkMailRequest = z.strictObject({ key: z.string().min(16).max(128) });
export type TLoginLinkMailRequest = z.infer<typeof ZLoginLinkMailRequest>;
export const ZLoginLinkMailResponse = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type TLoginLinkMailResponse = z.infer<typeof ZLoginLinkMailResponse>;

/** Error codes of auto-login links the browser tells apart (the server's envelope carries them with a message). */
export const AutoLoginErrorCode = {
  LinkExpired: 'LINK_EXPIRED',
  /** An ebf/lgn link whose booth or exhibition form does not exist at its event. */
  UnknownBoothOrForm: 'UNKNOWN_BOOTH_OR_FORM',
  /** Login links sign in participants; a team account signs in with its password. */
  TeamAccount: 'LOGIN_LINK_TEAM_ACCOUNT',
} as const;


export const ZRefreshQuery = z.object({ userId: z.string().min(1).max(64), v: z.string().optional() });
export const ZForgotPasswordResponse = z.object({ accepted: z.literal(true) });
export const ZResetPasswordResponse = z.object({ reset: z.literal(true) });
