import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeRangeFilter, utcToZonedLocal } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, deviceHeaders, eventWithAttendees, pairedDevice, scan } from '../checkin/checkin.fixtures.ts';
import { injectAs, programmeBase, sessionInput } from './programme.fixtures.ts';
import { sessionForScan } from './programme-attendance.service.ts';
import type { SessionRow } from './programme.repository.ts';

// Session attendance end to end through the app: a room's door is a check-in area, a device scan there while a
// session runs counts the attendee at that session (once), the Schedule Sessions report shows it, and a
// "sessions attended" certificate rule issues without anyone pressing "Run rule now".
let t: TestApp;
let token: string;
let H: Record<string, string>;
let other: Record<string, string>;
const TZ = 'Europe/Berlin';
const MIN = 60_000;
/** A wall-clock time in the event's zone `ms` from now, to the minute. */
const local = (ms: number) => utcToZonedLocal(new Date(Date.now() + ms), TZ);

beforeAll(async () => {
  t = await createTestApp();
  const host = await signupOrganiser(t.app, { organisationName: 'Session Org' });
  token = host.accessToken;
  H = bearer(token);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', eventId: string, path: string, payload?: unknown, headers = H) => injectAs(t.app, method, headers, `${programmeBase(eventId)}${path}`, payload);
async function room(eventId: string, name: string, checkinArea?: unknown) {
  const res = await call('POST', eventId, '/rooms', { name, capacity: 80, ...(checkinArea ? { checkinArea } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; checkinAreaId: string | null };
}
async function session(eventId: string, over: Record<string, unknown>) {
  const res = await call('POST', eventId, '/sessions', sessionInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function report(eventId: string, range: number = TimeRangeFilter.AllDates, headers = H) {
  return call('GET', eventId, `/reports/schedule-sessions?range=${range}`, undefined, headers);
}
const counts = async (eventId: string, range: number = TimeRangeFilter.AllDates) =>
  new Map(((await report(eventId, range)).json().data.sessions as { sessionId: string; attended: number }[]).map((s) => [s.sessionId, s.attended]));
/** The stored attendance rows of an event, by session. */
async function attendance(eventId: string) {
  const { rows } = await t.ctx.database.db.execute<{ session: string; registration: string; scans: number }>(
    sql`select session_id as session, registration_id as registration, scans from programme_session_attendance where event_id = ${eventId}`,
  );
  return rows.map((r) => ({ ...r, scans: Number(r.scans) })).sort((x, y) => (x.session < y.session ? -1 : 1));
}
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('session attendance from room doors', () => {
  it('links rooms to check-in areas: a new session area, an existing one, none; refuses a used, foreign or missing area', async () => {
    const e = await eventWithAttendees(t.app, token, 1);
    const made = await room(e.eventId, 'Hall Europa', { mode: 'create' });
    expect(made.checkinAreaId).toEqual(expect.any(String));
    const areas = (await t.app.inject({ url: `${BASE}/events/${e.eventId}/areas`, headers: H })).json().data as { id: string; name: string; kind: string }[];
    expect(areas.find((a) => a.id === made.checkinAreaId)).toMatchObject({ name: 'Hall Europa', kind: 'session' });

    // The gate area, linked to a second room; then taken by a third: refused, naming the room.
    const linked = await room(e.eventId, 'Room Asia', { mode: 'existing', areaId: e.areaId });
    expect(linked.checkinAreaId).toBe(e.areaId);
    const taken = await call('POST', e.eventId, '/rooms', { name: 'Room Africa', capacity: null, checkinArea: { mode: 'existing', areaId: e.areaId } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'PROGRAMME_AREA_IN_USE', message: expect.stringContaining('Room Asia') });

    // Another event's area, or an area that does not exist: a field error, nothing written.
    const e2 = await eventWithAttendees(t.app, token, 1);
    for (const areaId of [e2.areaId, 'no-such-area']) {
      const bad = await call('POST', e.eventId, '/rooms', { name: 'Room X', capacity: null, checkinArea: { mode: 'existing', areaId } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'checkinArea.areaId', key: 'unknownCheckinArea' }]);
    }
    const bogus = await call('POST', e.eventId, '/rooms', { name: 'Room Y', capacity: null, checkinArea: { mode: 'somewhere' } });
    expect(bogus.statusCode).toBe(400);
    expect(((await call('GET', e.eventId, '/rooms')).json().data.items as { name: string }[]).map((r) => r.name)).toEqual(['Hall Europa', 'Room Asia']);

    // An edit without the field keeps the link; "none" unlinks, and the area can be linked again elsewhere.
    const kept = await call('PUT', e.eventId, `/rooms/${linked.id}`, { name: 'Room Asia 2', capacity: 40 });
    expect(kept.json().data).toMatchObject({ name: 'Room Asia 2', checkinAreaId: e.areaId });
    const unlinked = await call('PUT', e.eventId, `/rooms/${linked.id}`, { name: 'Room Asia 2', capacity: 40, checkinArea: { mode: 'none' } });
    expect(unlinked.json().data.checkinAreaId).toBeNull();
    expect((await room(e.eventId, 'Room Africa', { mode: 'existing', areaId: e.areaId })).checkinAreaId).toBe(e.areaId);

    // Another organisation: its room form and report cannot reach this event.
    expect((await call('POST', e.eventId, '/rooms', { name: 'Intruder', capacity: null, checkinArea: { mode: 'create' } }, other)).statusCode).toBe(404);
    expect((await call('PUT', e.eventId, `/rooms/${linked.id}`, { name: 'Intruder', capacity: null, checkinArea: { mode: 'none' } }, other)).statusCode).toBe(404);
    expect((await report(e.eventId, TimeRangeFilter.AllDates, other)).statusCode).toBe(404);
  });

  it('needs check-in codes beside the room codes, and Session Reports: View (AP-730) for the report', async () => {
    const e = await eventWithAttendees(t.app, token, 1);
    const orgId = (await t.ctx.tokens.verifyAccess(token))!.organisationId!;
    const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: H, payload: { name: 'Programme desk', codes: ['AP-328', 'AP-329', 'AP-330'] } });
    expect(role.statusCode, role.body).toBe(201);
    await t.ctx.auth.createUser({ organisationId: orgId, email: 'desk@session.example', password: 'Desk#Secure2026', firstName: 'Desk', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'desk@session.example', password: 'Desk#Secure2026' } });
    const desk = bearer(login.json().data.accessToken);
    expect((await call('POST', e.eventId, '/rooms', { name: 'Plain', capacity: null }, desk)).statusCode).toBe(201);
    const create = await call('POST', e.eventId, '/rooms', { name: 'Door', capacity: null, checkinArea: { mode: 'create' } }, desk);
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toContain('AP-262');
    const link = await call('POST', e.eventId, '/rooms', { name: 'Door', capacity: null, checkinArea: { mode: 'existing', areaId: e.areaId } }, desk);
    expect(link.statusCode).toBe(403);
    expect((await report(e.eventId, TimeRangeFilter.AllDates, desk)).statusCode).toBe(403);
    // Nothing half-made: no area appeared, no room "Door".
    expect(((await t.app.inject({ url: `${BASE}/events/${e.eventId}/areas`, headers: H })).json().data as unknown[]).length).toBe(1);
    expect(((await call('GET', e.eventId, '/rooms')).json().data.items as { name: string }[]).map((r) => r.name)).toEqual(['Plain']);
  });

  it('maps a scan to the session running in that room; repeats, replays, other rooms and idle rooms count right', async () => {
    const e = await eventWithAttendees(t.app, token, 4);
    const [r1, r2, r3, r4] = [await room(e.eventId, 'Room 1', { mode: 'create' }), await room(e.eventId, 'Room 2', { mode: 'create' }), await room(e.eventId, 'Room 3', { mode: 'create' }), await room(e.eventId, 'Room 4', { mode: 'create' })];
    const a = await session(e.eventId, { title: 'Running in 1', roomId: r1.id, start: local(-30 * MIN), end: local(30 * MIN), capacity: 50, bookingRequired: true });
    const later = await session(e.eventId, { title: 'Later in 1', roomId: r1.id, start: local(3 * 60 * MIN), end: local(4 * 60 * MIN) });
    const b = await session(e.eventId, { title: 'Running in 2', roomId: r2.id, start: local(-10 * MIN), end: local(50 * MIN) });
    const soon = await session(e.eventId, { title: 'Soon in 3', roomId: r3.id, start: local(5 * MIN), end: local(65 * MIN) });
    const notYet = await session(e.eventId, { title: 'Not yet in 4', roomId: r4.id, start: local(25 * MIN), end: local(85 * MIN) });
    const device = await pairedDevice(t.app, token, e.eventId, [r1.checkinAreaId!, r2.checkinAreaId!, r3.checkinAreaId!, r4.checkinAreaId!, e.areaId]);
    const door = (i: number, areaId: string, direction: 'in' | 'out' = 'in') => scan(t.app, device.token, { credential: e.creds[i], areaId, direction });

    expect((await door(0, r1.checkinAreaId!)).json().data.result).toBe('admitted');
    expect((await door(0, r1.checkinAreaId!)).json().data.result).toBe('already_inside');
    expect((await door(0, r1.checkinAreaId!, 'out')).json().data.result).toBe('exited');
    expect((await door(0, r1.checkinAreaId!)).json().data.result).toBe('admitted');
    expect((await door(1, r2.checkinAreaId!)).json().data.result).toBe('admitted');
    expect((await door(2, r3.checkinAreaId!)).json().data.result).toBe('admitted'); // 5 minutes early: within the grace window
    expect((await door(3, r4.checkinAreaId!)).json().data.result).toBe('admitted'); // 25 minutes early: no session yet
    expect((await door(3, e.areaId)).json().data.result).toBe('admitted'); // the gate is no room's door

    // Offline: the same person's earlier scan at room 2, replayed twice (the second batch is a duplicate).
    const replay = { scans: [{ nonce: randomUUID(), deviceTime: new Date(Date.now() - 2 * MIN).toISOString(), credential: e.creds[1], areaId: r2.checkinAreaId, direction: 'in', localResult: 'admitted' }] };
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(device.token), payload: replay })).statusCode).toBe(200);

    // One row per session and person, however many scans (room 1: in, in again, out, in: four scans, one row).
    await expect.poll(() => attendance(e.eventId), { timeout: 5000 }).toEqual([
      { session: a, registration: e.regIds[0], scans: 4 },
      { session: b, registration: e.regIds[1], scans: 2 },
      { session: soon, registration: e.regIds[2], scans: 1 },
    ].sort((x, y) => (x.session < y.session ? -1 : 1)));
    // The report lists the sessions that began in the range (All Dates: up to now), in programme order.
    const rows = (await report(e.eventId)).json().data;
    expect(rows.sessions.map((s: { sessionId: string; attended: number }) => [s.sessionId, s.attended])).toEqual([
      [a, 1],
      [b, 1],
    ]);
    expect(rows.totals).toEqual({ sessions: 2, attended: 2, attendees: 2, booked: 0 });
    expect(rows.sessions[0]).toMatchObject({ title: 'Running in 1', roomName: 'Room 1', attended: 1, booked: 0, capacity: 50, isTracked: true });
    expect([later, notYet].some((id) => rows.sessions.some((s: { sessionId: string }) => s.sessionId === id))).toBe(false);
  });

  it(`counts at a gate that became a room's door a moment ago: the remembered "no room's door" goes with the link`, async () => {
    const e = await eventWithAttendees(t.app, token, 2);
    const device = await pairedDevice(t.app, token, e.eventId, [e.areaId]);
    const gate = (i: number) => scan(t.app, device.token, { credential: e.creds[i], areaId: e.areaId, direction: 'in' });
    expect((await gate(0)).json().data.result).toBe('admitted'); // no room's door: the answer is kept a few seconds
    await settle();
    const r = await room(e.eventId, 'Room Late', { mode: 'existing', areaId: e.areaId });
    const s = await session(e.eventId, { title: 'Now in the late room', roomId: r.id, start: local(-20 * MIN), end: local(40 * MIN) });
    expect((await gate(1)).json().data.result).toBe('admitted');
    // The live path counts it at once (the catch-up job, a minute away, would count the first scan too).
    await expect.poll(() => attendance(e.eventId), { timeout: 2000 }).toEqual([{ session: s, registration: e.regIds[1], scans: 1 }]);
  });

  it('ignores a door fact naming another event, and a range that holds no session answers empty', async () => {
    const e = await eventWithAttendees(t.app, token, 1);
    const r = await room(e.eventId, 'Room Z', { mode: 'create' });
    const s = await session(e.eventId, { title: 'Now', roomId: r.id, start: local(-40 * MIN), end: local(20 * MIN) });
    const e2 = await eventWithAttendees(t.app, token, 1);
    // The bus fact as check-in would publish it, but for the other event: the room is not that event's door.
    await t.ctx.bus.publish('checkin.admitted', { eventId: e2.eventId, areaId: r.checkinAreaId!, registrationId: e2.regIds[0]!, at: new Date().toISOString(), direction: 'in' });
    await settle();
    expect(await attendance(e.eventId)).toEqual([]);
    expect((await counts(e.eventId)).get(s)).toBe(0);

    // Began 40 minutes ago: in the last hour, not in the last 15 minutes.
    expect((await counts(e.eventId, TimeRangeFilter.Last1Hour)).get(s)).toBe(0);
    const recent = (await report(e.eventId, TimeRangeFilter.Last15Min)).json().data;
    expect(recent).toMatchObject({ range: TimeRangeFilter.Last15Min, timeZone: TZ, totals: { sessions: 0, attended: 0, attendees: 0, booked: 0 }, sessions: [] });
    const empty = await eventWithAttendees(t.app, token, 1);
    expect((await report(empty.eventId)).json().data.sessions).toEqual([]);
    expect((await call('GET', e.eventId, '/reports/schedule-sessions?range=999')).statusCode).toBe(400);
  });

  it('issues a certificate from a "sessions attended" rule when the door scan counts the attendee', async () => {
    const e = await eventWithAttendees(t.app, token, 2);
    const r = await room(e.eventId, 'Workshop room', { mode: 'create' });
    const s = await session(e.eventId, { title: 'Workshop', roomId: r.id, start: local(-15 * MIN), end: local(45 * MIN) });
    const api = (path: string) => `/api/eventservices/events/${e.eventId}${path}`;
    const template = await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Sessions', title: 'Workshop', conductedBy: 'Session Org', html: '<p>[firstName] [lastName]</p>' } });
    expect(template.statusCode, template.body).toBe(201);
    const rule = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId: template.json().data.id, rule: { kind: 'sessionsAttended', minSessions: 1, sessionIds: [s] }, isActive: true } });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json().data.rule).toEqual({ kind: 'sessionsAttended', minSessions: 1, sessionIds: [s], trackId: null });
    const bad = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId: template.json().data.id, rule: { kind: 'sessionsAttended', minSessions: 0 }, isActive: true } });
    expect(bad.statusCode).toBe(400);

    const device = await pairedDevice(t.app, token, e.eventId, [r.checkinAreaId!]);
    const listed = async () => (await t.app.inject({ url: api('/certificates'), headers: H })).json().data.items as { registrationId: string; issuedVia: string }[];
    expect(await listed()).toEqual([]);
    expect((await scan(t.app, device.token, { credential: e.creds[0], areaId: r.checkinAreaId, direction: 'in' })).json().data.result).toBe('admitted');
    await expect.poll(listed, { timeout: 5000 }).toEqual([expect.objectContaining({ registrationId: e.regIds[0], issuedVia: 'rule' })]);
    // "Run rule now" finds nobody new: the one who came has it, the other never came.
    const run = await t.app.inject({ method: 'POST', url: api(`/certificate-rules/${rule.json().data.id}/run`), headers: H });
    expect(run.json().data).toMatchObject({ qualified: 1, issued: 0 });
  });

  it('counts a track rule by the published track: a draft track change counts from its publish on', async () => {
    const e = await eventWithAttendees(t.app, token, 1);
    const track = async (name: string) => (await call('POST', e.eventId, '/tracks', { name, colour: '#1c7ed6' })).json().data.id as string;
    const [data, design] = [await track('Data'), await track('Design')];
    const [r1, r2] = [await room(e.eventId, 'Track room 1', { mode: 'create' }), await room(e.eventId, 'Track room 2', { mode: 'create' })];
    const running = { start: local(-15 * MIN), end: local(45 * MIN) };
    await session(e.eventId, { title: 'Data talk', roomId: r1.id, trackId: data, ...running });
    const other = await session(e.eventId, { title: 'Design talk', roomId: r2.id, trackId: design, ...running });
    const api = (path: string) => `/api/eventservices/events/${e.eventId}${path}`;
    const templateId = (await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Data', title: 'Data track', conductedBy: 'Session Org', html: '<p>[firstName]</p>' } })).json().data.id as string;
    const rule = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId, rule: { kind: 'sessionsAttended', minSessions: 2, sessionIds: [], trackId: data }, isActive: true } });
    expect(rule.statusCode, rule.body).toBe(201);
    const run = async () => (await t.app.inject({ method: 'POST', url: api(`/certificate-rules/${rule.json().data.id}/run`), headers: H })).json().data as { qualified: number; issued: number };

    // The attendee is counted at both sessions: one of them in the Data track.
    const device = await pairedDevice(t.app, token, e.eventId, [r1.checkinAreaId!, r2.checkinAreaId!]);
    for (const areaId of [r1.checkinAreaId, r2.checkinAreaId]) expect((await scan(t.app, device.token, { credential: e.creds[0], areaId, direction: 'in' })).json().data.result).toBe('admitted');
    await expect.poll(async () => (await attendance(e.eventId)).length, { timeout: 5000 }).toBe(2);
    expect(await run()).toMatchObject({ qualified: 0, issued: 0 });

    // The organiser moves the design talk to the Data track in the draft: attendees still see Design, so does the rule.
    expect((await call('PUT', e.eventId, `/sessions/${other}`, sessionInput({ title: 'Design talk', roomId: r2.id, trackId: data, ...running }))).statusCode).toBe(200);
    expect(await run()).toMatchObject({ qualified: 0, issued: 0 });
    const report = (await call('GET', e.eventId, '/reports/schedule-sessions')).json().data.sessions as { sessionId: string; trackName: string | null }[];
    expect(report.find((x) => x.sessionId === other)?.trackName).toBe('Design');

    // Published: both sessions are in the Data track, and the rule issues.
    expect((await call('POST', e.eventId, '/programme/publish')).statusCode).toBe(200);
    expect(await run()).toMatchObject({ qualified: 1, issued: 1 });
  });

  it('keeps a "sessions attended" rule to a track of its event: a track of another event or an unknown one is 400 by field', async () => {
    const e = await eventWithAttendees(t.app, token, 1);
    const elsewhere = await eventWithAttendees(t.app, token, 1);
    const track = async (eventId: string, name: string) => (await call('POST', eventId, '/tracks', { name, colour: '#1c7ed6' })).json().data.id as string;
    const mine = await track(e.eventId, 'Data');
    const foreign = await track(elsewhere.eventId, 'Design');
    const api = (path: string) => `/api/eventservices/events/${e.eventId}${path}`;
    const templateId = (await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Track', title: 'Data track', conductedBy: 'Session Org', html: '<p>[firstName]</p>' } })).json().data.id as string;
    const body = (trackId: string | null) => ({ templateId, rule: { kind: 'sessionsAttended', minSessions: 2, sessionIds: [], trackId }, isActive: true });

    const saved = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: body(mine) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.rule).toEqual({ kind: 'sessionsAttended', minSessions: 2, sessionIds: [], trackId: mine });
    for (const trackId of [foreign, 'no-such-track']) {
      const bad = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: body(trackId) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'rule.trackId', key: 'unknownTrack' }]);
    }
    const moved = await t.app.inject({ method: 'PUT', url: api(`/certificate-rules/${saved.json().data.id}`), headers: H, payload: body(foreign) });
    expect(moved.statusCode).toBe(400);
    const rules = (await t.app.inject({ url: api('/certificate-rules'), headers: H })).json().data as { rule: { trackId: string | null } }[];
    expect(rules.map((r) => r.rule.trackId)).toEqual([mine]);
  });
});

describe('sessionForScan', () => {
  const at = (h: number, m = 0) => new Date(Date.UTC(2027, 2, 2, h, m));
  const row = (id: string, from: Date, to: Date) => ({ id, startsAt: from, endsAt: to }) as SessionRow;
  const first = row('first', at(9), at(10));
  const second = row('second', at(10), at(11));

  it('going in: the running session, or the next one within ten minutes of its start (the later when both fit)', () => {
    expect(sessionForScan([first, second], at(9, 30), 'in')?.id).toBe('first');
    expect(sessionForScan([first, second], at(9, 55), 'in')?.id).toBe('second');
    expect(sessionForScan([first, second], at(8, 50), 'in')?.id).toBe('first');
    expect(sessionForScan([first, second], at(8, 49), 'in')).toBeNull();
    expect(sessionForScan([first, second], at(11), 'in')).toBeNull();
  });
  it('going out: the running session, or one that ended within ten minutes (the earlier when both fit)', () => {
    expect(sessionForScan([first, second], at(10, 5), 'out')?.id).toBe('first');
    expect(sessionForScan([first, second], at(11, 10), 'out')).toBeNull();
    expect(sessionForScan([first, second], at(8, 55), 'out')).toBeNull();
  });
});
