import { z } from 'zod';
import { CREDENTIAL_STATUSES } from './checkin.enums.ts';

const zId = z.string().min(1).max(64);

export const ZCredentialParams = z.object({ eventId: zId, registrationId: zId });

/** A registration's current credential, as the organiser and the attendee's e-badge see it. */
export const ZCredential = z.object({
  registrationId: z.string(),
  eventId: z.string(),
  version: z.number().int(),
  /** The QR payload (see credential.ts). */
  token: z.string(),
  status: z.enum(['active', 'revoked']),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TCredential = z.infer<typeof ZCredential>;

export const ZCredentialRevokeRequest = z.strictObject({ reason: z.string().trim().max(500).optional() });
export type TCredentialRevokeRequest = z.infer<typeof ZCredentialRevokeRequest>;

/** The event's verification key, so a device or page can check credentials offline. */
export const ZEventPublicKey = z.object({ eventId: z.string(), algorithm: z.literal('Ed25519'), publicKey: z.string() });
export type TEventPublicKey = z.infer<typeof ZEventPublicKey>;

/** Result of checking a credential online. Personal data only as far as the organiser allows (verify pages). */
export const ZCredentialCheck = z.object({ status: z.enum(CREDENTIAL_STATUSES), registrationId: z.string().nullable(), version: z.number().int().nullable() });
export type TCredentialCheck = z.infer<typeof ZCredentialCheck>;
