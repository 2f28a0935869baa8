import { describe, expect, it } from 'vitest';
import { createCheckinDevicesService } from './checkin.devices.service.ts';
import { credentialOf, EVENT, fakeCheckinWorld, ORG, organiser, registrationView } from './checkin.fakes.ts';
import { createCheckinScanningService } from './checkin.scanning.service.ts';
import type { DeviceSession } from './checkin.shared.ts';

// The scanning service's decisions through a fake in-memory repository (no database): admissibility, the area's
// rules, capacity, presence (anti-passback, re-entry), exits, device scans and offline sync.
function setup() {
  const world = fakeCheckinWorld();
  const exits: string[] = [];
  const deps = { ...world.deps, onExit: async (_eventId: string, registrationId: string) => exits.push(registrationId) };
  const scanning = createCheckinScanningService(deps, world.shared, createCheckinDevicesService(deps, world.shared));
  const attendee = (id: string, over: Parameters<typeof registrationView>[1] = {}) => world.registrations.set(id, registrationView(id, over));
  const manual = (areaId: string, registrationId: string, direction: 'in' | 'out' = 'in') => scanning.manualScan(organiser, ORG, EVENT, direction, { areaId, registrationId });
  const device = (areaIds: string[]): DeviceSession => ({ id: 'dev-1', organisationId: ORG, eventId: EVENT, name: 'Gate scanner', kind: 'scanner', areaIds, relayUrl: null, relayEnabled: false });
  return { ...world, scanning, attendee, manual, device, exits };
}

