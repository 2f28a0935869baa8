import { parseCredential } from '@pavilion/domain';
import type { CredentialResolution, CredentialsService } from './credentials.service.ts';

/**
 * Resolves scanned credentials together with the registrations they name, for a batch of scans (check-in's gate and
 * lead retrieval both batch scans in flight with platform/batcher.ts): per event, one credentials read and, at the
 * same time, one read of the registrations the QR codes claim. A registration is returned only when its credential
 * resolves, in that event, to that same registration. The answer is in the order of `items`.
 */
export async function resolveWithRegistrations<R>(
  credentials: Pick<CredentialsService, 'resolveMany'>,
  readRegistrations: (eventId: string, ids: string[]) => Promise<R[]>,
  idOf: (registration: R) => string,
  items: { eventId: string; credential: string }[],
): Promise<{ resolution: CredentialResolution; registration: R | null }[]> {
  const out = new Array<{ resolution: CredentialResolution; registration: R | null }>(items.length);
  const byEvent = new Map<string, number[]>();
  items.forEach((item, i) => {
    const idx = byEvent.get(item.eventId);
    if (idx) idx.push(i);
    else byEvent.set(item.eventId, [i]);
  });
  await Promise.all(
    [...byEvent].map(async ([eventId, idx]) => {
      const claimed = idx.flatMap((i) => {
        const c = parseCredential(items[i]!.credential);
        return c && c.eventId === eventId ? [c.registrationId] : [];
      });
      const [resolved, found] = await Promise.all([
        credentials.resolveMany(
          idx.map((i) => items[i]!.credential),
          eventId,
        ),
        claimed.length ? readRegistrations(eventId, [...new Set(claimed)]) : Promise.resolve([]),
      ]);
      const byId = new Map(found.map((r) => [idOf(r), r]));
      idx.forEach((i, k) => {
        const resolution = resolved[k]!;
        out[i] = { resolution, registration: resolution.credential ? (byId.get(resolution.credential.registrationId) ?? null) : null };
      });
    }),
  );
  return out;
}
