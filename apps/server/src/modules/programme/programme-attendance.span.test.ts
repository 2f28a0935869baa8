import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToZonedLocal, zonedLocalToUtc } from '@pavilion/domain';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, deviceHeaders, eventWithAttendees, pairedDevice, scan } from '../checkin/checkin.fixtures.ts';
import { injectAs, programmeBase, sessionInput } from './programme.fixtures.ts';

// Span attribution through real device scans: a door scan starts a presence in the room that ends at an exit scan, a
// scan at another room's door or the end of the day; every session of the room it overlaps long enough counts, once
// that time has passed (the catch-up counts people still in the room). An exit synced late takes a session back.
// The day is tomorrow in the event's zone, played with the server's clock, so the test does not depend on the hour.
let t: TestApp;
let token: string;
let email: string;
let H: Record<string, string>;
const TZ = 'Europe/Berlin';
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const host = await signupOrganiser(t.app, { organisationName: 'Span Org' });
  token = host.accessToken;
  email = host.userData.email;
  H = bearer(token);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', eventId: string, path: string, payload?: unknown) => injectAs(t.app, method, H, `${programmeBase(eventId)}${path}`, payload);
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('session attendance by presence span', () => {
  it('one scan counts at the following session once it ran 15 minutes; exits, other rooms and a late exit end the presence', async () => {
    const day = utcToZonedLocal(new Date(Date.now() + 24 * 60 * MIN), TZ).slice(0, 10);
    const wall = (hm: string) => `${day}T${hm}`;
    const instant = (hm: string) => zonedLocalToUtc(wall(hm), TZ);
    const as = <T>(hm: string, step: () => Promise<T>) => t.ctx.clock.at(instant(hm), step);
    // The organiser as of that time (an access token issued now has expired by then).
    const asHost = async (hm: string, method: 'GET' | 'POST', url: string) =>
      as(hm, async () => {
        const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: HOST_PASSWORD } });
        return t.app.inject({ method, url, headers: bearer(login.json().data.accessToken) });
      });

    const e = await eventWithAttendees(t.app, token, 4);
    const room = async (name: string) => (await call('POST', e.eventId, '/rooms', { name, capacity: 80, checkinArea: { mode: 'create' } })).json().data as { id: string; checkinAreaId: string };
    const [r1, r2] = [await room('Span hall'), await room('Span annex')];
    const session = async (title: string, roomId: string, start: string, end: string) => {
      const res = await call('POST', e.eventId, '/sessions', sessionInput({ title, roomId, start: wall(start), end: wall(end) }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const a = await session('First', r1.id, '10:00', '11:00');
    const b = await session('Second', r1.id, '11:00', '12:00');
    const x = await session('Elsewhere', r2.id, '11:00', '12:00');

    const api = (path: string) => `/api/eventservices/events/${e.eventId}${path}`;
    const templateId = (await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Two', title: 'Two sessions', conductedBy: 'Span Org', html: '<p>[firstName]</p>' } })).json().data.id as string;
    const rule = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId, rule: { kind: 'sessionsAttended', minSessions: 2 }, isActive: true } });
    expect(rule.statusCode, rule.body).toBe(201);
    const certified = async () => ((await t.app.inject({ url: api('/certificates'), headers: H })).json().data.items as { registrationId: string }[]).map((c) => c.registrationId).sort();

    const device = await pairedDevice(t.app, token, e.eventId, [r1.checkinAreaId, r2.checkinAreaId]);
    const door = async (hm: string, i: number, areaId: string, direction: 'in' | 'out' = 'in') => {
      const res = await as(hm, () => scan(t.app, device.token, { credential: e.creds[i], areaId, direction }));
      expect(res.statusCode, res.body).toBe(200);
      await settle();
    };
    const counted = async () => {
      const { rows } = await t.ctx.database.db.execute<{ session: string; registration: string }>(
        sql`select session_id as session, registration_id as registration from programme_session_attendance where event_id = ${e.eventId}`,
      );
      const by = new Map<string, string[]>();
      for (const r of rows) (by.get(r.session) ?? by.set(r.session, []).get(r.session)!).push(r.registration);
      return Object.fromEntries([...by].map(([k, v]) => [k, v.sort()]));
    };
    const reg = (...i: number[]) => i.map((n) => e.regIds[n]!).sort();

    // Everyone comes into the first session at 10:05; person 1 leaves at 10:50 (scanned out), person 2 goes to the annex.
    for (const i of [0, 1, 2, 3]) await door('10:05', i, r1.checkinAreaId);
    await door('10:50', 1, r1.checkinAreaId, 'out');
    await door('11:05', 2, r2.checkinAreaId);
    await as('11:05', () => t.ctx.programmeAttendance.catchUp());
    expect(await counted()).toEqual({ [a]: reg(0, 1, 2, 3), [x]: reg(2) });

    // 11:14: fourteen minutes of the second session is not yet attending it (the report's read counts as of now).
    const early = (await asHost('11:14', 'GET', `${programmeBase(e.eventId)}/reports/schedule-sessions?range=1`)).json().data.sessions as { sessionId: string; attended: number }[];
    expect(early.find((s) => s.sessionId === b)?.attended).toBe(0);
    expect(await certified()).toEqual(reg(2));

    // 11:16: nobody scanned, but the pass counts the two still in the room at the second session; the rule issues.
    await as('11:16', () => t.ctx.programmeAttendance.catchUp());
    expect(await counted()).toEqual({ [a]: reg(0, 1, 2, 3), [b]: reg(0, 3), [x]: reg(2) });
    expect(await certified()).toEqual(reg(0, 2, 3));

    // 11:30: person 3's scanner was offline; its exit at 10:40 arrives now. The second session is taken back.
    const exit = { scans: [{ nonce: randomUUID(), deviceTime: instant('10:40').toISOString(), credential: e.creds[3], areaId: r1.checkinAreaId, direction: 'out', localResult: 'exited' }] };
    for (let i = 0; i < 2; i++) {
      const res = await as('11:30', () => t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(device.token), payload: exit }));
      expect(res.statusCode, res.body).toBe(200);
    }
    await settle();
    await as('11:31', () => t.ctx.programmeAttendance.catchUp());
    expect(await counted()).toEqual({ [a]: reg(0, 1, 2, 3), [b]: reg(0), [x]: reg(2) });

    // The report and the certificate rule read the same numbers (an issued certificate is not revoked).
    const report = (await asHost('12:30', 'GET', `${programmeBase(e.eventId)}/reports/schedule-sessions?range=1`)).json().data;
    expect(Object.fromEntries((report.sessions as { sessionId: string; attended: number }[]).map((s) => [s.sessionId, s.attended]))).toEqual({ [a]: 4, [b]: 1, [x]: 1 });
    expect(report.totals).toMatchObject({ attended: 6, attendees: 4 });
    const run = await asHost('12:30', 'POST', api(`/certificate-rules/${rule.json().data.id}/run`));
    expect(run.json().data).toMatchObject({ qualified: 2, issued: 0 });
    // Recounting again, by the job or the report, changes nothing.
    await as('12:31', () => t.ctx.programmeAttendance.catchUp());
    expect(await counted()).toEqual({ [a]: reg(0, 1, 2, 3), [b]: reg(0), [x]: reg(2) });
  });
});