describe('check-in scanning service (fake repository)', () => {
  it('admits an approved and paid attendee once: the next entry is already_inside (anti-passback)', async () => {
    const { area, attendee, manual, fake } = setup();
    const a = await area();
    attendee('r1');
    const first = await manual(a.id, 'r1');
    expect(first).toMatchObject({ result: 'admitted', accepted: true, direction: 'in', areaId: a.id, warning: null, attendee: { registrationId: 'r1', registrationNo: 'R-r1' } });
    expect(await manual(a.id, 'r1')).toMatchObject({ result: 'already_inside', accepted: false });
    expect(fake.presence.get(`${a.id} r1`)).toMatchObject({ inside: true, entries: 1 });
    expect(fake.scans.map((s) => [s.registrationId, s.result, s.source, s.actorUserId])).toEqual([
      ['r1', 'admitted', 'manual', organiser.userId],
      ['r1', 'already_inside', 'manual', organiser.userId],
    ]);
  });

  it('refuses an attendee who is not admissible: not approved first, then not paid', async () => {
    const { area, attendee, manual, fake } = setup();
    const a = await area();
    attendee('pending', { approvalStatus: 'pending', orderStatus: 'pending' });
    attendee('unpaid', { orderStatus: 'pending' });
    expect(await manual(a.id, 'pending')).toMatchObject({ result: 'not_approved', accepted: false });
    expect(await manual(a.id, 'unpaid')).toMatchObject({ result: 'not_paid', accepted: false });
    expect(fake.presence.size).toBe(0);
    expect(fake.scans.map((s) => s.result)).toEqual(['not_approved', 'not_paid']);
  });

  it('applies the area’s rules: another ticket is wrong_area, outside its time windows is outside_window', async () => {
    const { area, attendee, manual, clock } = setup();
    const vip = await area({ ticketIds: ['ticket-vip'] });
    const session = await area({ timeWindows: [{ start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z' }] });
    attendee('r1');
    expect(await manual(vip.id, 'r1')).toMatchObject({ result: 'wrong_area' });
    expect(await manual(session.id, 'r1')).toMatchObject({ result: 'outside_window' });
    clock.t = new Date('2027-03-01T10:30:00Z');
    expect(await manual(session.id, 'r1')).toMatchObject({ result: 'admitted' });
  });

  it('refuses entry to a full area in refuse mode (area_full), and only warns in warn mode', async () => {
    const { area, attendee, manual } = setup();
    const refuse = await area({ capacity: 1, capacityMode: 'refuse' });
    const warn = await area({ capacity: 1, capacityMode: 'warn' });
    attendee('r1');
    attendee('r2');
    expect(await manual(refuse.id, 'r1')).toMatchObject({ result: 'admitted' });
    expect(await manual(refuse.id, 'r2')).toMatchObject({ result: 'area_full', accepted: false });
    expect(await manual(refuse.id, 'r1')).toMatchObject({ result: 'already_inside' });
    expect(await manual(warn.id, 'r1')).toMatchObject({ result: 'admitted', warning: 'capacity_reached' });
    expect(await manual(warn.id, 'r2')).toMatchObject({ result: 'admitted', warning: 'capacity_reached' });
  });

  it('checks out who is inside (exited, and the after-exit hook runs), and answers not_inside otherwise', async () => {
    const { area, attendee, manual, exits } = setup();
    const a = await area();
    attendee('r1');
    expect(await manual(a.id, 'r1', 'out')).toMatchObject({ result: 'not_inside', accepted: false });
    await manual(a.id, 'r1');
    expect(await manual(a.id, 'r1', 'out')).toMatchObject({ result: 'exited', accepted: true });
    expect(exits).toEqual(['r1']);
    expect(await manual(a.id, 'r1')).toMatchObject({ result: 'admitted' });
  });

  it('refuses a second entry after an exit where re-entry is off, and exits where exits are not tracked', async () => {
    const { area, attendee, manual } = setup();
    const once = await area({ allowsReentry: false });
    const noExit = await area({ tracksExit: false });
    attendee('r1');
    await manual(once.id, 'r1');
    expect(await manual(once.id, 'r1', 'out')).toMatchObject({ result: 'exited' });
    expect(await manual(once.id, 'r1')).toMatchObject({ result: 'no_reentry', accepted: false });
    await manual(noExit.id, 'r1');
    expect(await manual(noExit.id, 'r1', 'out')).toMatchObject({ result: 'wrong_area' });
  });

  it('answers REGISTRATION_NOT_FOUND for a manual scan of an unknown registration, AREA_NOT_FOUND for another event’s area', async () => {
    const { area, manual } = setup();
    const a = await area();
    await expect(manual(a.id, 'nobody')).rejects.toMatchObject({ status: 404, code: 'REGISTRATION_NOT_FOUND' });
    const other = await area({ eventId: 'event-2' });
    await expect(manual(other.id, 'nobody')).rejects.toMatchObject({ status: 404, code: 'AREA_NOT_FOUND' });
  });

  it('scans a credential on a device: only in its own areas; revoked, malformed and unknown credentials are refused', async () => {
    const { area, attendee, scanning, device, revoked } = setup();
    const a = await area();
    const b = await area();
    attendee('r1');
    attendee('r2');
    const gate = device([a.id]);
    await expect(scanning.deviceScan(gate, { credential: credentialOf('r1'), areaId: b.id, direction: 'in' })).rejects.toMatchObject({ status: 403, code: 'AREA_NOT_ASSIGNED' });
    expect(await scanning.deviceScan(gate, { credential: credentialOf('r1'), areaId: a.id, direction: 'in' })).toMatchObject({ result: 'admitted', attendee: { registrationId: 'r1' } });
    revoked.add('r2');
    expect(await scanning.deviceScan(gate, { credential: credentialOf('r2'), areaId: a.id, direction: 'in' })).toMatchObject({ result: 'revoked', accepted: false });
    expect(await scanning.deviceScan(gate, { credential: 'not a badge', areaId: a.id, direction: 'in' })).toMatchObject({ result: 'malformed', attendee: null });
    expect(await scanning.deviceScan(gate, { credential: credentialOf('ghost'), areaId: a.id, direction: 'in' })).toMatchObject({ result: 'unknown', attendee: null });
  });

  it('lists the ledger and flags a double admission made offline as a conflict the organiser can resolve', async () => {
    const { area, attendee, scanning, device, manual, clock } = setup();
    const a = await area();
    attendee('r1');
    await manual(a.id, 'r1');
    clock.t = new Date('2027-03-01T09:05:00Z');
    const sync = await scanning.syncOffline(device([a.id]), [{ nonce: 'n-1', credential: credentialOf('r1'), areaId: a.id, direction: 'in', localResult: 'admitted', deviceTime: '2027-03-01T09:01:00.000Z' }]);
    expect(sync).toMatchObject({ received: 1, applied: 1, duplicates: 0, conflicts: 1, results: [{ nonce: 'n-1', result: 'already_inside', duplicate: false, conflict: 'double_admission' }] });
    const again = await scanning.syncOffline(device([a.id]), [{ nonce: 'n-1', credential: credentialOf('r1'), areaId: a.id, direction: 'in', localResult: 'admitted', deviceTime: '2027-03-01T09:01:00.000Z' }]);
    expect(again).toMatchObject({ applied: 0, duplicates: 1, conflicts: 0 });

    const ledger = await scanning.listScans(organiser, ORG, EVENT, { page: 1, pageSize: 10 });
    expect(ledger.total).toBe(2);
    expect(ledger.items.map((s) => [s.source, s.result, s.conflict])).toEqual([
      ['offline', 'already_inside', 'double_admission'],
      ['manual', 'admitted', null],
    ]);
    const conflicts = await scanning.listConflicts(organiser, ORG, EVENT, { page: 1, pageSize: 10 });
    expect(conflicts.items).toHaveLength(1);
    const resolved = await scanning.resolveConflict(organiser, ORG, EVENT, conflicts.items[0]!.id, 'let in by the steward');
    expect(resolved).toMatchObject({ kind: 'double_admission', note: 'let in by the steward', attendeeName: 'Ada r1' });
    expect(resolved.resolvedAt).not.toBeNull();
    await expect(scanning.resolveConflict(organiser, ORG, EVENT, 'nothing')).rejects.toMatchObject({ code: 'CONFLICT_NOT_FOUND' });
  });
});
