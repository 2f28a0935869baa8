import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialMessage, formatCredential } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, deviceHeaders, eventWithAttendees, pairedDevice, scan } from './checkin.fixtures.ts';

let t: TestApp;
let token: string;
let H: Record<string, string>;
let otherToken: string;
let ev: Awaited<ReturnType<typeof eventWithAttendees>>;
let dev: Awaited<ReturnType<typeof pairedDevice>>;
let relayHits: { method: string; url: string }[] = [];
let relay: Server;
let relayUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signupOrganiser(t.app, { organisationName: 'Gate Org' })).accessToken;
  H = bearer(token);
  otherToken = (await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken;
  ev = await eventWithAttendees(t.app, token, 6);
  dev = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
  relay = createServer((req, res) => {
    relayHits.push({ method: req.method!, url: req.url! });
    res.end('{"ison":true}');
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/relay/0?turn=on`;
});
afterAll(async () => {
  relay?.close();
  await t?.close();
});

const E = () => `${BASE}/events/${ev.eventId}`;
const E3 = (eventId: string) => `${BASE}/events/${eventId}`;

describe('areas', () => {
  it('creates, lists, edits rules and capacity; refuses bad input with field keys', async () => {
    const list = await t.app.inject({ method: 'GET', url: `${E()}/areas`, headers: H });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ name: 'Main gate', kind: 'gate', inside: 0, tracksExit: true, allowsReentry: true });
    const bad = await t.app.inject({ method: 'POST', url: `${E()}/areas`, headers: H, payload: { name: '', kind: 'moon', timeWindows: [{ start: '2027-03-01T10:00:00Z', end: '2027-03-01T09:00:00Z' }], extra: 1 } });
    expect(bad.statusCode).toBe(400);
    const keys = bad.json().errors.map((e: { field: string; key: string }) => `${e.field}:${e.key}`);
    expect(keys).toEqual(expect.arrayContaining(['timeWindows.0.end:timeCampare', 'extra:unknownField']));
    const rules = await t.app.inject({ method: 'PUT', url: `${E()}/areas/${ev.areaId}/rules`, headers: H, payload: { allowsReentry: true } });
    expect(rules.statusCode).toBe(200);
    const cap = await t.app.inject({ method: 'PUT', url: `${E()}/areas/${ev.areaId}/capacity`, headers: H, payload: { capacity: 100, capacityMode: 'warn' } });
    expect(cap.json().data).toMatchObject({ capacity: 100, capacityMode: 'warn' });
    const csv = await t.app.inject({ method: 'GET', url: `${E()}/areas/export`, headers: H });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Main gate');
  });

  it("answers 404 for another organisation's event and area", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${E()}/areas/${ev.areaId}`, headers: bearer(otherToken) });
    expect(res.statusCode).toBe(404);
    const res2 = await t.app.inject({ method: 'GET', url: `${E()}/areas/nope`, headers: H });
    expect(res2.json().code).toBe('AREA_NOT_FOUND');
  });
});

describe('devices', () => {
  it('pairs once with its code; the code cannot be reused; a bad code is refused', async () => {
    const again = await t.app.inject({ method: 'POST', url: `${BASE}/devices/pair`, payload: { code: dev.code }, remoteAddress: '10.66.0.1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('DEVICE_CODE_INVALID');
    const me = await t.app.inject({ method: 'GET', url: `${BASE}/device/me`, headers: { 'x-device-token': dev.token } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: dev.deviceId, eventId: ev.eventId, areas: [{ id: ev.areaId }] });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/device/me` })).json().code).toBe('DEVICE_TOKEN_MISSING');
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/device/me`, headers: deviceHeaders('pvd_nope') })).json().code).toBe('DEVICE_TOKEN_INVALID');
    const list = await t.app.inject({ method: 'GET', url: `${E()}/devices`, headers: H });
    expect(list.json().data[0]).toMatchObject({ id: dev.deviceId, status: 'active', codeExpiresAt: null });
    expect(JSON.stringify(list.json())).not.toContain(dev.token);
  });

  it('refuses unknown areas and non-http relay URLs', async () => {
    const r1 = await t.app.inject({ method: 'POST', url: `${E()}/devices`, headers: H, payload: { name: 'X', kind: 'scanner', areaIds: ['nope'] } });
    expect(r1.statusCode).toBe(400);
    const r2 = await t.app.inject({ method: 'POST', url: `${E()}/devices`, headers: H, payload: { name: 'X', kind: 'turnstile', areaIds: [ev.areaId], relayUrl: 'file:///etc/passwd' } });
    expect(r2.json().errors).toEqual([{ field: 'relayUrl', key: 'invalidRelayUrl' }]);
  });
});

