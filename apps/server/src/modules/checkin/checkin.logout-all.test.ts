import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, eventWithAttendees, pairedDevice, scan } from './checkin.fixtures.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signupOrganiser(t.app, { organisationName: 'Logout Org' })).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('sign out all devices', () => {
  it('ends every token of the event at once, keeps revoked devices revoked and logs each device', async () => {
    const ev = await eventWithAttendees(t.app, token, 1);
    const E = `${BASE}/events/${ev.eventId}`;
    const a = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const b = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const c = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    expect((await t.app.inject({ method: 'POST', url: `${E}/devices/${c.deviceId}/revoke`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await scan(t.app, a.token, { credential: ev.creds[0], areaId: ev.areaId, direction: 'in' })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: `${E}/devices/logout-all`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deviceIds).toHaveLength(3);

    for (const d of [a, b]) expect((await scan(t.app, d.token, { credential: ev.creds[0], areaId: ev.areaId, direction: 'out' })).statusCode).toBe(401);
    const devices = (await t.app.inject({ url: `${E}/devices`, headers: bearer(token) })).json().data as { id: string; status: string }[];
    const status = Object.fromEntries(devices.map((d) => [d.id, d.status]));
    expect(status).toEqual({ [a.deviceId]: 'pending', [b.deviceId]: 'pending', [c.deviceId]: 'revoked' });
    const logs = (await t.app.inject({ url: `${E}/device-logs?kind=logout&pageSize=50`, headers: bearer(token) })).json().data.items as { deviceId: string; message: string }[];
    const allLogs = logs.filter((l) => l.message === 'deviceLogoutAll from the dashboard');
    expect(allLogs.map((l) => l.deviceId).sort()).toEqual([a.deviceId, b.deviceId, c.deviceId].sort());
  });
});
