import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';

// The 1–3 March 2027 event of the fixtures, in Berlin (UTC+1).
const PASSWORD = 'Guest#Secure26';

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;
let otherOrgEventId: string;

type Person = { headers: Record<string, string>; eventUserId: string; email: string; accessToken: string };
const base = (ev: string) => `/api/eventservices/events/${ev}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

let n = 0;
/** A participant of `ev`, signed in through ei/{eventId} (the login with eventId) as the app does. */
async function participant(ev: string, firstName: string, lastName = 'Tester'): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${++n}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName, userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId: ev } });
  expect(res.statusCode, res.body).toBe(200);
  const rec = res.json().data;
  return { headers: { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken }, eventUserId: rec.eventData.eventUserId, email, accessToken: rec.accessToken };
}

const request = (over: Record<string, unknown> = {}) => ({ slot: '2027-03-02T10:00', place: 2, mode: 1, type: 2, booth: null, message: 'Coffee?', ...over });
const settings = { days: [{ date: '2027-03-02', start: '10:00', end: '11:00' }, { date: '2027-03-03', start: '09:00', end: '09:30' }], slotMinutes: 30, loungeTables: 1 };

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Meetings Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const b = await signupOrganiser(t.app, { organisationName: 'Rival Org' });
  hostB = bearer(b.accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Meetings Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Second Expo');
  otherOrgEventId = await createEvent(t.app, b.accessToken, 'Rival Expo');
});
afterAll(async () => {
  await t?.close();
});

describe('organiser: meeting hours, slots and tables', () => {
  it('refuses bad settings by field and another organisation with 404', async () => {
    const bad = await call('PUT', hostA, `${base(eventId)}/meetings/settings`, { days: [{ date: '2027-03-02', start: '11:00', end: '10:00' }, { date: '2027-13-01', start: '9am', end: '10:00' }], slotMinutes: 3, loungeTables: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'days.0.end', key: 'timeCampare' },
        { field: 'days.1.date', key: 'invalidDate' },
        { field: 'days.1.start', key: 'invalidTime' },
        { field: 'slotMinutes', key: 'too_small' },
        { field: 'loungeTables', key: 'too_small' },
      ]),
    );
    const twice = await call('PUT', hostA, `${base(eventId)}/meetings/settings`, { ...settings, days: [settings.days[0], settings.days[0]] });
    expect(twice.json().errors).toEqual([{ field: 'days', key: 'duplicateDay' }]);
    const extra = await call('PUT', hostA, `${base(eventId)}/meetings/settings`, { ...settings, isAdmin: true });
    expect(extra.statusCode).toBe(400);
    const hostile = await call('PUT', hostA, `${base(eventId)}/meetings/settings`, { ...settings, days: [{ date: '<script>alert(1)</script>', start: '10:00', end: '11:00' }] });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().code).toBe(1001);
    expect((await call('PUT', hostB, `${base(eventId)}/meetings/settings`, settings)).statusCode).toBe(404);
    expect((await call('GET', hostB, `${base(eventId)}/meetings/settings`)).statusCode).toBe(404);
    expect((await call('GET', {}, `${base(eventId)}/meetings/settings`)).statusCode).toBe(401);
    expect((await call('GET', hostA, `${base(eventId)}/meetings/settings`)).json().data).toEqual({ days: [], slotMinutes: 30, loungeTables: 0, timeZone: 'Europe/Berlin' });
  });

  it('saves the hours and answers them back', async () => {
    const res = await call('PUT', hostA, `${base(eventId)}/meetings/settings`, settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ...settings, timeZone: 'Europe/Berlin' });
  });
});

describe('matchmaking at mm/{eventId-eventUserId}', () => {
  let buyer: Person;
  let seller: Person;
  let stranger: Person;

  beforeAll(async () => {
    [buyer, seller, stranger] = await Promise.all([participant(eventId, 'Bea', 'Buyer'), participant(eventId, 'Sam', 'Seller'), participant(otherEventId, 'Stan', 'Stranger')]);
  });

  it('needs a participant of this event and refuses bad tags by field', async () => {
    const url = `${base(eventId)}/matchmaking/me`;
    expect((await call('GET', {}, url)).statusCode).toBe(401);
    const elsewhere = await call('GET', stranger.headers, url);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('MEETINGS_NOT_PARTICIPANT');
    expect((await call('GET', bearer(buyer.accessToken), url)).statusCode).toBe(403);
    const tooMany = await call('PUT', buyer.headers, url, { company: '', interests: [], lookingFor: Array.from({ length: 11 }, (_, i) => `tag ${i}`), offering: ['a', 'A'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { field: 'lookingFor', key: 'too_big' },
      { field: 'offering', key: 'duplicateTag' },
    ]);
    const wrongType = await call('PUT', buyer.headers, url, { company: 1, interests: 'x', lookingFor: [], offering: [] });
    expect(wrongType.statusCode).toBe(400);
    const hostile = await call('PUT', buyer.headers, url, { company: '<img src=x onerror=alert(1)>', interests: [], lookingFor: [], offering: [] });
    expect(hostile.json().code).toBe(1001);
    const mine = await call('GET', buyer.headers, url);
    expect(mine.json().data).toMatchObject({ eventUserId: buyer.eventUserId, name: 'Bea Buyer', saved: false, lookingFor: [] });
  });

  it('ranks and explains a match both ways, never oneself', async () => {
    const url = `${base(eventId)}/matchmaking/me`;
    expect((await call('PUT', buyer.headers, url, { company: 'Bea Retail', interests: ['Renewable energy'], lookingFor: ['distributors'], offering: ['shelf space'] })).statusCode).toBe(200);
    expect((await call('PUT', seller.headers, url, { company: 'Sam Solar', interests: ['renewable energy', 'Storage'], lookingFor: ['Shelf space'], offering: ['distribution'] })).statusCode).toBe(200);
    const res = await call('GET', buyer.headers, `${base(eventId)}/matchmaking/matches`);
    expect(res.statusCode).toBe(200);
    const { me, matches } = res.json().data;
    expect(me).toMatchObject({ saved: true, company: 'Bea Retail' });
    expect(matches).toEqual([
      {
        eventUserId: seller.eventUserId,
        name: 'Sam Seller',
        company: 'Sam Solar',
        score: 6,
        explanation: 'both in Renewable energy; you look for distributors, they offer distribution; they look for Shelf space, you offer shelf space',
        sharedInterests: ['Renewable energy'],
        offering: ['distribution'],
        lookingFor: ['Shelf space'],
      },
    ]);
    // Another event's participant is never a candidate.
    await call('PUT', stranger.headers, `${base(otherEventId)}/matchmaking/me`, { company: '', interests: ['Renewable energy'], lookingFor: [], offering: ['distribution'] });
    expect((await call('GET', buyer.headers, `${base(eventId)}/matchmaking/matches`)).json().data.matches).toHaveLength(1);
  });
});

describe('meetings', () => {
  let a: Person;
  let b: Person;
  let c: Person;
  let d: Person;
  let outsider: Person;

  beforeAll(async () => {
    [a, b, c, d, outsider] = await Promise.all([participant(eventId, 'Ann'), participant(eventId, 'Ben'), participant(eventId, 'Cat'), participant(eventId, 'Dan'), participant(otherEventId, 'Oli')]);
  });

  it('refuses bad requests by field: wrong types, unknown slot, oneself, another event’s participant', async () => {
    const url = `${base(eventId)}/meetings/requests`;
    expect((await call('POST', {}, url, request({ inviteeEventUserId: b.eventUserId }))).statusCode).toBe(401);
    expect((await call('POST', outsider.headers, url, request({ inviteeEventUserId: b.eventUserId }))).statusCode).toBe(403);
    const types = await call('POST', a.headers, url, { inviteeEventUserId: 5, slot: 'soon', place: 3, mode: 'virtual', type: 9 });
    expect(types.statusCode).toBe(400);
    expect(types.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['inviteeEventUserId', 'mode', 'place', 'slot', 'type']);
    const booth = await call('POST', a.headers, url, request({ inviteeEventUserId: b.eventUserId, place: 1 }));
    expect(booth.json().errors).toEqual([{ field: 'booth', key: 'boothRequired' }]);
    const slot = await call('POST', a.headers, url, request({ inviteeEventUserId: b.eventUserId, slot: '2027-03-02T10:15' }));
    expect(slot.json().errors).toEqual([{ field: 'slot', key: 'unknownSlot' }]);
    const self = await call('POST', a.headers, url, request({ inviteeEventUserId: a.eventUserId }));
    expect(self.json().errors).toEqual([{ field: 'inviteeEventUserId', key: 'self' }]);
    const foreign = await call('POST', a.headers, url, request({ inviteeEventUserId: outsider.eventUserId }));
    expect(foreign.json().errors).toEqual([{ field: 'inviteeEventUserId', key: 'unknownParticipant' }]);
    const long = await call('POST', a.headers, url, request({ inviteeEventUserId: b.eventUserId, message: 'x'.repeat(501) }));
    expect(long.json().errors).toEqual([{ field: 'message', key: 'too_big' }]);
    const hostile = await call('POST', a.headers, url, request({ inviteeEventUserId: b.eventUserId, message: 'javascript:alert(1)' }));
    expect(hostile.json().code).toBe(1001);
  });

  it('books a slot for both sides and a lounge table; refuses a busy person, a full lounge and a taken booth with 409 saying which', async () => {
    const url = `${base(eventId)}/meetings/requests`;
    const first = await call('POST', a.headers, url, request({ inviteeEventUserId: b.eventUserId }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ slot: '2027-03-02T10:00', startsAt: '2027-03-02T09:00:00.000Z', endsAt: '2027-03-02T09:30:00.000Z', tableNumber: 1, status: 0, responseStatus: 0, actions: ['cancel'], videoChannel: null });
    const busy = await call('POST', c.headers, url, request({ inviteeEventUserId: b.eventUserId }));
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: 'Ben Tester already has a meeting at 2027-03-02 10:00' });
    const full = await call('POST', c.headers, url, request({ inviteeEventUserId: d.eventUserId }));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'MEETING_NO_TABLE', message: 'All 1 lounge tables are taken at 2027-03-02 10:00' });
    // The same slot at a booth works, once; a virtual meeting needs no table.
    const atBooth = await call('POST', c.headers, url, request({ inviteeEventUserId: d.eventUserId, place: 1, booth: 'A12' }));
    expect(atBooth.statusCode, atBooth.body).toBe(201);
    const e = await participant(eventId, 'Eve');
    const f = await participant(eventId, 'Fay');
    const boothTaken = await call('POST', e.headers, url, request({ inviteeEventUserId: f.eventUserId, place: 1, booth: 'a12' }));
    expect(boothTaken.json()).toMatchObject({ code: 'MEETING_BOOTH_TAKEN' });
    const virtual = await call('POST', e.headers, url, request({ inviteeEventUserId: f.eventUserId, mode: 2 }));
    expect(virtual.statusCode).toBe(201);
    expect(virtual.json().data).toMatchObject({ tableNumber: null, videoChannel: `meeting-${virtual.json().data.id}` });
    // The slots view marks the taken slot for that pair.
    const slots = (await call('GET', a.headers, `${base(eventId)}/meetings/slots?with=${c.eventUserId}`)).json().data;
    expect(slots.slots.map((s: { slot: string; free: boolean }) => [s.slot, s.free])).toEqual([
      ['2027-03-02T10:00', false],
      ['2027-03-02T10:30', true],
      ['2027-03-03T09:00', true],
    ]);
  });

  it('moves through accept and complete, and answers an illegal action 409 naming the allowed ones', async () => {
    const mine = (await call('GET', b.headers, `${base(eventId)}/meetings/mine`)).json().data;
    const m = mine.meetings[0];
    expect(m.actions).toEqual(['accept', 'decline', 'tentative', 'cancel']);
    const byRequester = await call('POST', a.headers, `${base(eventId)}/meetings/mine/${m.id}/status`, { action: 'accept' });
    expect(byRequester.statusCode).toBe(409);
    expect(byRequester.json()).toMatchObject({ code: 'MEETING_INVALID_TRANSITION', errors: [{ field: 'action', key: 'cancel' }] });
    expect(byRequester.json().message).toContain('Allowed: cancel.');
    expect((await call('POST', b.headers, `${base(eventId)}/meetings/mine/${m.id}/status`, { action: 'tentative' })).json().data).toMatchObject({ status: 0, responseStatus: 3 });
    const accepted = await call('POST', b.headers, `${base(eventId)}/meetings/mine/${m.id}/status`, { action: 'accept' });
    expect(accepted.json().data).toMatchObject({ status: 1, responseStatus: 1, actions: ['cancel', 'complete'] });
    const again = await call('POST', b.headers, `${base(eventId)}/meetings/mine/${m.id}/status`, { action: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This meeting is Approved (Approved): you cannot decline it. Allowed: cancel, complete.');
    // Not a party: 404, as for an unknown meeting; a bad action: 400.
    expect((await call('POST', c.headers, `${base(eventId)}/meetings/mine/${m.id}/status`, { action: 'cancel' })).statusCode).toBe(404);
    expect((await call('POST', b.headers, `${base(eventId)}/meetings/mine/${m.id}/status`, { action: 'approve' })).statusCode).toBe(400);
    // The accepted meeting is in both calendars.
    const ics = await call('GET', a.headers, `${base(eventId)}/meetings/mine/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('DTSTART:20270302T090000Z');
    expect(ics.body).toContain('SUMMARY:Meeting with Ben Tester');
    expect((await call('GET', {}, `${base(eventId)}/meetings/mine/calendar.ics`)).statusCode).toBe(401);
  });

  it('mails the invitee on a request and the requester on the answer, once each', async () => {
    const rows = await t.ctx.database.db.execute(sql`select to_address, subject from mail_outbox where event_id = ${eventId} and to_address in (${a.email}, ${b.email}) order by created_at`);
    const mails = (rows.rows as { to_address: string; subject: string }[]).map((r) => [r.to_address, r.subject]);
    expect(mails).toEqual([
      [b.email, 'Meeting invitation: Meetings Expo'],
      [a.email, 'Meeting tentative: Meetings Expo'],
      [a.email, 'Meeting accepted: Meetings Expo'],
    ]);
  });

  it('sends each approved meeting its reminder once, shortly before it starts', async () => {
    // The meetings are in 2027: nothing is due now.
    expect(await t.ctx.meetings.sendReminders()).toBe(0);
    // 15 minutes before Ann and Ben's accepted 10:00 (09:00 UTC) meeting; the pending ones get none.
    const at = new Date('2027-03-02T08:45:00Z');
    expect(await t.ctx.clock.at(at, () => t.ctx.meetings.sendReminders())).toBe(1);
    expect(await t.ctx.clock.at(at, () => t.ctx.meetings.sendReminders())).toBe(0);
    const rows = await t.ctx.database.db.execute(sql`select to_address from mail_outbox where event_id = ${eventId} and subject = 'Meeting reminder: Meetings Expo' order by to_address`);
    expect((rows.rows as { to_address: string }[]).map((r) => r.to_address)).toEqual([a.email, b.email].sort());
  });

  it('lets the organiser list with filters, schedule on behalf of both sides, and act; another organisation gets 404', async () => {
    const list = await call('GET', hostA, `${base(eventId)}/meetings?pageSize=50`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(3);
    expect((await call('GET', hostA, `${base(eventId)}/meetings?scheduled=true`)).json().data.items.map((m: { requester: { name: string } }) => m.requester.name)).toEqual(['Ann Tester']);
    expect((await call('GET', hostA, `${base(eventId)}/meetings?mode=2`)).json().data.total).toBe(1);
    expect((await call('GET', hostA, `${base(eventId)}/meetings?q=cat`)).json().data.total).toBe(1);
    expect((await call('GET', hostA, `${base(eventId)}/meetings?status=9`)).statusCode).toBe(400);
    expect((await call('GET', hostB, `${base(eventId)}/meetings`)).statusCode).toBe(404);
    const scheduled = await call('POST', hostA, `${base(eventId)}/meetings`, request({ requesterEventUserId: c.eventUserId, inviteeEventUserId: a.eventUserId, slot: '2027-03-03T09:00' }));
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json().data).toMatchObject({ status: 1, responseStatus: 5, actions: ['cancel', 'complete'] });
    const foreign = await call('POST', hostA, `${base(eventId)}/meetings`, request({ requesterEventUserId: c.eventUserId, inviteeEventUserId: outsider.eventUserId, slot: '2027-03-03T09:00' }));
    expect(foreign.json().errors).toEqual([{ field: 'inviteeEventUserId', key: 'unknownParticipant' }]);
    const clash = await call('POST', hostA, `${base(eventId)}/meetings`, request({ requesterEventUserId: d.eventUserId, inviteeEventUserId: a.eventUserId, slot: '2027-03-03T09:00' }));
    expect(clash.json().code).toBe('MEETING_PERSON_BUSY');
    const id = scheduled.json().data.id as string;
    expect((await call('POST', hostB, `${base(otherOrgEventId)}/meetings/${id}/status`, { action: 'cancel' })).statusCode).toBe(404);
    expect((await call('POST', hostA, `${base(otherEventId)}/meetings/${id}/status`, { action: 'cancel' })).statusCode).toBe(404);
    const cancelled = await call('POST', hostA, `${base(eventId)}/meetings/${id}/status`, { action: 'cancel' });
    expect(cancelled.json().data).toMatchObject({ status: 4, responseStatus: 4, actions: [] });
    // A cancelled meeting frees the slot.
    expect((await call('POST', d.headers, `${base(eventId)}/meetings/requests`, request({ inviteeEventUserId: a.eventUserId, slot: '2027-03-03T09:00' }))).statusCode).toBe(201);
  });

  it('gives the organiser a picker of the event’s participants by name, and nobody else', async () => {
    const all = await call('GET', hostA, `${base(eventId)}/meetings/participants`);
    expect(all.statusCode, all.body).toBe(200);
    const names = all.json().data.items.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Ann Tester', 'Ben Tester', 'Cat Tester', 'Dan Tester']));
    // Sorted by name; another event's participant is not offered.
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
    expect(names).not.toContain('Oli Tester');
    const cat = await call('GET', hostA, `${base(eventId)}/meetings/participants?q=CAT`);
    expect(cat.json().data).toEqual({ items: [{ eventUserId: c.eventUserId, name: 'Cat Tester', userType: UserType.Attendee }], total: 1 });
    expect((await call('GET', hostA, `${base(eventId)}/meetings/participants?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await call('GET', hostA, `${base(eventId)}/meetings/participants?extra=1`)).statusCode).toBe(400);
    expect((await call('GET', hostB, `${base(eventId)}/meetings/participants`)).statusCode).toBe(404);
    expect((await call('GET', a.headers, `${base(eventId)}/meetings/participants`)).statusCode).toBe(403);
  });
});

describe('the networking directory tab', () => {
  it('lists only those who chose to appear, with filters (country from their profile) and pages', async () => {
    const ticket = await createTicket(t.app, hostA.authorization!.slice(7), eventId, { isFree: true, price: 0 });
    const people = await Promise.all([participant(eventId, 'Gil', 'Green'), participant(eventId, 'Hal', 'Hill'), participant(eventId, 'Ivy', 'Ink')]);
    const names = [['Gil', 'Green'], ['Hal', 'Hill'], ['Ivy', 'Ink']] as const;
    for (const [i, p] of people.entries()) {
      const order = await placeOrder(t.app, eventId, {
        items: [{ ticketId: ticket.id, quantity: 1 }],
        expectedTotal: 0,
        currency: 'EUR',
        buyer: { firstName: names[i]![0], lastName: names[i]![1], email: p.email },
        attendees: [{ ticketId: ticket.id, firstName: names[i]![0], lastName: names[i]![1], email: p.email }],
      });
      expect(order.statusCode, order.body).toBe(201);
      const [profile] = (await call('GET', bearer(p.accessToken), '/api/eventservices/me/profiles')).json().data as { registrationId: string }[];
      const saved = await call('PUT', bearer(p.accessToken), `/api/eventservices/me/registrations/${profile!.registrationId}/profile`, {
        jobTitle: 'Buyer',
        company: i === 0 ? 'Green Grid' : 'Hill Hydro',
        countryCode: i === 0 ? 'de' : 'IN',
        interests: i === 2 ? ['Wind'] : ['Solar', 'Storage'],
        isInDirectory: i !== 2 || true,
        isProfilePublic: false,
      });
      expect(saved.statusCode).toBe(200);
    }
    // Ivy leaves the directory again.
    const [ivy] = (await call('GET', bearer(people[2]!.accessToken), '/api/eventservices/me/profiles')).json().data as { registrationId: string }[];
    await call('PUT', bearer(people[2]!.accessToken), `/api/eventservices/me/registrations/${ivy!.registrationId}/profile`, { jobTitle: '', company: '', interests: [], isInDirectory: false, isProfilePublic: false });

    const url = `${base(eventId)}/networking/directory`;
    const all = (await call('GET', people[0]!.headers, url)).json().data;
    // Gil does not see himself.
    expect(all.items.map((p: { firstName: string }) => p.firstName)).toEqual(['Hal']);
    expect(all).toMatchObject({ total: 1, page: 1, pageSize: 10, countries: ['DE', 'IN'], interests: ['Solar', 'Storage'], companies: ['Green Grid', 'Hill Hydro'] });
    expect(all.items[0]).toMatchObject({ eventUserId: people[1]!.eventUserId, userType: UserType.Attendee, company: 'Hill Hydro', countryCode: 'IN' });
    const anon = (await call('GET', {}, `${url}?interest=solar&pageSize=1&page=2`)).json().data;
    expect(anon).toMatchObject({ total: 2, page: 2 });
    expect(anon.items.map((p: { firstName: string }) => p.firstName)).toEqual(['Hal']);
    expect((await call('GET', {}, `${url}?company=green`)).json().data.items.map((p: { firstName: string }) => p.firstName)).toEqual(['Gil']);
    expect((await call('GET', {}, `${url}?userType=${UserType.Speaker}`)).json().data.total).toBe(0);
    expect((await call('GET', {}, `${url}?q=zzz`)).json().data.total).toBe(0);
    expect((await call('GET', {}, `${url}?pageSize=500`)).statusCode).toBe(400);
    expect((await call('GET', {}, `${url}?country=de`)).json().data.items.map((p: { firstName: string }) => p.firstName)).toEqual(['Gil']);
    expect((await call('GET', {}, `${url}?country=FR`)).json().data.total).toBe(0);
    expect((await call('GET', {}, `${url}?country=Germany`)).statusCode).toBe(400);
    // A country outside SPEC §3.2's table is refused on the profile with its field's key, and nothing changes.
    const [gil] = (await call('GET', bearer(people[0]!.accessToken), '/api/eventservices/me/profiles')).json().data as { registrationId: string }[];
    const bad = await call('PUT', bearer(people[0]!.accessToken), `/api/eventservices/me/registrations/${gil!.registrationId}/profile`, { jobTitle: 'Buyer', company: 'Green Grid', countryCode: 'QQ', interests: [], isInDirectory: true, isProfilePublic: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'countryCode', key: 'unknownCountry' }]);
    expect((await call('GET', {}, `${url}?country=DE`)).json().data.total).toBe(1);
    expect((await call('GET', {}, `${base('no-such-event')}/networking/directory`)).statusCode).toBe(404);
  });
});
