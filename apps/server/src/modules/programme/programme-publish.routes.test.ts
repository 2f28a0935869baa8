import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType, zonedLocalToUtc } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { injectAs, programmeBase, sessionInput } from './programme.fixtures.ts';

/*
 * Issue 16, versioned publishing: the organiser's moves and deletions are a draft that attendees do not see until
 * "Publish changes"; each publish is the event's next version, and everyone who booked, is waitlisted on or starred a
 * moved or cancelled session gets one "session updated" inbox notice (old → new, in the event's zone) and a mail.
 */
const PASSWORD = 'Guest#Secure26';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherOrgEventId: string;

const base = programmeBase;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) => injectAs(t.app, method, headers, url, payload);
const session = sessionInput;

async function create(kind: 'rooms' | 'sessions', body: unknown, ev = eventId, headers = hostA) {
  const res = await call('POST', headers, `${base(ev)}/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string } & Record<string, unknown>;
}

async function participant(ev: string): Promise<{ headers: Record<string, string>; email: string }> {
  const email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { headers: { ...bearer(access), 'x-user-access-token': eventAccess }, email };
}

type Seen = { id: string; start: string; end: string; roomId: string | null };
const schedule = async (h: Record<string, string>) => (await call('GET', h, `${base(eventId)}/schedule`)).json().data.sessions as Seen[];
const inbox = async (h: Record<string, string>) =>
  ((await call('GET', h, `/api/notifyservices/api/events/${eventId}/notifications`)).json().data.items as { kind: string; title: string; body: string }[]).filter((n) => n.kind === 'SESSION_UPDATED');
const updateMails = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && /Subject: Session updated/.test(m.raw));
const programme = async () => (await call('GET', hostA, `${base(eventId)}/programme`)).json().data as { version: number; changes: { sessionId: string; kind: string; text: string }[]; sessions: Seen[] };
const publish = (h = hostA, ev = eventId) => call('POST', h, `${base(ev)}/programme/publish`);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', SMTP_URL: smtp.url });
  const a = await signupOrganiser(t.app, { organisationName: 'Publish Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const b = await signupOrganiser(t.app, { organisationName: 'Rival Publish Org' });
  hostB = bearer(b.accessToken);
  // createEvent's zone is the fixture's; the texts below are checked against the programme's own zone.
  eventId = await createEvent(t.app, a.accessToken, 'Publish Expo');
  otherOrgEventId = await createEvent(t.app, b.accessToken, 'Rival Expo');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('versioned publishing', () => {
  it('keeps moves and deletions in the draft until publish, then tells bookers and starrers once with what changed', async () => {
    const hallA = await create('rooms', { name: 'Hall A', capacity: 100 });
    const hallB = await create('rooms', { name: 'Hall B', capacity: 100 });
    const moved = await create('sessions', session({ title: 'Grid storage', roomId: hallA.id, capacity: 10, bookingRequired: true }));
    const dropped = await create('sessions', session({ title: 'Hydrogen myths', roomId: hallB.id, start: '2027-03-02T11:00', end: '2027-03-02T12:00' }));
    const quiet = await create('sessions', session({ title: 'Untouched', roomId: hallB.id, start: '2027-03-02T14:00', end: '2027-03-02T15:00' }));

    // A new event's sessions are published as they are made: attendees see them at once, version 0, nothing pending.
    const booker = await participant(eventId);
    const starrer = await participant(eventId);
    const bystander = await participant(eventId);
    expect((await call('POST', booker.headers, `${base(eventId)}/sessions/${moved.id}/booking`)).statusCode).toBe(200);
    expect((await call('PUT', starrer.headers, `${base(eventId)}/sessions/${dropped.id}/bookmark`)).statusCode).toBe(200);
    expect((await call('PUT', bystander.headers, `${base(eventId)}/sessions/${quiet.id}/bookmark`)).statusCode).toBe(200);
    expect(await programme()).toMatchObject({ version: 0, changes: [] });
    expect((await schedule(booker.headers)).map((s) => s.id)).toEqual([moved.id, dropped.id, quiet.id]);
    // Nothing to publish yet.
    const empty = await publish();
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('PROGRAMME_NOTHING_TO_PUBLISH');

    // The organiser moves one session to another time and room and deletes another: a draft.
    const edit = await call('PUT', hostA, `${base(eventId)}/sessions/${moved.id}`, session({ title: 'Grid storage', roomId: hallB.id, start: '2027-03-02T16:00', end: '2027-03-02T17:30', capacity: 10, bookingRequired: true }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/sessions/${dropped.id}`)).statusCode).toBe(200);
    // Deleted in the draft: a second delete and an edit are 404; its room and time are free in the draft.
    expect((await call('DELETE', hostA, `${base(eventId)}/sessions/${dropped.id}`)).statusCode).toBe(404);
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${dropped.id}`, session({ roomId: hallB.id }))).statusCode).toBe(404);

    const draft = await programme();
    const draftZone = (draft as unknown as { timeZone: string }).timeZone;
    expect(draft.version).toBe(0);
    expect(draft.sessions.map((s) => s.id)).toEqual([quiet.id, moved.id]);
    expect(draft.changes).toEqual([
      { sessionId: moved.id, title: 'Grid storage', kind: 'moved', text: expect.stringContaining('time 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:30; room Hall A → Hall B') },
      { sessionId: dropped.id, title: 'Hydrogen myths', kind: 'cancelled', text: '"Hydrogen myths" (2027-03-02 11:00–12:00, Hall B) is cancelled.' },
    ]);

    // Attendees still see the published programme: the old time and room, and the deleted session; no notice yet.
    const before = await schedule(booker.headers);
    expect(before.find((s) => s.id === moved.id)).toMatchObject({ start: '2027-03-02T09:00', end: '2027-03-02T10:00', roomId: hallA.id });
    expect(before.map((s) => s.id)).toContain(dropped.id);
    const utc = (local: string) => `DTSTART:${zonedLocalToUtc(local, draftZone).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    const ics = await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`);
    expect(ics.body).toContain(utc('2027-03-02T09:00'));
    expect(await inbox(booker.headers)).toEqual([]);

    // Only the organiser publishes: anonymous 401, an attendee 401/403, another organisation 404.
    expect((await publish({})).statusCode).toBe(401);
    expect([401, 403]).toContain((await publish(booker.headers)).statusCode);
    expect((await publish(hostB)).statusCode).toBe(404);
    expect((await publish(hostA, 'no-such-event')).statusCode).toBe(404);
    expect((await publish(hostB, otherOrgEventId)).statusCode).toBe(409);

    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, notified: 2 });
    expect(await programme()).toMatchObject({ version: 1, changes: [] });

    // Attendees now see the new time and room, and the cancelled session is gone (with its star).
    const after = await schedule(booker.headers);
    expect(after.find((s) => s.id === moved.id)).toMatchObject({ start: '2027-03-02T16:00', end: '2027-03-02T17:30', roomId: hallB.id });
    expect(after.map((s) => s.id)).not.toContain(dropped.id);
    expect((await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`)).body).toContain(utc('2027-03-02T16:00'));

    // One notice each, with what changed; the bystander (a session that did not change) gets none.
    const bookerNotices = await inbox(booker.headers);
    expect(bookerNotices).toHaveLength(1);
    expect(bookerNotices[0]!.title).toBe('Session updated: Grid storage');
    expect(bookerNotices[0]!.body).toContain('time 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:30; room Hall A → Hall B');
    const starrerNotices = await inbox(starrer.headers);
    expect(starrerNotices).toHaveLength(1);
    expect(starrerNotices[0]!.body).toBe('"Hydrogen myths" (2027-03-02 11:00–12:00, Hall B) is cancelled.');
    expect(await inbox(bystander.headers)).toEqual([]);

    // And a mail each.
    await expect.poll(() => updateMails(booker.email).length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => updateMails(starrer.email).length, { timeout: 5000 }).toBe(1);
    expect(updateMails(booker.email)[0]!.raw.replace(/=\r?\n/g, '')).toContain('Hall A');
    expect(updateMails(bystander.email)).toHaveLength(0);

    // Publishing again with nothing changed is refused and tells nobody twice.
    expect((await publish()).statusCode).toBe(409);
    expect(await inbox(booker.headers)).toHaveLength(1);

    // A second move is version 2, another notice for the same session.
    const again = await call('PUT', hostA, `${base(eventId)}/sessions/${moved.id}`, session({ title: 'Grid storage', roomId: hallB.id, start: '2027-03-03T10:00', end: '2027-03-03T11:00', capacity: 10, bookingRequired: true }));
    expect(again.statusCode, again.body).toBe(200);
    const second = await publish();
    expect(second.json().data).toMatchObject({ version: 2, notified: 1 });
    const two = await inbox(booker.headers);
    expect(two).toHaveLength(2);
    expect(two.map((n) => n.body).join(' ')).toContain('2027-03-02 16:00–17:30 → 2027-03-03 10:00–11:00');
  });

  it('refuses publishing to a role without the sessions edit code', async () => {
    const role = await call('POST', hostA, '/api/auth/roles', { name: 'Sessions viewer', codes: ['AP-300'] });
    expect(role.statusCode, role.body).toBe(201);
    const email = `viewer-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@publish.example`;
    await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'View', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: '10.9.9.1' });
    expect(login.statusCode, login.body).toBe(200);
    const viewer = bearer(login.json().data.accessToken);
    expect((await call('GET', viewer, `${base(eventId)}/programme`)).statusCode).toBe(200);
    expect((await publish(viewer)).statusCode).toBe(403);
  });
});
