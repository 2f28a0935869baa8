import { describe, expect, it } from 'vitest';
import { createCheckinDevicesService } from './checkin.devices.service.ts';
import { EVENT, fakeCheckinWorld, ORG, organiser } from './checkin.fakes.ts';

// The devices service's rules through a fake in-memory repository (no database): pairing codes, device tokens,
// revocation, sign-out commands, groups and the device log.
async function setup() {
  const world = fakeCheckinWorld();
  const devices = createCheckinDevicesService(world.deps, world.shared);
  const gate = await world.fake.repo.insertArea({ id: 'area-1', organisationId: ORG, eventId: EVENT, name: 'Main gate', kind: 'gate', displayKey: 'key-1' });
  const create = (name = 'Gate scanner') => devices.createDevice(organiser, ORG, EVENT, { name, kind: 'scanner', areaIds: [gate.id] });
  const paired = async (name?: string) => {
    const c = await create(name);
    return { id: c.device.id, token: (await devices.pair(c.code)).deviceToken };
  };
  return { ...world, devices, gate, create, paired };
}

describe('check-in devices service (fake repository)', () => {
  it('creates a pending device with a one-time pairing code, logged and audited', async () => {
    const { create, fake, audit, clock } = await setup();
    const c = await create();
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(c.device).toMatchObject({ eventId: EVENT, name: 'Gate scanner', kind: 'scanner', status: 'pending', areaIds: ['area-1'], pairedAt: null });
    expect(new Date(c.codeExpiresAt).getTime()).toBeGreaterThan(clock.t.getTime());
    expect(fake.logs.map((l) => [l.deviceId, l.kind])).toEqual([[c.device.id, 'code']]);
    expect(audit).toContainEqual({ action: 'checkin.device.create', target: c.device.id });
  });

  it('refuses a device for an area that is not this event’s (unknownArea)', async () => {
    const { devices } = await setup();
    await expect(devices.createDevice(organiser, ORG, EVENT, { name: 'Stray', kind: 'scanner', areaIds: ['area-9'] })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'areaIds', key: 'unknownArea' }],
    });
  });

  it('pairs with the code as typed (case, dashes, I/L/O forgiven) once, and the token then authenticates the device', async () => {
    const { devices, create } = await setup();
    const c = await create();
    const typed = c.code.toLowerCase().replace('-', ' ').replace(/1/g, 'l').replace(/0/g, 'o');
    const p = await devices.pair(typed);
    expect(p.deviceToken).toMatch(/^pvd_/);
    expect(p.device).toMatchObject({ id: c.device.id, eventId: EVENT, eventName: 'Expo', areas: [{ id: 'area-1', name: 'Main gate' }], hasRelay: false });
    expect(p.device.areas[0]).not.toHaveProperty('displayKey');
    expect(await devices.authenticateDevice(p.deviceToken)).toMatchObject({ id: c.device.id, organisationId: ORG, eventId: EVENT, areaIds: ['area-1'] });
    await expect(devices.pair(c.code)).rejects.toMatchObject({ status: 400, code: 'DEVICE_CODE_INVALID' });
    expect((await devices.getDevice(organiser, ORG, EVENT, c.device.id)).status).toBe('active');
  });

  it('refuses an expired code and tokens that are not device tokens', async () => {
    const { devices, create, clock } = await setup();
    const c = await create();
    clock.t = new Date(clock.t.getTime() + 1000 * 3_600_000);
    await expect(devices.pair(c.code)).rejects.toMatchObject({ code: 'DEVICE_CODE_INVALID' });
    expect(await devices.authenticateDevice('not-a-device-token')).toBeNull();
    expect(await devices.authenticateDevice(`pvd_${'x'.repeat(300)}`)).toBeNull();
    expect(await devices.authenticateDevice('pvd_unknown')).toBeNull();
  });

  it('revokes a device: its token stops at once (no cached session), and it gets no new code', async () => {
    const { devices, paired, audit } = await setup();
    const d = await paired();
    expect(await devices.authenticateDevice(d.token)).not.toBeNull();
    const revoked = await devices.revokeDevice(organiser, ORG, EVENT, d.id);
    expect(revoked).toMatchObject({ status: 'revoked', codeExpiresAt: null });
    expect(revoked.revokedAt).not.toBeNull();
    expect(await devices.authenticateDevice(d.token)).toBeNull();
    await expect(devices.newCode(organiser, ORG, EVENT, d.id)).rejects.toMatchObject({ status: 409, code: 'DEVICE_REVOKED' });
    expect(audit).toContainEqual({ action: 'checkin.device.revoke', target: d.id });
    await expect(devices.revokeDevice(organiser, ORG, EVENT, 'nothing')).rejects.toMatchObject({ status: 404, code: 'DEVICE_NOT_FOUND' });
  });

  it('signs every device of the event out at once, keeping revoked ones revoked, and logs each', async () => {
    const { devices, paired, fake } = await setup();
    const a = await paired('Gate A');
    const b = await paired('Gate B');
    await devices.revokeDevice(organiser, ORG, EVENT, b.id);
    const r = await devices.command(organiser, ORG, EVENT, null, 'deviceLogoutAll');
    expect(r).toEqual({ event: 'deviceLogoutAll', deviceIds: [a.id, b.id], reached: 0 });
    expect(await devices.authenticateDevice(a.token)).toBeNull();
    expect((await devices.listDevices(organiser, ORG, EVENT)).map((d) => [d.name, d.status])).toEqual([
      ['Gate A', 'pending'],
      ['Gate B', 'revoked'],
    ]);
    expect(fake.logs.filter((l) => l.kind === 'logout').map((l) => l.deviceId)).toEqual([a.id, b.id]);
  });

  it('groups live devices of the event only, and commands a group’s members', async () => {
    const { devices, paired } = await setup();
    const a = await paired('Gate A');
    const b = await paired('Gate B');
    await expect(devices.createDeviceGroup(organiser, ORG, EVENT, { name: 'North', deviceIds: [a.id, 'stranger'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'deviceIds', key: 'unknownDevice' }],
    });
    const g = await devices.createDeviceGroup(organiser, ORG, EVENT, { name: 'North', deviceIds: [a.id] });
    expect(g).toMatchObject({ name: 'North', deviceIds: [a.id], onlineCount: 0 });
    const r = await devices.command(organiser, ORG, EVENT, { groupId: g.id }, 'deviceLogout');
    expect(r.deviceIds).toEqual([a.id]);
    expect(await devices.authenticateDevice(a.token)).toBeNull();
    expect(await devices.authenticateDevice(b.token)).not.toBeNull();
    await expect(devices.command(organiser, ORG, EVENT, { groupId: 'nothing' }, 'deviceSync')).rejects.toMatchObject({ code: 'DEVICE_GROUP_NOT_FOUND' });
  });
});
