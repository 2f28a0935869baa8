import { encodeBase64 } from '../common/base64.ts';
import { verifyAsync } from '@noble/ed25519';

/**
 * The one credential of a registration (issue #5): a QR payload signed with the event's Ed25519 key, as pretix signs
 * its ticket secrets. It holds the event, the registration (= the eventUserId of the e-badge routes) and a version,
 * so a device holding only the event's public key can check it offline, and re-issuing (version + 1) revokes the
 * old one. The gate, session areas and booth lead scans all read the same string.
 *
 *   PV1:<eventId>:<registrationId>:<version>:<base64url Ed25519 signature of "PV1:<eventId>:<registrationId>:<version>">
 *
 * Ids are base64url (no ':'), so the fields split unambiguously. The whole string stays under 140 bytes: a small
 * QR code (version 8, level M) that cheap phone cameras read at arm's length.
 */
export const CREDENTIAL_PREFIX = 'PV1';
export const CREDENTIAL_MAX_LENGTH = 200;

export type TCredentialClaims = { eventId: string; registrationId: string; version: number };
export type TParsedCredential = TCredentialClaims & { message: string; signature: Uint8Array };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SIG = /^[A-Za-z0-9_-]{86}$/;

export function credentialMessage(c: TCredentialClaims): string {
  return `${CREDENTIAL_PREFIX}:${c.eventId}:${c.registrationId}:${c.version}`;
}

export function formatCredential(c: TCredentialClaims, signature: Uint8Array): string {
  return `${credentialMessage(c)}:${toBase64Url(signature)}`;
}

/** Shape only (no signature check): null for anything that is not a well-formed PV1 credential. */
export function parseCredential(raw: string): TParsedCredential | null {
  const text = raw.trim();
  if (text.length > CREDENTIAL_MAX_LENGTH) return null;
  const parts = text.split(':');
  if (parts.length !== 5) return null;
  const [prefix, eventId, registrationId, versionText, sig] = parts as [string, string, string, string, string];
  if (prefix !== CREDENTIAL_PREFIX || !ID.test(eventId) || !ID.test(registrationId) || !SIG.test(sig)) return null;
  if (!/^[1-9][0-9]{0,8}$/.test(versionText)) return null;
  const signature = fromBase64Url(sig);
  if (signature.length !== 64) return null;
  const claims = { eventId, registrationId, version: Number(versionText) };
  return { ...claims, message: credentialMessage(claims), signature };
}

/**
 * Offline check (browser or server): is this credential signed by the event key? Refusals name the reason so a
 * scanner can say it: malformed (not our QR), other_event (signed for another event), forged (bad signature).
 */
export async function verifyCredential(
  raw: string,
  eventId: string,
  publicKeyBase64Url: string,
): Promise<{ ok: true; claims: TCredentialClaims } | { ok: false; reason: 'malformed' | 'other_event' | 'forged' }> {
  const parsed = parseCredential(raw);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (parsed.eventId !== eventId) return { ok: false, reason: 'other_event' };
  let valid = false;
  try {
    valid = await verifyAsync(parsed.signature, new TextEncoder().encode(parsed.message), fromBase64Url(publicKeyBase64Url));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'forged' };
  return { ok: true, claims: { eventId: parsed.eventId, registrationId: parsed.registrationId, version: parsed.version } };
}

export function toBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}
