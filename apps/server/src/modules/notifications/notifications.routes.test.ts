/**
 * Announcements and the attendee's inbox over HTTP (issue 17): validation with the spec's keys, tenancy, who may send,
 * each audience (everyone, ticket types, a session's bookings), the inbox's read marks, and the meetings bridge (a
 * `meeting.notice` lands in the inbox of the people it concerns, once).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserType, type TAnnouncement, type TNotification, type TNotificationPage } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, newKey, placeOrder } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;
let vipTicket: string;
let standardTicket: string;
let workshop: string;
type Person = { eventUserId: string; email: string; headers: Record<string, string> };
let vip: Person;
let standard: Person;
let booked: Person;
let elsewhere: Person;

const notify = (ev: string) => `/api/notifyservices/api/events/${ev}`;
const call = (method: 'GET' | 'POST' | 'PUT', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function participant(ev: string, firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Notified', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { eventUserId: eu!.id, email, headers: { ...bearer(access), 'x-user-access-token': eventAccess } };
}
async function register(p: Person, ticketId: string) {
  const res = await placeOrder(
    t.app,
    eventId,
    { items: [{ ticketId, quantity: 1 }], expectedTotal: 0, currency: 'EUR', buyer: { firstName: 'Bea', lastName: 'Buyer', email: p.email }, attendees: [{ ticketId, firstName: 'Reg', lastName: 'Istered', email: p.email }] },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
}
async function send(body: Record<string, unknown>, headers = hostA, ev = eventId) {
  return call('POST', headers, `${notify(ev)}/announcements`, { title: 'Doors open', body: 'Hall B opens at 9:00.', format: 'text', audience: { kind: 'everyone' }, ...body });
}
async function inbox(p: Person, ev = eventId): Promise<TNotificationPage> {
  const res = await call('GET', p.headers, `${notify(ev)}/notifications`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TNotificationPage;
}
const titles = async (p: Person) => (await inbox(p)).items.map((n) => n.title);

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Notify Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Notify Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Other Expo');
  vipTicket = (await createTicket(t.app, a.accessToken, eventId, { name: 'VIP', isFree: true, price: 0 })).id;
  standardTicket = (await createTicket(t.app, a.accessToken, eventId, { name: 'Standard', isFree: true, price: 0 })).id;
  vip = await participant(eventId, 'Vera');
  standard = await participant(eventId, 'Stan');
  booked = await participant(eventId, 'Bob');
  elsewhere = await participant(otherEventId, 'Elsa');
  await register(vip, vipTicket);
  await register(standard, standardTicket);
  const session = await call('POST', hostA, `/api/scheduleservices/api/events/${eventId}/sessions`, {
    title: 'Hands-on workshop',
    descriptionHtml: '',
    sessionType: 'workshop',
    trackId: null,
    roomId: null,
    start: '2027-03-01T14:00',
    end: '2027-03-01T16:00',
    speakerIds: [],
    capacity: 10,
    bookingRequired: true,
  });
  expect(session.statusCode, session.body).toBe(201);
  workshop = session.json().data.id;
  const booking = await call('POST', booked.headers, `/api/scheduleservices/api/events/${eventId}/sessions/${workshop}/booking`);
  expect(booking.statusCode, booking.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('sending an announcement', () => {
  it('refuses bad input with the field and the spec key', async () => {
    const errors = async (body: Record<string, unknown>) => {
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      return res.json().errors as { field: string; key: string }[];
    };
    expect(await errors({ title: '   ' })).toContainEqual({ field: 'title', key: 'required' });
    expect(await errors({ body: '' })).toContainEqual({ field: 'body', key: 'required' });
    expect(await errors({ title: 'x'.repeat(201) })).toContainEqual(expect.objectContaining({ field: 'title' }));
    expect(await errors({ body: 'x'.repeat(5001) })).toContainEqual({ field: 'body', key: 'tooLong' });
    expect(await errors({ format: 'html', body: '<p class="big">Hello</p>' })).toContainEqual({ field: 'body', key: 'htmlClassNotAllowed' });
    expect(await errors({ format: 'html', body: '<p>Hello {{firstName}}</p>' })).toContainEqual({ field: 'body', key: 'doubleCurlyVariableNotAllowed' });
    expect(await errors({ audience: { kind: 'ticketTypes', ticketIds: [] } })).toContainEqual({ field: 'audience.ticketIds', key: 'required' });
    expect(await errors({ audience: { kind: 'nobody' } })).toContainEqual(expect.objectContaining({ field: 'audience.kind' }));
    expect(await errors({ sneaky: true })).toContainEqual({ field: 'sneaky', key: 'unknownField' });
    expect(await errors({ audience: { kind: 'ticketTypes', ticketIds: ['not-a-ticket'] } })).toEqual([{ field: 'audience.ticketIds', key: 'unknownTicket' }]);
    expect(await errors({ audience: { kind: 'session', sessionId: 'not-a-session' } })).toEqual([{ field: 'audience.sessionId', key: 'unknownSession' }]);
    const dangerous = await send({ body: 'Click <script>alert(1)</script>' });
    expect(dangerous.statusCode).toBe(400);
    expect(dangerous.json().code).toBe(1001);
  });

  it('is refused to another organisation (404), to a participant (403) and without a token (401)', async () => {
    expect((await send({}, hostB)).statusCode).toBe(404);
    expect((await call('GET', hostB, `${notify(eventId)}/announcements`)).statusCode).toBe(404);
    expect((await call('GET', hostB, `${notify(eventId)}/announcements/audience`)).statusCode).toBe(404);
    expect((await send({}, vip.headers)).statusCode).toBe(403);
    expect((await call('GET', vip.headers, `${notify(eventId)}/announcements`)).statusCode).toBe(403);
    expect((await send({}, {})).statusCode).toBe(401);
    expect(await titles(vip)).not.toContain('Doors open');
  });

  it('offers the event ticket types and bookable sessions as audiences', async () => {
    const res = await call('GET', hostA, `${notify(eventId)}/announcements/audience`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.everyone).toBe(3);
    expect(data.tickets.map((x: { name: string }) => x.name).sort()).toEqual(['Standard', 'VIP']);
    expect(data.sessions).toEqual([expect.objectContaining({ id: workshop, title: 'Hands-on workshop' })]);
  });

  it('reaches everyone in the event, and nobody of another event', async () => {
    const res = await send({ title: 'Welcome everyone' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json().data as TAnnouncement;
    expect(a).toMatchObject({ title: 'Welcome everyone', recipients: 3, read: 0, audience: { kind: 'everyone' }, audienceLabel: 'Everyone', format: 'text' });
    for (const p of [vip, standard, booked]) expect(await titles(p)).toContain('Welcome everyone');
    expect((await inbox(elsewhere, otherEventId)).items).toEqual([]);
  });

  it('reaches only the holders of the chosen ticket types', async () => {
    const res = await send({ title: 'VIP lounge open', audience: { kind: 'ticketTypes', ticketIds: [vipTicket] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ recipients: 1, audienceLabel: 'VIP' });
    expect(await titles(vip)).toContain('VIP lounge open');
    expect(await titles(standard)).not.toContain('VIP lounge open');
    expect(await titles(booked)).not.toContain('VIP lounge open');
    const both = await send({ title: 'All ticket holders', audience: { kind: 'ticketTypes', ticketIds: [vipTicket, standardTicket] } });
    expect(both.json().data.recipients).toBe(2);
    expect(await titles(booked)).not.toContain('All ticket holders');
  });

  it('reaches only the people who booked the session', async () => {
    const res = await send({ title: 'Workshop moved to room 4', audience: { kind: 'session', sessionId: workshop } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ recipients: 1, audienceLabel: 'Hands-on workshop' });
    expect(await titles(booked)).toContain('Workshop moved to room 4');
    expect(await titles(vip)).not.toContain('Workshop moved to room 4');
  });

  it('stores rich text sanitised, and refuses an audience with nobody in it', async () => {
    const res = await send({ title: 'Rich', format: 'html', body: '<p>Hello <strong>all</strong></p><iframe src="https://example.com"></iframe><form><input name="x"></form>' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.body).toBe('<p>Hello <strong>all</strong></p>');
    const mine = (await inbox(vip)).items.find((n) => n.title === 'Rich')!;
    expect(mine).toMatchObject({ format: 'html', body: '<p>Hello <strong>all</strong></p>', kind: 'ANNOUNCEMENT', announcementId: res.json().data.id });
    const empty = await call('POST', hostA, `/api/eventservices/events/${eventId}/tickets`, { name: 'Nobody', currency: 'EUR', isFree: true, price: 0 });
    const none = await send({ audience: { kind: 'ticketTypes', ticketIds: [empty.json().data.id] } });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('ANNOUNCEMENT_NO_RECIPIENTS');
  });
});

describe('the inbox', () => {
  it('lists my notifications newest first, marks one and then all read, and the organiser sees the read counts', async () => {
    const sent = (await send({ title: 'Read me' })).json().data as TAnnouncement;
    const before = await inbox(standard);
    expect(before.items[0]).toMatchObject({ title: 'Read me', readAt: null, link: null });
    expect(before.unread).toBe(before.total);
    const read = await call('POST', standard.headers, `${notify(eventId)}/notifications/${before.items[0]!.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const readAt = (read.json().data as TNotification).readAt;
    expect(readAt).not.toBeNull();
    // Reading again keeps the first time.
    expect((await call('POST', standard.headers, `${notify(eventId)}/notifications/${before.items[0]!.id}/read`)).json().data.readAt).toBe(readAt);
    expect((await inbox(standard)).unread).toBe(before.unread - 1);
    const list = await call('GET', hostA, `${notify(eventId)}/announcements`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({ id: sent.id, recipients: 3, read: 1, sentBy: 'Hana Host' });
    const all = await call('POST', standard.headers, `${notify(eventId)}/notifications/read-all`);
    expect(all.json().data).toEqual({ updated: before.unread - 1, unread: 0 });
    expect((await inbox(standard)).unread).toBe(0);
    const unreadOnly = await call('GET', standard.headers, `${notify(eventId)}/notifications?unreadOnly=true`);
    expect(unreadOnly.json().data).toMatchObject({ items: [], total: 0, unread: 0 });
  });

  it('is mine only: another participant id answers 404, another event or no sign-in 403/401', async () => {
    const theirs = (await inbox(vip)).items[0]!;
    expect((await call('POST', standard.headers, `${notify(eventId)}/notifications/${theirs.id}/read`)).statusCode).toBe(404);
    expect((await inbox(vip)).items[0]!.readAt).toBeNull();
    expect((await call('GET', elsewhere.headers, `${notify(eventId)}/notifications`)).statusCode).toBe(403);
    expect((await call('GET', hostA, `${notify(eventId)}/notifications`)).statusCode).toBe(403);
    expect((await call('GET', {}, `${notify(eventId)}/notifications`)).statusCode).toBe(401);
    expect((await call('GET', vip.headers, `${notify(eventId)}/notifications?pageSize=1000`)).statusCode).toBe(400);
  });

  it('sends to a few thousand participants with one statement per batch, quickly', async () => {
    const big = await createEvent(t.app, hostA.authorization!.slice(7), 'Big Expo');
    const n = 3000;
    // Participations made in bulk (accounts and event users), as a large event would have after its doors open.
    await t.ctx.database.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, user_type, role, status)
      select 'bulk-u-' || g, 'bulk-' || g || '@example.com', 'x', 'Bulk', 'Person', 4, 'Attendee', 'active' from generate_series(1, ${n}) g`);
    await t.ctx.database.db.execute(sql`
      insert into event_users (id, organisation_id, event_id, user_id, user_type)
      select 'bulk-eu-' || g, ${orgA}, ${big}, 'bulk-u-' || g, 4 from generate_series(1, ${n}) g`);
    const started = Date.now();
    const res = await send({ title: 'To thousands' }, hostA, big);
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.recipients).toBe(n);
    // The inbox rows are written just after the answer (the `announcement.sent` fill), all of them.
    const written = async () => ((await t.ctx.database.db.execute(sql`select count(*)::int as n from notifications where announcement_id = ${res.json().data.id}`)).rows as { n: number }[])[0]!.n;
    await vi.waitFor(async () => expect(await written()).toBe(n), { timeout: 5000, interval: 25 });
    expect(took).toBeLessThan(5000);
  });
});

describe('the meetings bridge', () => {
  it('puts a meeting notice in the inbox of the people it concerns, once', async () => {
    const saved = await call('PUT', hostA, `/api/eventservices/events/${eventId}/meetings/settings`, { days: [{ date: '2027-03-02', start: '10:00', end: '12:00' }], slotMinutes: 30, loungeTables: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    // A participant asks: the invitee is told (SPEC §3.10 "meeting invited"), the requester is not.
    const req = await call('POST', vip.headers, `/api/eventservices/events/${eventId}/meetings/requests`, { inviteeEventUserId: standard.eventUserId, slot: '2027-03-02T10:00', place: 2, mode: 1, type: 2, booth: null, message: 'Coffee?' });
    expect(req.statusCode, req.body).toBe(201);
    const invited = (await inbox(standard)).items.find((n) => n.kind === 'MEETING_INVITED')!;
    expect(invited).toMatchObject({ title: 'Meeting invitation', readAt: null, link: `/mm/${eventId}-${standard.eventUserId}` });
    expect(invited.body).toContain('Vera Notified invites you to a meeting, 2027-03-02 10:00');
    expect((await inbox(vip)).items.some((n) => n.kind === 'MEETING_INVITED')).toBe(false);
    // The invitee accepts: the requester is told.
    const meetingId = req.json().data.id as string;
    const acc = await call('POST', standard.headers, `/api/eventservices/events/${eventId}/meetings/mine/${meetingId}/status`, { action: 'accept' });
    expect(acc.statusCode, acc.body).toBe(200);
    expect((await inbox(vip)).items.find((n) => n.kind === 'MEETING_ACCEPTED')).toMatchObject({ title: 'Meeting accepted' });
    // The organiser schedules one for two people: both are told; the notice delivered again adds nothing.
    const sch = await call('POST', hostA, `/api/eventservices/events/${eventId}/meetings`, { requesterEventUserId: booked.eventUserId, inviteeEventUserId: vip.eventUserId, slot: '2027-03-02T11:00', place: 2, mode: 1, type: 2, booth: null, message: '' });
    expect(sch.statusCode, sch.body).toBe(201);
    await t.ctx.bus.publish('meeting.notice', { eventId, meetingId: sch.json().data.id, kind: 'scheduled' });
    for (const p of [booked, vip]) expect((await inbox(p)).items.filter((n) => n.kind === 'MEETING_SCHEDULED')).toHaveLength(1);
    // The reminder job's notice lands too (10:00 Berlin is 09:00 UTC: due at 08:40 UTC).
    await t.ctx.clock.at(new Date('2027-03-02T08:40:00Z'), () => t.ctx.meetings.reminders.drainNow());
    for (const p of [vip, standard]) expect((await inbox(p)).items.some((n) => n.kind === 'MEETING_REMINDER')).toBe(true);
  });
});
