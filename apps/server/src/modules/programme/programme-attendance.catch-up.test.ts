import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { utcToZonedLocal } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, deviceHeaders, eventWithAttendees, pairedDevice, scan } from '../checkin/checkin.fixtures.ts';
import { createAttendanceRepository } from './programme-attendance.repository.ts';
import { createAttendanceService, LEDGER_SETTLE_MS, nextCursor } from './programme-attendance.service.ts';
import { injectAs, programmeBase, sessionInput } from './programme.fixtures.ts';

// A door scan committed at a room's door is counted as session attendance even when check-in's in-process
// `checkin.admitted` never reaches programme (the process died after the scan's commit): programme's catch-up reads
// check-in's scan ledger (the job, and the Schedule Sessions report's read). And a first count's `session.attended`
// is in the event outbox with the count, so certificates' sessions rule still issues after a crash.
// Postgres: the late-commit case needs a second connection holding a transaction open.
const hadUrl = 'DATABASE_URL' in process.env;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

let t: TestApp;
let token: string;
let H: Record<string, string>;
let organisationId: string;
const TZ = 'Europe/Berlin';
const MIN = 60_000;
const local = (ms: number) => utcToZonedLocal(new Date(Date.now() + ms), TZ);

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  const host = await signupOrganiser(t.app, { organisationName: 'Catch-up Org' });
  token = host.accessToken;
  H = bearer(token);
  organisationId = (await t.ctx.tokens.verifyAccess(token))!.organisationId!;
});
afterEach(() => {
  t.ctx.programmeTesting.dropDoorFacts = false;
});
afterAll(async () => {
  await t?.close();
  if (!hadUrl) delete process.env.DATABASE_URL;
});

