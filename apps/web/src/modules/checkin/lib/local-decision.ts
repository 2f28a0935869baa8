import type { TScanDirection, TScanResult } from '@pavilion/domain/checkin/checkin.enums';
import type { TDeviceArea, TScanAttendee, TSnapshotCredential } from '@pavilion/domain/checkin/checkin.schemas';
import { verifyCredential, type TCredentialClaims } from '@pavilion/domain/checkin/credential';

/** One registration's presence in one area, as this device knows it (snapshot + its own scans since). */
export type TLocalPresence = {
  /** `${areaId}:${registrationId}` */
  key: string;
  areaId: string;
  registrationId: string;
  inside: boolean;
  hasLeft: boolean;
  /** When the current stay began, if this device saw it (null when it came from a snapshot). */
  enteredAt: string | null;
};

export const presenceKey = (areaId: string, registrationId: string) => `${areaId}:${registrationId}`;

export type TLocalDecisionInput = {
  raw: string;
  eventId: string;
  publicKey: string;
  area: TDeviceArea | undefined;
  direction: TScanDirection;
  credential: TSnapshotCredential | undefined;
  presence: TLocalPresence | undefined;
  /** People inside the area as far as this device knows (for capacity `refuse`). */
  insideCount: number;
  now: Date;
};

export type TLocalDecision = {
  result: TScanResult;
  claims: TCredentialClaims | null;
  attendee: TScanAttendee | null;
  warning: 'capacity_reached' | null;
};

/** Whether a stay is still open, after the area's automatic check-out rules. */
export function isStillInside(presence: TLocalPresence | undefined, area: TDeviceArea, now: Date): boolean {
  if (!presence?.inside) return false;
  if (area.autoCheckoutAt && now.getTime() >= Date.parse(area.autoCheckoutAt) && (!presence.enteredAt || Date.parse(presence.enteredAt) < Date.parse(area.autoCheckoutAt))) return false;
  if (area.autoCheckoutAfterMinutes && presence.enteredAt && now.getTime() - Date.parse(presence.enteredAt) >= area.autoCheckoutAfterMinutes * 60_000) return false;
  return true;
}

export function isWithinWindows(area: TDeviceArea, now: Date): boolean {
  if (area.timeWindows.length === 0) return true;
  const t = now.getTime();
  return area.timeWindows.some((w) => t >= Date.parse(w.start) && t < Date.parse(w.end));
}

/**
 * The offline verdict, in the server's order: the signature (event key), then the credential's state in the last
 * snapshot (unknown, re-issued or revoked, approval, payment), then the area's rules (tickets and categories, exit
 * tracking, time windows for entries, capacity), then presence (already inside, not inside, re-entry). See the
 * server's contracts (packages/domain/src/checkin/checkin.routes.ts). It can only be as fresh as the
 * snapshot: a double admission by two offline gates is flagged by the server after sync.
 */
export async function decideLocally(input: TLocalDecisionInput): Promise<TLocalDecision> {
  const refuse = (result: TScanResult, claims: TCredentialClaims | null = null, attendee: TScanAttendee | null = null): TLocalDecision => ({
    result,
    claims,
    attendee,
    warning: null,
  });
  const verified = await verifyCredential(input.raw, input.eventId, input.publicKey);
  if (!verified.ok) return refuse(verified.reason);
  const claims = verified.claims;
  const cred = input.credential;
  if (!cred) return refuse('unknown', claims);
  const attendee = cred.attendee;
  // A newer version than the snapshot knows was issued after the download: its signature is valid, so it stands.
  if (claims.version < cred.version || (cred.revoked && claims.version === cred.version)) return refuse('revoked', claims, attendee);
  if (!cred.isApproved) return refuse('not_approved', claims, attendee);
  if (!cred.isPaid) return refuse('not_paid', claims, attendee);
  const area = input.area;
  if (!area || !cred.areaIds.includes(area.id)) return refuse('wrong_area', claims, attendee);
  if (input.direction === 'out' && !area.tracksExit) return refuse('wrong_area', claims, attendee);
  const isInside = isStillInside(input.presence, area, input.now);
  // An exit is always allowed, whatever the time windows say.
  if (input.direction === 'out') return isInside ? { result: 'exited', claims, attendee, warning: null } : refuse('not_inside', claims, attendee);
  if (!isWithinWindows(area, input.now)) return refuse('outside_window', claims, attendee);
  const isFull = area.capacity !== null && input.insideCount >= area.capacity;
  if (isFull && area.capacityMode === 'refuse') return refuse('area_full', claims, attendee);
  if (isInside) return refuse('already_inside', claims, attendee);
  if (input.presence?.hasLeft && !area.allowsReentry) return refuse('no_reentry', claims, attendee);
  const isAtCapacity = area.capacity !== null && input.insideCount + 1 >= area.capacity;
  return { result: 'admitted', claims, attendee, warning: isAtCapacity ? 'capacity_reached' : null };
}

/** Presence after an accepted local decision. */
export function nextPresence(prev: TLocalPresence | undefined, areaId: string, registrationId: string, result: TScanResult, at: Date): TLocalPresence | null {
  if (result === 'admitted') return { key: presenceKey(areaId, registrationId), areaId, registrationId, inside: true, hasLeft: prev?.hasLeft ?? false, enteredAt: at.toISOString() };
  if (result === 'exited') return { key: presenceKey(areaId, registrationId), areaId, registrationId, inside: false, hasLeft: true, enteredAt: null };
  return null;
}
