/**
 * Meeting mails are durable: each change writes a `meeting.notice` to the event outbox in its own transaction, and the
 * module's subscriber mails it (once per meeting, kind and person). Reminders are a job (pg-boss scheduled on
 * Postgres, the in-process worker on PGlite and in tests): a pass claims due meetings with their notices in one
 * transaction, so a crash after the claim still mails them. And the matching index is cached per event, dropped when
 * a profile changes (here, or in another process: the event's profile version moves; meetings.match-cache.routes.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let host: Record<string, string>;
let orgId: string;
let eventId: string;
type Person = { eventUserId: string; email: string; headers: Record<string, string> };
const base = (ev: string) => `/api/eventservices/events/${ev}`;

async function participant(firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Notice', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { eventUserId: eu!.id, email, headers: { ...bearer(access), 'x-user-access-token': eventAccess } };
}
async function schedule(a: Person, b: Person, slot: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base(eventId)}/meetings`,
    headers: host,
    payload: { requesterEventUserId: a.eventUserId, inviteeEventUserId: b.eventUserId, slot, place: 2, mode: 1, type: 2, booth: null, message: 'Hello' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function mailsTo(subject: string, ...people: Person[]): Promise<string[]> {
  const rows = await t.ctx.database.db.execute(sql`select to_address from mail_outbox where event_id = ${eventId} and subject = ${subject} order by to_address`);
  const emails = new Set(people.map((p) => p.email));
  return (rows.rows as { to_address: string }[]).map((r) => r.to_address).filter((e) => emails.has(e));
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Notice Org' });
  host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Notice Expo');
  const saved = await t.app.inject({
    method: 'PUT',
    url: `${base(eventId)}/meetings/settings`,
    headers: host,
    payload: { days: [{ date: '2027-03-02', start: '10:00', end: '12:00' }], slotMinutes: 30, loungeTables: 5 },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('meeting notices through the event outbox', () => {
  it('writes the notice of a change in its transaction and mails it before the call answers', async () => {
    const [a, b] = [await participant('Nia'), await participant('Noel')];
    const id = await schedule(a, b, '2027-03-02T11:00');
    expect(await mailsTo('Meeting scheduled: Notice Expo', a, b)).toEqual([a.email, b.email].sort());
    const rows = await t.ctx.database.db.execute(sql`select payload, delivered_at from event_outbox where name = 'meeting.notice' and payload->>'meetingId' = ${id}`);
    expect(rows.rows).toHaveLength(1);
    expect((rows.rows[0] as { payload: { kind: string } }).payload.kind).toBe('scheduled');
    expect((rows.rows[0] as { delivered_at: unknown }).delivered_at).not.toBeNull();
    // Delivered again (at least once): nobody gets it twice.
    await t.ctx.bus.publish('meeting.notice', { eventId, meetingId: id, kind: 'scheduled' });
    expect(await mailsTo('Meeting scheduled: Notice Expo', a, b)).toEqual([a.email, b.email].sort());
  });
});

describe('the reminder job', () => {
  it('mails each approved meeting starting within 30 minutes once, on its next pass', async () => {
    const [a, b] = [await participant('Rae'), await participant('Rob')];
    await schedule(a, b, '2027-03-02T10:00');
    // A pass now (2027 is far off) sends nothing.
    await t.ctx.meetings.reminders.drainNow();
    expect(await mailsTo('Meeting reminder: Notice Expo', a, b)).toEqual([]);
    // 10:00 in Berlin is 09:00 UTC: at 08:40 UTC it is due.
    const at = new Date('2027-03-02T08:40:00Z');
    await t.ctx.clock.at(at, () => t.ctx.meetings.reminders.drainNow());
    expect(await mailsTo('Meeting reminder: Notice Expo', a, b)).toEqual([a.email, b.email].sort());
    await t.ctx.clock.at(at, () => t.ctx.meetings.reminders.drainNow());
    expect(await mailsTo('Meeting reminder: Notice Expo', a, b)).toHaveLength(2);
  });

  it('still mails a reminder whose pass died after claiming it: the outbox job delivers the notice', async () => {
    const [a, b] = [await participant('Cal'), await participant('Cy')];
    await schedule(a, b, '2027-03-02T10:30');
    // The claim commits with its notice; the process "dies" before delivering it.
    const at = new Date('2027-03-02T09:10:00Z');
    const claimed = await t.ctx.meetings.service.claimReminders(at, new Date(at.getTime() + 30 * 60_000));
    expect(claimed.map((c) => c.meeting.requesterEventUserId)).toContain(a.eventUserId);
    expect(await mailsTo('Meeting reminder: Notice Expo', a, b)).toEqual([]);
    // A later pass finds nothing to claim (the reminder is not sent twice) ...
    await t.ctx.clock.at(at, () => t.ctx.meetings.reminders.drainNow());
    expect(await mailsTo('Meeting reminder: Notice Expo', a, b)).toEqual([]);
    // ... and the event outbox's job (the next start, wake or poll) delivers what was owed.
    await t.ctx.outbox.worker.drainNow();
    expect(await mailsTo('Meeting reminder: Notice Expo', a, b)).toEqual([a.email, b.email].sort());
  });
});

describe('the matching index cache', () => {
  it('ranks from the cached index until a profile changes, here or in another process', async () => {
    const [me, other] = [await participant('Mia'), await participant('Max')];
    const profile = `${base(eventId)}/matchmaking/me`;
    const matches = async () => {
      const res = await t.app.inject({ method: 'GET', url: `${base(eventId)}/matchmaking/matches`, headers: me.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.matches as { eventUserId: string; sharedInterests: string[] }[]).filter((m) => m.eventUserId === other.eventUserId);
    };
    const save = (p: Person, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: profile, headers: p.headers, payload: body });
    expect((await save(me, { company: 'Mia Co', interests: ['Wind'], lookingFor: [], offering: [] })).statusCode).toBe(200);
    expect((await save(other, { company: 'Max Co', interests: ['Wind'], lookingFor: [], offering: [] })).statusCode).toBe(200);
    expect((await matches()).map((m) => m.sharedInterests)).toEqual([['Wind']]);
    expect((await matches()).map((m) => m.sharedInterests)).toEqual([['Wind']]);
    // A save through the API moves the event's profile version: the next call rebuilds.
    expect((await save(other, { company: 'Max Co', interests: ['Solar'], lookingFor: [], offering: [] })).statusCode).toBe(200);
    expect(await matches()).toEqual([]);
    // A change another instance made (straight into the table here) moves the version (migration 0065's trigger), and is seen too.
    await t.ctx.database.db.execute(sql`update matchmaking_profiles set interests = '["Wind"]'::jsonb where event_user_id = ${other.eventUserId}`);
    expect((await matches()).map((m) => m.sharedInterests)).toEqual([['Wind']]);
  });
});