describe('device groups', () => {
  const post = (url: string, payload: object, headers = H) => t.app.inject({ method: 'POST', url: `${E()}${url}`, headers, payload });
  const patch = (url: string, payload: object, headers = H) => t.app.inject({ method: 'PATCH', url: `${E()}${url}`, headers, payload });
  const newDevice = async (name: string) => (await post('/devices', { name, kind: 'scanner', areaIds: [ev.areaId] })).json().data.device.id as string;

  it('groups devices, moves a device between groups, lists, exports and deletes (the devices stay)', async () => {
    const [d1, d2, d3] = [await newDevice('Gate 1'), await newDevice('Gate 2'), await newDevice('Desk')];
    const hall = await post('/device-groups', { name: 'Hall A', description: 'North entrance', deviceIds: [d1, d2, d1] });
    expect(hall.statusCode).toBe(201);
    expect(hall.json().data).toMatchObject({ name: 'Hall A', description: 'North entrance', onlineCount: 0 });
    expect(hall.json().data.deviceIds.sort()).toEqual([d1, d2].sort());
    const hallId = hall.json().data.id;
    // A device is in one group at most: joining Desk takes Gate 2 out of Hall A.
    const desk = (await post('/device-groups', { name: 'Desk', deviceIds: [d3, d2] })).json().data;
    const groups = (await t.app.inject({ method: 'GET', url: `${E()}/device-groups`, headers: H })).json().data;
    expect(groups.map((g: { name: string; deviceIds: string[] }) => [g.name, g.deviceIds.length])).toEqual([
      ['Desk', 2],
      ['Hall A', 1],
    ]);
    expect((await t.app.inject({ method: 'GET', url: `${E()}/devices/${d2}`, headers: H })).json().data.groupId).toBe(desk.id);
    // The whole membership on update; the device's own PATCH moves it too.
    expect((await patch(`/device-groups/${hallId}`, { name: 'Hall A (north)', deviceIds: [d1, d2] })).json().data.deviceIds.sort()).toEqual([d1, d2].sort());
    expect((await patch(`/devices/${d3}`, { groupId: null })).json().data.groupId).toBeNull();
    expect((await patch(`/devices/${d3}`, { groupId: hallId })).json().data.groupId).toBe(hallId);
    const csv = await t.app.inject({ method: 'GET', url: `${E()}/device-groups/export`, headers: H });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toMatch(/,Hall A \(north\),North entrance,3,(Gate 1|Gate 2|Desk); /);
    const del = await t.app.inject({ method: 'DELETE', url: `${E()}/device-groups/${hallId}`, headers: H });
    expect(del.json().data).toEqual({ deleted: true });
    const after = await t.app.inject({ method: 'GET', url: `${E()}/devices/${d1}`, headers: H });
    expect(after.json().data).toMatchObject({ id: d1, groupId: null, status: 'pending' });
  });

  it('refuses a taken name, unknown devices, another event’s group and other organisations', async () => {
    await post('/device-groups', { name: 'Registration desk' });
    const taken = await post('/device-groups', { name: 'registration DESK' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'DEVICE_GROUP_NAME_TAKEN', errors: [{ field: 'name', key: 'nameTaken' }] });
    const blank = await post('/device-groups', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContainEqual({ field: 'name', key: 'required' });
    expect((await post('/device-groups', { name: 'Ghosts', deviceIds: ['nope'] })).json().errors).toEqual([{ field: 'deviceIds', key: 'unknownDevice' }]);
    const d = await newDevice('Roaming');
    expect((await patch(`/devices/${d}`, { groupId: 'nope' })).json().errors).toEqual([{ field: 'groupId', key: 'unknownDeviceGroup' }]);
    const groupId = (await post('/device-groups', { name: 'Press' })).json().data.id;
    const foreign = await t.app.inject({ method: 'PATCH', url: `${E()}/device-groups/${groupId}`, headers: bearer(otherToken), payload: { name: 'Mine' } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${E()}/device-groups`, headers: bearer(otherToken) })).statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'POST', url: `${E()}/device-groups/nope/sync`, headers: H });
    expect(unknown.json().code).toBe('DEVICE_GROUP_NOT_FOUND');
  });
});

describe('online scans', () => {
  it('admits once, refuses the second entry, checks out, and records the ledger', async () => {
    const first = await scan(t.app, dev.token, { credential: ev.creds[0], areaId: ev.areaId });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ result: 'admitted', accepted: true, areaName: 'Main gate', attendee: { registrationId: ev.regIds[0], photoUrl: null } });
    const second = await scan(t.app, dev.token, { credential: ev.creds[0], areaId: ev.areaId });
    expect(second.json().data).toMatchObject({ result: 'already_inside', accepted: false, label: 'Already inside' });
    const out = await scan(t.app, dev.token, { credential: ev.creds[0], areaId: ev.areaId, direction: 'out' });
    expect(out.json().data.result).toBe('exited');
    const out2 = await scan(t.app, dev.token, { credential: ev.creds[0], areaId: ev.areaId, direction: 'out' });
    expect(out2.json().data.result).toBe('not_inside');
    const ledger = await t.app.inject({ method: 'GET', url: `${E()}/checkins?registrationId=${ev.regIds[0]}`, headers: H });
    expect(ledger.json().data.total).toBe(4);
    expect(ledger.json().data.items[0]).toMatchObject({ deviceName: 'Gate scanner', source: 'online' });
  });

  it("shows the attendee's photo in the scan result, by a URL the scanner can load", async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const set = await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${ev.eventId}/registrations/${ev.regIds[4]}/photo`, headers: H, payload: { contentType: 'image/png', dataBase64: png.toString('base64') } });
    expect(set.statusCode).toBe(200);
    const res = await scan(t.app, dev.token, { credential: ev.creds[4], areaId: ev.areaId });
    const photoUrl = res.json().data.attendee.photoUrl as string;
    expect(photoUrl).toBe(set.json().data.photoUrl);
    const img = await t.app.inject({ method: 'GET', url: photoUrl });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    // Leaves the area as it found it (later tests admit this attendee by hand).
    expect((await scan(t.app, dev.token, { credential: ev.creds[4], areaId: ev.areaId, direction: 'out' })).json().data.result).toBe('exited');
  });

  it("shows the attendee's category and its colour (the badges' event-wide colour) in the scan result", async () => {
    const e4 = await eventWithAttendees(t.app, token, 1);
    const ev4 = `/api/eventservices/events/${e4.eventId}`;
    const press = (await t.app.inject({ method: 'POST', url: `${ev4}/visitor-categories`, headers: H, payload: { name: 'Press', slug: 'press' } })).json().data.id;
    await t.app.inject({ method: 'POST', url: `${ev4}/registrations/assign-category`, headers: H, payload: { registrationIds: [e4.regIds[0]], categoryId: press } });
    expect((await t.app.inject({ method: 'PUT', url: `${ev4}/badge-fields`, headers: H, payload: { categoryColors: { [press]: '#e8590c' } } })).statusCode).toBe(200);
    const gate = await pairedDevice(t.app, token, e4.eventId, [e4.areaId]);
    const res = await scan(t.app, gate.token, { credential: e4.creds[0]!, areaId: e4.areaId });
    expect(res.json().data.attendee).toMatchObject({ categoryName: 'Press', categoryColour: '#e8590c' });
    // The offline snapshot carries it too, so an offline gate shows the same band.
    const snap = await t.app.inject({ method: 'GET', url: `${BASE}/device/snapshot`, headers: deviceHeaders(gate.token) });
    expect(snap.json().data.credentials.find((c: { registrationId: string }) => c.registrationId === e4.regIds[0]).attendee.categoryColour).toBe('#e8590c');
  });

  it('refuses a malformed QR, a forged signature, another event’s credential and a revoked credential', async () => {
    expect((await scan(t.app, dev.token, { credential: 'hello world', areaId: ev.areaId })).json().data.result).toBe('malformed');
    const pair = generateKeyPairSync('ed25519');
    const claims = { eventId: ev.eventId, registrationId: ev.regIds[1]!, version: 1 };
    const forged = formatCredential(claims, new Uint8Array(sign(null, Buffer.from(credentialMessage(claims)), pair.privateKey)));
    expect((await scan(t.app, dev.token, { credential: forged, areaId: ev.areaId })).json().data.result).toBe('forged');
    const other = await eventWithAttendees(t.app, otherToken, 1);
    expect((await scan(t.app, dev.token, { credential: other.creds[0], areaId: ev.areaId })).json().data.result).toBe('other_event');
    await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${ev.eventId}/registrations/${ev.regIds[2]}/credential/revoke`, headers: H, payload: {} });
    const rev = await scan(t.app, dev.token, { credential: ev.creds[2], areaId: ev.areaId });
    expect(rev.json().data).toMatchObject({ result: 'revoked', attendee: { registrationId: ev.regIds[2] } });
    const bad = await scan(t.app, dev.token, { credential: 'x'.repeat(600), areaId: ev.areaId });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a device of another organiser in this event's area, and a revoked device at once", async () => {
    const other = await eventWithAttendees(t.app, otherToken, 1);
    const foreign = await pairedDevice(t.app, otherToken, other.eventId, [other.areaId]);
    const res = await scan(t.app, foreign.token, { credential: ev.creds[3], areaId: ev.areaId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AREA_NOT_ASSIGNED');
    const inOwn = await scan(t.app, foreign.token, { credential: ev.creds[3], areaId: other.areaId });
    expect(inOwn.json().data.result).toBe('other_event');
    const rv = await t.app.inject({ method: 'POST', url: `${BASE}/events/${other.eventId}/devices/${foreign.deviceId}/revoke`, headers: bearer(otherToken) });
    expect(rv.json().data.status).toBe('revoked');
    const after = await scan(t.app, foreign.token, { credential: other.creds[0], areaId: other.areaId });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('DEVICE_TOKEN_INVALID');
  });

  it('applies area rules: wrong ticket → wrong_area, closed window → outside_window, no re-entry', async () => {
    const r = await t.app.inject({ method: 'POST', url: `${E()}/areas`, headers: H, payload: { name: 'VIP', kind: 'hall', ticketIds: ['other-ticket'] } });
    const w = await t.app.inject({ method: 'POST', url: `${E()}/areas`, headers: H, payload: { name: 'Closed', kind: 'session', timeWindows: [{ start: '2020-01-01T09:00:00Z', end: '2020-01-01T10:00:00Z' }] } });
    const n = await t.app.inject({ method: 'POST', url: `${E()}/areas`, headers: H, payload: { name: 'Once', kind: 'session', allowsReentry: false } });
    const ids = [r.json().data.id, w.json().data.id, n.json().data.id];
    await t.app.inject({ method: 'PATCH', url: `${E()}/devices/${dev.deviceId}`, headers: H, payload: { areaIds: [ev.areaId, ...ids] } });
    expect((await scan(t.app, dev.token, { credential: ev.creds[3], areaId: ids[0] })).json().data.result).toBe('wrong_area');
    expect((await scan(t.app, dev.token, { credential: ev.creds[3], areaId: ids[1] })).json().data.result).toBe('outside_window');
    expect((await scan(t.app, dev.token, { credential: ev.creds[3], areaId: ids[2] })).json().data.result).toBe('admitted');
    expect((await scan(t.app, dev.token, { credential: ev.creds[3], areaId: ids[2], direction: 'out' })).json().data.result).toBe('exited');
    expect((await scan(t.app, dev.token, { credential: ev.creds[3], areaId: ids[2] })).json().data.result).toBe('no_reentry');
  });

  it('manual check-in and check-out by registration id; exactly one of credential/registrationId', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${E()}/checkins`, headers: H, payload: { areaId: ev.areaId, registrationId: ev.regIds[4] } });
    expect(res.json().data.result).toBe('admitted');
    const out = await t.app.inject({ method: 'POST', url: `${E()}/checkouts`, headers: H, payload: { areaId: ev.areaId, registrationId: ev.regIds[4] } });
    expect(out.json().data.result).toBe('exited');
    const both = await t.app.inject({ method: 'POST', url: `${E()}/checkins`, headers: H, payload: { areaId: ev.areaId } });
    expect(both.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: `${E()}/checkins`, headers: H, payload: { areaId: ev.areaId, registrationId: 'nope' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('PUTs the turnstile relay on an admission, and logs it', async () => {
    const ts = await pairedDevice(t.app, token, ev.eventId, [ev.areaId], { kind: 'turnstile', name: 'Turnstile', relayUrl });
    relayHits = [];
    const res = await scan(t.app, ts.token, { credential: ev.creds[5], areaId: ev.areaId });
    expect(res.json().data.result).toBe('admitted');
    expect(res.json().data.relay).toMatchObject({ ok: true, httpStatus: 200 });
    expect(relayHits).toEqual([{ method: 'PUT', url: '/relay/0?turn=on' }]);
    const toggle = await t.app.inject({ method: 'POST', url: `${E()}/devices/${ts.deviceId}/relay/toggle`, headers: H });
    expect(toggle.json().data.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    const logs = await t.app.inject({ method: 'GET', url: `${E()}/device-logs?deviceId=${ts.deviceId}&kind=relay`, headers: H });
    expect(logs.json().data.total).toBeGreaterThanOrEqual(2);
    const dead = await t.app.inject({ method: 'PUT', url: `${E()}/devices/${ts.deviceId}/relay`, headers: H, payload: { relayUrl: 'http://127.0.0.1:9/relay', relayEnabled: true } });
    expect(dead.statusCode).toBe(200);
    const t2 = await t.app.inject({ method: 'POST', url: `${E()}/devices/${ts.deviceId}/relay/toggle`, headers: H });
    expect(t2.json().data.ok).toBe(false);
  });
});

describe('offline', () => {
  it('serves a snapshot with the public key, rules, credentials and presence; incremental with since', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/device/snapshot`, headers: deviceHeaders(dev.token) });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.publicKey.algorithm).toBe('Ed25519');
    expect(s.full).toBe(true);
    expect(s.credentials.length).toBe(6);
    expect(s.credentials.find((c: { registrationId: string }) => c.registrationId === ev.regIds[2]).revoked).toBe(true);
    const inc = await t.app.inject({ method: 'GET', url: `${BASE}/device/snapshot?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, headers: deviceHeaders(dev.token) });
    expect(inc.json().data).toMatchObject({ full: false, credentials: [] });
  });

  it('keeps what offline gates decided at the door: a turned-away entry stays out; admissions beyond a full area are flagged', async () => {
    const e3 = await eventWithAttendees(t.app, token, 4, { capacity: 2, capacityMode: 'refuse' });
    const gate = await pairedDevice(t.app, token, e3.eventId, [e3.areaId]);
    const t0 = Date.now() - 60_000;
    const mk = (i: number, cred: string, localResult = 'admitted') => ({ nonce: randomUUID(), deviceTime: new Date(t0 + i * 1000).toISOString(), credential: cred, areaId: e3.areaId, direction: 'in', localResult });
    // Online, one person is already inside; offline, the gate let three more in and turned one away (its data said full).
    expect((await scan(t.app, gate.token, { credential: e3.creds[0]!, areaId: e3.areaId })).json().data.result).toBe('admitted');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/device/sync`,
      headers: deviceHeaders(gate.token),
      payload: { scans: [mk(1, e3.creds[1]!), mk(2, e3.creds[2]!), mk(3, e3.creds[3]!, 'area_full')] },
    });
    expect(res.json().data).toMatchObject({
      applied: 3,
      conflicts: 1,
      results: [
        { result: 'admitted', conflict: null },
        { result: 'admitted', conflict: 'over_capacity' },
        { result: 'area_full', conflict: null },
      ],
    });
    // Three are inside (capacity 2): the one turned away is not counted.
    expect((await t.app.inject({ method: 'GET', url: `${E3(e3.eventId)}/areas/${e3.areaId}`, headers: H })).json().data.inside).toBe(3);
    const conflicts = (await t.app.inject({ method: 'GET', url: `${E3(e3.eventId)}/checkins/conflicts`, headers: H })).json().data;
    expect(conflicts.items).toEqual([expect.objectContaining({ kind: 'over_capacity', registrationId: e3.regIds[2], localResult: 'admitted', serverResult: 'area_full' })]);
  });

  it('applies a batch in time order, flags a double admission, and counts a replayed batch once', async () => {
    const e2 = await eventWithAttendees(t.app, token, 2);
    const a = await pairedDevice(t.app, token, e2.eventId, [e2.areaId]);
    const b = await pairedDevice(t.app, token, e2.eventId, [e2.areaId]);
    const t0 = Date.now() - 60_000;
    const mk = (i: number, cred: string, extra: Record<string, unknown> = {}) => ({ nonce: randomUUID(), deviceTime: new Date(t0 + i * 1000).toISOString(), credential: cred, areaId: e2.areaId, direction: 'in', localResult: 'admitted', ...extra });
    const batchA = [mk(0, e2.creds[0]!), mk(2, e2.creds[1]!), mk(3, 'garbage', { localResult: 'malformed' })];
    // Revoked now: a scan from before the revocation was valid; one from after it is not.
    await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${e2.eventId}/registrations/${e2.regIds[1]}/credential/revoke`, headers: H, payload: {} });
    const afterRevoke = { ...mk(0, e2.creds[1]!), deviceTime: new Date(Date.now() + 1000).toISOString(), direction: 'out', localResult: 'exited' };
    const reentryAfterRevoke = { ...mk(0, e2.creds[1]!), deviceTime: new Date(Date.now() + 2000).toISOString() };
    const batchB = [mk(1, e2.creds[0]!), afterRevoke, reentryAfterRevoke];
    const sa = await t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(a.token), payload: { scans: batchA } });
    expect(sa.statusCode).toBe(200);
    expect(sa.json().data).toMatchObject({ received: 3, applied: 3, duplicates: 0, conflicts: 0 });
    const sb = await t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(b.token), payload: { scans: batchB } });
    expect(sb.json().data).toMatchObject({
      applied: 3,
      conflicts: 2,
      results: [
        { result: 'already_inside', conflict: 'double_admission' },
        { result: 'revoked', conflict: null },
        { result: 'revoked', conflict: 'refused_admitted' },
      ],
    });
    const replay = await t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(a.token), payload: { scans: batchA } });
    expect(replay.json().data).toMatchObject({ received: 3, applied: 0, duplicates: 3, conflicts: 0 });
    const conflicts = await t.app.inject({ method: 'GET', url: `${BASE}/events/${e2.eventId}/checkins/conflicts`, headers: H });
    expect(conflicts.json().data.total).toBe(2);
    expect(conflicts.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'double_admission', registrationId: e2.regIds[0], serverResult: 'already_inside', localResult: 'admitted' }),
        expect.objectContaining({ kind: 'refused_admitted', registrationId: e2.regIds[1], serverResult: 'revoked' }),
      ]),
    );
    const flagged = await t.app.inject({ method: 'GET', url: `${BASE}/events/${e2.eventId}/checkins?conflict=true`, headers: H });
    expect(flagged.json().data.total).toBe(2);
    const resolved = await t.app.inject({ method: 'POST', url: `${BASE}/events/${e2.eventId}/checkins/conflicts/${conflicts.json().data.items[0].id}/resolve`, headers: H, payload: { note: 'checked at the desk' } });
    expect(resolved.json().data).toMatchObject({ note: 'checked at the desk' });
    expect(resolved.json().data.resolvedAt).not.toBeNull();
    const ledger = await t.app.inject({ method: 'GET', url: `${BASE}/events/${e2.eventId}/checkins`, headers: H });
    expect(ledger.json().data.total).toBe(6);
    const occ = await t.app.inject({ method: 'GET', url: `${BASE}/events/${e2.eventId}/occupancy`, headers: H });
    expect(occ.json().data.totalInside).toBe(2);
    const bad = await t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(a.token), payload: { scans: [{ nonce: 'not-a-uuid' }] } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('footfall and attendance', () => {
  it('shows footfall publicly with the display key only, and attendance minutes per area', async () => {
    const pub = await t.app.inject({ method: 'GET', url: `${BASE}/public/footfall/${ev.areaId}?key=${ev.displayKey}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.entriesToday).toBeGreaterThanOrEqual(3);
    expect(pub.json().data.hours.length).toBeGreaterThan(0);
    const wrong = await t.app.inject({ method: 'GET', url: `${BASE}/public/footfall/${ev.areaId}?key=wrong-key-123` });
    expect(wrong.statusCode).toBe(404);
    const att = await t.app.inject({ method: 'GET', url: `${E()}/attendance`, headers: H });
    expect(att.statusCode).toBe(200);
    expect(att.json().data.total).toBeGreaterThanOrEqual(3);
    const detail = await t.app.inject({ method: 'GET', url: `${E()}/attendance/${ev.regIds[0]}`, headers: H });
    expect(detail.json().data.areas[0]).toMatchObject({ areaId: ev.areaId, entries: 1, exits: 1, inside: false });
    const sums = await t.ctx.checkin.attendanceSummaries(ev.eventId);
    expect(sums.find((s) => s.registrationId === ev.regIds[0])!.areas[0]).toMatchObject({ areaId: ev.areaId, areaKind: 'gate', entries: 1 });
    const csv = await t.app.inject({ method: 'GET', url: `${E()}/attendance/export`, headers: H });
    expect(csv.body.split('\n')[0]).toContain('registrationId');
  });
});
