import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { FOOTFALL_SOCKET_EVENT } from '@pavilion/domain';
import { HOSPITALITY_SOCKET_PATH } from '../../platform/realtime.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, eventWithAttendees, pairedDevice, scan } from './checkin.fixtures.ts';

let t: TestApp;
let url: string;
let token: string;
let ev: Awaited<ReturnType<typeof eventWithAttendees>>;
const sockets: Socket[] = [];

function open(auth: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path: HOSPITALITY_SOCKET_PATH, auth, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', (err) => reject(err));
  });
}
const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = (await signupOrganiser(t.app)).accessToken;
  ev = await eventWithAttendees(t.app, token, 2, { autoCheckoutAfterMinutes: null });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('hospitality socket: devices and footfall', () => {
  it('refuses an unknown device token and a wrong footfall key', async () => {
    await expect(open({ deviceToken: 'pvd_nope' })).rejects.toThrow('UNAUTHORISED');
    await expect(open({ footfallAreaId: ev.areaId, footfallKey: 'wrong-key-1234' })).rejects.toThrow('UNAUTHORISED');
  });

  it('carries deviceSync / deviceRefreshAll from the dashboard, and deviceLogout on revoke (then the token is dead)', async () => {
    const d = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const s = await open({ deviceToken: d.token });
    const sync = next<{ event: string; deviceId: string }>(s, 'deviceSync');
    const r1 = await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/devices/${d.deviceId}/sync`, headers: bearer(token) });
    expect(r1.json().data).toMatchObject({ event: 'deviceSync', reached: 1 });
    await expect(sync).resolves.toMatchObject({ event: 'deviceSync', deviceId: d.deviceId, eventId: ev.eventId });
    const all = next<{ deviceId: null }>(s, 'deviceRefreshAll');
    await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/devices/refresh-all`, headers: bearer(token) });
    await expect(all).resolves.toMatchObject({ event: 'deviceRefreshAll', deviceId: null });
    const logout = next<{ reason: string }>(s, 'deviceLogout');
    const gone = next<string>(s, 'disconnect');
    await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/devices/${d.deviceId}/revoke`, headers: bearer(token) });
    await expect(logout).resolves.toMatchObject({ event: 'deviceLogout', reason: 'revoked' });
    await gone;
    await expect(open({ deviceToken: d.token })).rejects.toThrow('UNAUTHORISED');
  });

  it("sends a device group's command to each of its devices, and to no other", async () => {
    const a = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const b = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const outside = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const group = await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/device-groups`, headers: bearer(token), payload: { name: 'Hall A gates', deviceIds: [a.deviceId, b.deviceId] } });
    const groupId = group.json().data.id;
    const [sa, sb, so] = [await open({ deviceToken: a.token }), await open({ deviceToken: b.token }), await open({ deviceToken: outside.token })];
    let strayed = false;
    so.on('deviceSync', () => (strayed = true));
    const got = Promise.all([next<{ deviceId: string }>(sa, 'deviceSync'), next<{ deviceId: string }>(sb, 'deviceSync')]);
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/device-groups/${groupId}/sync`, headers: bearer(token) });
    expect(res.json().data).toMatchObject({ event: 'deviceSync', reached: 2 });
    expect(new Set(res.json().data.deviceIds)).toEqual(new Set([a.deviceId, b.deviceId]));
    expect((await got).map((m) => m.deviceId).sort()).toEqual([a.deviceId, b.deviceId].sort());
    const listed = await t.app.inject({ method: 'GET', url: `${BASE}/events/${ev.eventId}/device-groups`, headers: bearer(token) });
    expect(listed.json().data.find((g: { id: string }) => g.id === groupId)).toMatchObject({ onlineCount: 2 });
    // Signing the group out ends both tokens; the device outside the group keeps working.
    const gone = Promise.all([next(sa, 'disconnect'), next(sb, 'disconnect')]);
    await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/device-groups/${groupId}/logout`, headers: bearer(token) });
    await gone;
    await expect(open({ deviceToken: a.token })).rejects.toThrow('UNAUTHORISED');
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/device/me`, headers: { 'x-device-token': outside.token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/device/me`, headers: { 'x-device-token': b.token } })).statusCode).toBe(401);
    expect(strayed).toBe(false);
  });

  it('pushes live footfall to a display holding the area key', async () => {
    const display = await open({ footfallAreaId: ev.areaId, footfallKey: ev.displayKey });
    const d = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const got = next<{ areaId: string; inside: number; entriesLastHour: number }>(display, FOOTFALL_SOCKET_EVENT);
    expect((await scan(t.app, d.token, { credential: ev.creds[0], areaId: ev.areaId })).json().data.result).toBe('admitted');
    await expect(got).resolves.toMatchObject({ areaId: ev.areaId, inside: 1, entriesLastHour: 1 });
  });

  it('checks out automatically at the area’s time (timer-free: applied lazily on read) with an auto ledger row', async () => {
    const at = new Date(Date.now() + 1200).toISOString();
    const area = await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/areas`, headers: bearer(token), payload: { name: 'Talk', kind: 'session', autoCheckoutAt: at } });
    const areaId = area.json().data.id;
    const m = await t.app.inject({ method: 'POST', url: `${BASE}/events/${ev.eventId}/checkins`, headers: bearer(token), payload: { areaId, registrationId: ev.regIds[1] } });
    expect(m.json().data.result).toBe('admitted');
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/events/${ev.eventId}/areas/${areaId}`, headers: bearer(token) })).json().data.inside).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/events/${ev.eventId}/areas/${areaId}`, headers: bearer(token) })).json().data.inside).toBe(0);
    const ledger = await t.app.inject({ method: 'GET', url: `${BASE}/events/${ev.eventId}/checkins?areaId=${areaId}&source=auto`, headers: bearer(token) });
    expect(ledger.json().data.items).toMatchObject([{ result: 'exited', source: 'auto', scannedAt: at.replace(/\.\d+Z$/, (s) => s) }]);
    const sums = await t.ctx.checkin.attendanceSummaries(ev.eventId);
    expect(sums.find((s) => s.registrationId === ev.regIds[1])!.areas.find((a) => a.areaId === areaId)).toMatchObject({ areaKind: 'session', entries: 1, minutes: 0 });
  });
});
