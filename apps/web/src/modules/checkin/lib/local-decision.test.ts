import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TDeviceArea, TSnapshotCredential } from '@pavilion/domain/checkin/checkin.schemas';
import { credentialMessage, formatCredential, toBase64Url } from '@pavilion/domain/checkin/credential';
import { decideLocally, nextPresence, presenceKey, type TLocalDecisionInput, type TLocalPresence } from './local-decision.ts';

const pair = generateKeyPairSync('ed25519');
const publicKey = toBase64Url(new Uint8Array(pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12)));
const issue = (eventId: string, registrationId: string, version: number) => {
  const claims = { eventId, registrationId, version };
  return formatCredential(claims, new Uint8Array(sign(null, Buffer.from(credentialMessage(claims)), pair.privateKey)));
};

const area: TDeviceArea = {
  id: 'gate',
  name: 'Main gate',
  kind: 'gate',
  ticketIds: [],
  categoryIds: [],
  timeWindows: [],
  tracksExit: true,
  allowsReentry: true,
  autoCheckoutAt: null,
  autoCheckoutAfterMinutes: null,
  capacity: null,
  capacityMode: 'warn',
};
const cred: TSnapshotCredential = {
  registrationId: 'reg1',
  version: 1,
  revoked: false,
  isApproved: true,
  isPaid: true,
  ticketId: 't1',
  categoryId: null,
  areaIds: ['gate'],
  attendee: { registrationId: 'reg1', registrationNo: 'R-1', firstName: 'Asha', lastName: 'Verma', ticketName: 'Pass', categoryName: null, categoryColour: null, photoUrl: null },
};
const now = new Date('2026-11-21T10:00:00Z');
const base = (over: Partial<TLocalDecisionInput> = {}): TLocalDecisionInput => ({
  raw: issue('ev1', 'reg1', 1),
  eventId: 'ev1',
  publicKey,
  area,
  direction: 'in',
  credential: cred,
  presence: undefined,
  insideCount: 0,
  now,
  ...over,
});
const inside: TLocalPresence = { key: presenceKey('gate', 'reg1'), areaId: 'gate', registrationId: 'reg1', inside: true, hasLeft: false, enteredAt: '2026-11-21T09:00:00Z' };

describe('decideLocally', () => {
  it('admits a valid credential, then refuses it while inside', async () => {
    const first = await decideLocally(base());
    expect(first).toMatchObject({ result: 'admitted', claims: { registrationId: 'reg1' }, attendee: { firstName: 'Asha' } });
    const presence = nextPresence(undefined, 'gate', 'reg1', first.result, now) ?? undefined;
    expect((await decideLocally(base({ presence }))).result).toBe('already_inside');
  });

  it('refuses bad codes by the signature: malformed, other event, forged', async () => {
    expect((await decideLocally(base({ raw: 'hello' }))).result).toBe('malformed');
    expect((await decideLocally(base({ raw: issue('ev2', 'reg1', 1) }))).result).toBe('other_event');
    const forged = issue('ev1', 'reg1', 1).replace(/:(.)([^:]*)$/, (_m, c: string, rest: string) => `:${c === 'A' ? 'B' : 'A'}${rest}`);
    expect((await decideLocally(base({ raw: forged }))).result).toBe('forged');
  });

  it('refuses unknown, re-issued, revoked, unapproved and unpaid registrations', async () => {
    expect((await decideLocally(base({ credential: undefined }))).result).toBe('unknown');
    expect((await decideLocally(base({ credential: { ...cred, version: 2 } }))).result).toBe('revoked');
    expect((await decideLocally(base({ credential: { ...cred, revoked: true } }))).result).toBe('revoked');
    expect((await decideLocally(base({ credential: { ...cred, isApproved: false } }))).result).toBe('not_approved');
    expect((await decideLocally(base({ credential: { ...cred, isPaid: false } }))).result).toBe('not_paid');
  });

  it('applies the area rules: allowed areas, exits, time windows, re-entry and capacity', async () => {
    expect((await decideLocally(base({ credential: { ...cred, areaIds: [] } }))).result).toBe('wrong_area');
    expect((await decideLocally(base({ area: undefined }))).result).toBe('wrong_area');
    expect((await decideLocally(base({ direction: 'out', area: { ...area, tracksExit: false }, presence: inside }))).result).toBe('wrong_area');
    const closed = { ...area, timeWindows: [{ start: '2026-11-21T11:00:00Z', end: '2026-11-21T12:00:00Z' }] };
    expect((await decideLocally(base({ area: closed }))).result).toBe('outside_window');
    expect((await decideLocally(base({ area: closed, direction: 'out', presence: inside }))).result).toBe('exited');
    expect((await decideLocally(base({ direction: 'out' }))).result).toBe('not_inside');
    expect((await decideLocally(base({ direction: 'out', presence: inside }))).result).toBe('exited');
    const left = { ...inside, inside: false, hasLeft: true };
    expect((await decideLocally(base({ presence: left }))).result).toBe('admitted');
    expect((await decideLocally(base({ presence: left, area: { ...area, allowsReentry: false } }))).result).toBe('no_reentry');
    expect((await decideLocally(base({ insideCount: 5, area: { ...area, capacity: 5, capacityMode: 'refuse' } }))).result).toBe('area_full');
    expect(await decideLocally(base({ insideCount: 5, area: { ...area, capacity: 5, capacityMode: 'warn' } }))).toMatchObject({ result: 'admitted', warning: 'capacity_reached' });
  });

  it('treats a stay as closed after the automatic check-out', async () => {
    expect((await decideLocally(base({ presence: inside, area: { ...area, autoCheckoutAfterMinutes: 30 } }))).result).toBe('admitted');
    expect((await decideLocally(base({ presence: inside, area: { ...area, autoCheckoutAt: '2026-11-21T09:30:00Z' } }))).result).toBe('admitted');
    expect((await decideLocally(base({ presence: inside, area: { ...area, autoCheckoutAfterMinutes: 120 } }))).result).toBe('already_inside');
  });
});
