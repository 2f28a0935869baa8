import { z } from 'zod';
import { ZShareOption } from '../content/share-options.ts';

const zId = z.string().min(1).max(64);

/**
 * What a verification page may reveal about a credential's holder (T-67 E-Badge Settings). `nothing` shows only
 * valid / revoked / unknown.
 */
export const VERIFICATION_REVEAL_LEVELS = ['nothing', 'firstName', 'fullName', 'fullNameOrganisation'] as const;
export type TVerificationReveal = (typeof VERIFICATION_REVEAL_LEVELS)[number];

/** Why an e-badge has no QR yet (the registration is not admissible). */
export const EBADGE_NOT_READY_REASONS = ['pendingApproval', 'rejected', 'unpaid', 'cancelled', 'revoked'] as const;
export type TEbadgeNotReadyReason = (typeof EBADGE_NOT_READY_REASONS)[number];

export const ZEbadgeParams = z.object({ eventUserId: zId });
export const ZEbadgeEventParams = z.object({ eventId: zId });

/** Organiser e-badge settings of one event (AP-233 view, AP-234 edit). */
export const ZEbadgeSettings = z.object({
  verificationReveal: z.enum(VERIFICATION_REVEAL_LEVELS),
  showCategory: z.boolean(),
  shareOptions: z.array(ZShareOption).max(4),
});
export type TEbadgeSettings = z.infer<typeof ZEbadgeSettings>;
export const ZEbadgeSettingsRequest = z.strictObject({
  verificationReveal: z.enum(VERIFICATION_REVEAL_LEVELS),
  showCategory: z.boolean(),
  shareOptions: z.array(ZShareOption.strict()).max(4),
});
export type TEbadgeSettingsRequest = z.infer<typeof ZEbadgeSettingsRequest>;

/** Share Options (T-215, under Website Settings): the event's SPEC §3.7 options alone (AP-785 view, AP-786 edit). */
export const ZShareOptionsSettings = z.object({ shareOptions: z.array(ZShareOption).max(4) });
export type TShareOptionsSettings = z.infer<typeof ZShareOptionsSettings>;
export const ZShareOptionsRequest = z.strictObject({ shareOptions: z.array(ZShareOption.strict()).max(4) });
export type TShareOptionsRequest = z.infer<typeof ZShareOptionsRequest>;

/**
 * Wallet keys of the organisation. Secrets are write-only: the answer says whether each wallet is configured and
 * where the keys come from (`env` wins over `settings`), never the keys themselves.
 */
export const ZWalletConfigView = z.object({
  google: z.object({ isConfigured: z.boolean(), source: z.enum(['env', 'settings']).nullable(), issuerId: z.string().nullable(), serviceAccountEmail: z.string().nullable() }),
  apple: z.object({ isConfigured: z.boolean(), source: z.enum(['env', 'settings']).nullable(), passTypeIdentifier: z.string().nullable(), teamIdentifier: z.string().nullable() }),
});
export type TWalletConfigView = z.infer<typeof ZWalletConfigView>;

const zPem = (label: string) => z.string().trim().max(20_000).refine((v) => v.includes(`-----BEGIN`) && v.includes('-----END'), { message: `pem${label}` });
export const ZWalletConfigRequest = z.strictObject({
  google: z
    .strictObject({
      issuerId: z.string().trim().regex(/^\d{5,30}$/, 'pattern'),
      serviceAccountEmail: z.string().trim().email().max(200),
      privateKeyPem: zPem('PrivateKey'),
    })
    .nullable()
    .optional(),
  apple: z
    .strictObject({
      passTypeIdentifier: z.string().trim().regex(/^pass\.[A-Za-z0-9.-]{1,120}$/, 'pattern'),
      teamIdentifier: z.string().trim().regex(/^[A-Z0-9]{10}$/, 'pattern'),
      signerCertPem: zPem('Certificate'),
      signerKeyPem: zPem('PrivateKey'),
      signerKeyPassphrase: z.string().max(200).optional(),
      wwdrPem: zPem('Certificate'),
    })
    .nullable()
    .optional(),
});
export type TWalletConfigRequest = z.infer<typeof ZWalletConfigRequest>;

/** The e-badge as its holder sees it (public by the unguessable registration id). */
export const ZEbadgeView = z.object({
  eventUserId: z.string(),
  event: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), timeZone: z.string(), venue: z.string() }),
  attendee: z.object({ firstName: z.string(), lastName: z.string() }),
  registrationNo: z.string(),
  ticketName: z.string(),
  categoryName: z.string().nullable(),
  approvalStatus: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  isAdmissible: z.boolean(),
  notReadyReason: z.enum(EBADGE_NOT_READY_REASONS).nullable(),
  /** The QR payload; only when admissible. */
  credential: z.object({ token: z.string(), version: z.number().int() }).nullable(),
  shareOptions: z.array(ZShareOption),
  wallet: z.object({ apple: z.boolean(), google: z.boolean() }),
});
export type TEbadgeView = z.infer<typeof ZEbadgeView>;

export const ZMyEbadge = z.object({
  eventUserId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  venue: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ticketName: z.string(),
  registrationNo: z.string(),
  isAdmissible: z.boolean(),
  /** The attendee's photo (shown at the gate with each scan), or null. The attendee may set it themselves. */
  photoUrl: z.string().nullable(),
});
export type TMyEbadge = z.infer<typeof ZMyEbadge>;

export const ZGoogleWalletLink = z.object({ saveUrl: z.string() });
export type TGoogleWalletLink = z.infer<typeof ZGoogleWalletLink>;

/** Public verification (verify/ebadge/...): the pasted or scanned credential, plus the link's context. */
export const ZEbadgeVerifyRequest = z.strictObject({
  token: z.string().trim().min(1).max(600),
  /** verify/ebadge/{origin}/...: who or where the check is made (a desk, a partner site); recorded, not trusted. */
  origin: z.string().trim().max(100).optional(),
  /** verify/ebadge/{origin}/{eventId}/{userName}: the name the holder claims, compared with the registration. */
  userName: z.string().trim().max(200).optional(),
});
export type TEbadgeVerifyRequest = z.infer<typeof ZEbadgeVerifyRequest>;

export const ZEbadgeVerifyResult = z.object({
  status: z.enum(['valid', 'revoked', 'unknown']),
  eventName: z.string(),
  /** Only the fields the organiser's reveal level allows; null when nothing may be shown or nothing matched. */
  holder: z.object({ firstName: z.string().optional(), lastName: z.string().optional(), organisation: z.string().optional() }).nullable(),
  /** Whether the link's userName matches the holder (case and accent insensitive); null when no name was given or not valid. */
  isNameMatch: z.boolean().nullable(),
  checkedAt: z.string(),
});
export type TEbadgeVerifyResult = z.infer<typeof ZEbadgeVerifyResult>;

export const ZEbadgeVerifyInfo = z.object({ eventId: z.string(), eventName: z.string(), verificationReveal: z.enum(VERIFICATION_REVEAL_LEVELS) });
export type TEbadgeVerifyInfo = z.infer<typeof ZEbadgeVerifyInfo>;