const call = (method: 'GET' | 'POST', eventId: string, path: string, payload?: unknown) => injectAs(t.app, method, H, `${programmeBase(eventId)}${path}`, payload);
async function roomWithDoor(eventId: string, name: string) {
  const res = await call('POST', eventId, '/rooms', { name, capacity: 80, checkinArea: { mode: 'create' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; checkinAreaId: string };
}
async function session(eventId: string, over: Record<string, unknown>) {
  const res = await call('POST', eventId, '/sessions', sessionInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
/** An event with a room whose door is a check-in area, a session running there now, and a paired scanner. */
async function runningSession(people: number) {
  const e = await eventWithAttendees(t.app, token, people);
  const room = await roomWithDoor(e.eventId, 'Hall Nord');
  const sessionId = await session(e.eventId, { title: 'Keynote', roomId: room.id, start: local(-20 * MIN), end: local(40 * MIN) });
  const device = await pairedDevice(t.app, token, e.eventId, [room.checkinAreaId]);
  const door = async (i: number, direction: 'in' | 'out' = 'in') => (await scan(t.app, device.token, { credential: e.creds[i], areaId: room.checkinAreaId, direction })).json().data.result as string;
  return { ...e, room, sessionId, device, door };
}
/** A "sessions attended ≥ 1" certificate rule for the session, and the event's certificates. */
async function sessionsRule(eventId: string, sessionId: string) {
  const api = (path: string) => `/api/eventservices/events/${eventId}${path}`;
  const template = await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Attended', title: 'Keynote', conductedBy: 'Catch-up Org', html: '<p>[firstName]</p>' } });
  expect(template.statusCode, template.body).toBe(201);
  const rule = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId: template.json().data.id, rule: { kind: 'sessionsAttended', minSessions: 1, sessionIds: [sessionId] }, isActive: true } });
  expect(rule.statusCode, rule.body).toBe(201);
  return async () => ((await t.app.inject({ url: api('/certificates'), headers: H })).json().data.items as { registrationId: string; issuedVia: string }[]).map((c) => [c.registrationId, c.issuedVia]);
}
async function attendance(eventId: string) {
  const { rows } = await t.ctx.database.db.execute<{ registration: string; scans: number; first: Date; last: Date }>(
    sql`select registration_id as registration, scans, first_seen_at as first, last_seen_at as last from programme_session_attendance where event_id = ${eventId} order by registration_id`,
  );
  return rows.map((r) => ({ registration: r.registration, scans: Number(r.scans), first: new Date(r.first).toISOString(), last: new Date(r.last).toISOString() }));
}
async function attendedFacts(eventId: string) {
  const { rows } = await t.ctx.database.db.execute<{ registration: string; delivered: boolean }>(
    sql`select payload->>'registrationId' as registration, delivered_at is not null as delivered from event_outbox where name = 'session.attended' and payload->>'eventId' = ${eventId} order by created_at`,
  );
  return rows.map((r) => [r.registration, r.delivered]);
}
const settle = () => new Promise((r) => setTimeout(r, 200));
const later = (ms: number) => new Date(Date.now() + ms);

describe('session attendance catch-up from check-in\'s scan ledger', () => {
  it('counts a door scan whose live fact was lost, issues the sessions certificate, and counts it once', async () => {
    const e = await runningSession(2);
    const certificates = await sessionsRule(e.eventId, e.sessionId);
    // The "crash": the scan commits at the door, the in-process fact never reaches programme.
    t.ctx.programmeTesting.dropDoorFacts = true;
    expect(await e.door(0)).toBe('admitted');
    await settle();
    expect(await attendance(e.eventId)).toEqual([]);
    expect(await certificates()).toEqual([]);

    // The job's pass reads the ledger: the person is counted, and the certificate rule issues.
    expect(await t.ctx.programmeAttendance.catchUp()).toBeGreaterThanOrEqual(1);
    expect(await attendance(e.eventId)).toEqual([expect.objectContaining({ registration: e.regIds[0], scans: 1 })]);
    expect(await certificates()).toEqual([[e.regIds[0], 'rule']]);
    expect(await attendedFacts(e.eventId)).toEqual([[e.regIds[0], true]]);

    // Passes again (the job every minute, the report's read): nothing counts twice.
    const before = await attendance(e.eventId);
    await t.ctx.programmeAttendance.catchUp();
    await t.ctx.programmeAttendance.catchUp({ eventId: e.eventId });
    expect(await attendance(e.eventId)).toEqual(before);
    expect(await attendedFacts(e.eventId)).toEqual([[e.regIds[0], true]]);
    expect(await certificates()).toEqual([[e.regIds[0], 'rule']]);
  });

  it('the Schedule Sessions report counts a lost scan when it is read', async () => {
    const e = await runningSession(1);
    t.ctx.programmeTesting.dropDoorFacts = true;
    expect(await e.door(0)).toBe('admitted');
    await settle();
    expect(await attendance(e.eventId)).toEqual([]);
    const report = await call('GET', e.eventId, '/reports/schedule-sessions?range=1');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.sessions).toEqual([expect.objectContaining({ sessionId: e.sessionId, attended: 1 })]);
  });

  it('a scan counted live is not counted again; a lost offline replay of an earlier scan widens the row and counts as a scan', async () => {
    const e = await runningSession(1);
    expect(await e.door(0)).toBe('admitted');
    await expect.poll(() => attendance(e.eventId), { timeout: 5000 }).toEqual([expect.objectContaining({ registration: e.regIds[0], scans: 1 })]);
    const [live] = await attendance(e.eventId);
    await t.ctx.programmeAttendance.catchUp({ eventId: e.eventId });
    expect(await attendance(e.eventId)).toEqual([live]);

    // An offline scan from two minutes ago, synced while the live fact is lost: the catch-up moves first seen back.
    t.ctx.programmeTesting.dropDoorFacts = true;
    const earlier = new Date(Date.now() - 2 * MIN).toISOString();
    const replay = { scans: [{ nonce: randomUUID(), deviceTime: earlier, credential: e.creds[0], areaId: e.room.checkinAreaId, direction: 'in', localResult: 'admitted' }] };
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/device/sync`, headers: deviceHeaders(e.device.token), payload: replay })).statusCode).toBe(200);
    await settle();
    expect(await attendance(e.eventId)).toEqual([live]);
    await t.ctx.programmeAttendance.catchUp({ eventId: e.eventId });
    await t.ctx.programmeAttendance.catchUp();
    // The person's sessions are reckoned from all their door scans: both scans matched the session.
    expect(await attendance(e.eventId)).toEqual([{ ...live!, first: earlier, scans: 2 }]);
    expect(await attendedFacts(e.eventId)).toEqual([[e.regIds[0], true]]);
  });

  it('counts a scan whose transaction committed after a pass had seen the ledger past it', async () => {
    const e = await runningSession(2);
    t.ctx.programmeTesting.dropDoorFacts = true;
    // Another connection writes a door scan (drawing a ledger id) and holds its transaction open ...
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const slow = t.ctx.database.db.transaction(async (tx) => {
      const at = new Date().toISOString();
      await tx.execute(sql`insert into checkin_scans (organisation_id, event_id, area_id, registration_id, direction, result, source, scanned_at, received_at)
        values (${organisationId}, ${e.eventId}, ${e.room.checkinAreaId}, ${e.regIds[1]}, 'in', 'admitted', 'online', ${at}::timestamptz, ${at}::timestamptz)`);
      inserted();
      await held;
    });
    await didInsert;
    // ... while a later scan commits and a pass reads the ledger (it sees the later id, not the held one).
    expect(await e.door(0)).toBe('admitted');
    await t.ctx.programmeAttendance.catchUp();
    expect((await attendance(e.eventId)).map((r) => r.registration)).toEqual([e.regIds[0]]);
    release();
    await slow;
    // A pass after the settle time still reads above the old low mark, so the late row is counted.
    await t.ctx.clock.at(later(LEDGER_SETTLE_MS + MIN), () => t.ctx.programmeAttendance.catchUp());
    expect((await attendance(e.eventId)).map((r) => r.registration)).toEqual([e.regIds[0], e.regIds[1]].sort());
  });

  it('delivers session.attended from the outbox when the process died after the count committed', async () => {
    const e = await runningSession(1);
    const certificates = await sessionsRule(e.eventId, e.sessionId);
    // The attendance service as the module builds it, but its process "dies" before delivering the fact.
    const dying = createAttendanceService({
      repo: createAttendanceRepository(t.ctx.database.db),
      assertEvent: async () => undefined,
      findEvent: async () => ({ timeZone: TZ }),
      attended: { write: (tx, fact) => t.ctx.outbox.write(tx, 'session.attended', fact), deliver: async () => undefined },
      now: () => new Date(),
    });
    const counted = await dying.recordScan({ eventId: e.eventId, areaId: e.room.checkinAreaId, registrationId: e.regIds[0]!, at: new Date().toISOString(), direction: 'in' });
    expect(counted).toEqual({ sessionId: e.sessionId, isNew: true });
    expect(await attendedFacts(e.eventId)).toEqual([[e.regIds[0], false]]);
    expect(await certificates()).toEqual([]);
    // The outbox job (its next wake, poll or start) delivers it: certificates' rule issues.
    await t.ctx.outbox.worker.drainNow();
    expect(await attendedFacts(e.eventId)).toEqual([[e.regIds[0], true]]);
    expect(await certificates()).toEqual([[e.regIds[0], 'rule']]);
  });
});

describe('nextCursor', () => {
  const t0 = new Date('2027-03-01T09:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  it('remembers the head it saw, and makes it the low mark only once the settle time has passed', () => {
    const first = nextCursor({ lowId: 0, pendingId: null, pendingSince: null }, 40, t0);
    expect(first).toEqual({ lowId: 0, pendingId: 40, pendingSince: t0 });
    expect(nextCursor(first, 55, at(LEDGER_SETTLE_MS - 1))).toEqual(first);
    expect(nextCursor(first, 55, at(LEDGER_SETTLE_MS))).toEqual({ lowId: 40, pendingId: 55, pendingSince: at(LEDGER_SETTLE_MS) });
  });
  it('never moves the low mark back', () => {
    expect(nextCursor({ lowId: 70, pendingId: 60, pendingSince: t0 }, 80, at(LEDGER_SETTLE_MS))).toEqual({ lowId: 70, pendingId: 80, pendingSince: at(LEDGER_SETTLE_MS) });
  });
});
