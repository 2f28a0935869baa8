import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let hostA: Awaited<ReturnType<typeof signupOrganiser>>;
let hostB: Awaited<ReturnType<typeof signupOrganiser>>;

const valid = {
  name: 'Tech Expo',
  startDate: '2027-03-01',
  endDate: '2027-03-03',
  timeZone: 'Asia/Kolkata',
  venue: 'Hall 1',
  eventMode: 3,
  eventType: 2,
};

const create = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/eventservices/events', headers: bearer(token), payload: body });

beforeAll(async () => {
  t = await createTestApp();
  hostA = await signupOrganiser(t.app, { organisationName: 'A' });
  hostB = await signupOrganiser(t.app, { organisationName: 'B' });
});
afterAll(async () => t?.close());

describe('events', () => {
  it('creates, reads and edits an event', async () => {
    const res = await create(hostA.accessToken, { ...valid, description: '<p class="x" onclick="y">Hi <b>there</b></p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1001);

    const ok = await create(hostA.accessToken, { ...valid, description: '<p>Hi <b>there</b><img src="x.png" style="color:red"><iframe src="https://x.example"></iframe></p>' });
    expect(ok.statusCode).toBe(201);
    const ev = ok.json().data;
    expect(ev).toMatchObject({ name: 'Tech Expo', eventMode: 3, loginIdentifier: 4, registrationIdentifier: 1 });
    expect(ev.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(ev.description).toBe('<p>Hi <b>there</b><img src="x.png"></p>');

    const got = await t.app.inject({ url: `/api/eventservices/events/${ev.id}`, headers: bearer(hostA.accessToken) });
    expect(got.json().data.name).toBe('Tech Expo');

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/eventservices/events/${ev.id}`,
      headers: bearer(hostA.accessToken),
      payload: { name: 'Tech Expo 2027', loginIdentifier: 2 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ name: 'Tech Expo 2027', loginIdentifier: 2, venue: 'Hall 1' });
  });

  it.each([
    [{ endDate: '2027-02-28' }, 'endDate', 'notEquivalent'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'invalidTimeZone'],
    [{ eventMode: 4 }, 'eventMode', 'invalid_union'],
    [{ name: '   ' }, 'name', 'too_small'],
    [{ startDate: '01/03/2027' }, 'startDate', 'invalid_format'],
    [{ organisationId: 'steal' }, 'organisationId', 'unknownField'],
    [{ description: '<p class="big">Hi</p>' }, 'description', 'htmlClassNotAllowed'],
    [{ description: '<p>Dear {{firstName}}</p>' }, 'description', 'doubleCurlyVariableNotAllowed'],
  ])('refuses %o with a field key', async (patch, field, key) => {
    const res = await create(hostA.accessToken, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, key });
  });

  it('refuses a missing name and an end date before the start on edit', async () => {
    const { name: _n, ...noName } = valid;
    const res = await create(hostA.accessToken, noName);
    expect(res.json().errors).toContainEqual({ field: 'name', key: 'required' });
    const ev = (await create(hostA.accessToken, valid)).json().data;
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/eventservices/events/${ev.id}`,
      headers: bearer(hostA.accessToken),
      payload: { endDate: '2027-02-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'endDate', key: 'notEquivalent' });
  });

  it('keeps each organisation to its own events (no IDOR)', async () => {
    const ev = (await create(hostA.accessToken, { ...valid, name: 'Private A' })).json().data;
    const read = await t.app.inject({ url: `/api/eventservices/events/${ev.id}`, headers: bearer(hostB.accessToken) });
    expect(read.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/eventservices/events/${ev.id}`,
      headers: bearer(hostB.accessToken),
      payload: { name: 'Hijacked' },
    });
    expect(write.statusCode).toBe(404);
    const listB = await t.app.inject({ url: '/api/eventservices/events?pageSize=100', headers: bearer(hostB.accessToken) });
    expect(listB.json().data.items.map((e: { name: string }) => e.name)).not.toContain('Private A');
    const still = await t.app.inject({ url: `/api/eventservices/events/${ev.id}`, headers: bearer(hostA.accessToken) });
    expect(still.json().data.name).toBe('Private A');
  });

  it('lists with search, filters and the pager', async () => {
    const host = await signupOrganiser(t.app);
    for (let i = 1; i <= 12; i++) {
      await create(host.accessToken, { ...valid, name: `Summit ${String(i).padStart(2, '0')}`, eventMode: i % 2 ? 1 : 2 });
    }
    await create(host.accessToken, { ...valid, name: 'Old Fair', startDate: '2020-01-01', endDate: '2020-01-02' });
    const page1 = (await t.app.inject({ url: '/api/eventservices/events', headers: bearer(host.accessToken) })).json().data;
    expect(page1).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(page1.items).toHaveLength(10);
    const page2 = (await t.app.inject({ url: '/api/eventservices/events?page=2', headers: bearer(host.accessToken) })).json().data;
    expect(page2.items).toHaveLength(3);
    const search = (await t.app.inject({ url: '/api/eventservices/events?search=summit%2011', headers: bearer(host.accessToken) })).json().data;
    expect(search.items.map((e: { name: string }) => e.name)).toEqual(['Summit 11']);
    const virtual = (await t.app.inject({ url: '/api/eventservices/events?eventMode=2&pageSize=50', headers: bearer(host.accessToken) })).json().data;
    expect(virtual.total).toBe(6);
    const past = (await t.app.inject({ url: '/api/eventservices/events?when=past', headers: bearer(host.accessToken) })).json().data;
    expect(past.items.map((e: { name: string }) => e.name)).toEqual(['Old Fair']);
    const wildcard = (await t.app.inject({ url: '/api/eventservices/events?search=%25', headers: bearer(host.accessToken) })).json().data;
    expect(wildcard.total).toBe(0);
    const bad = await t.app.inject({ url: '/api/eventservices/events?pageSize=1000', headers: bearer(host.accessToken) });
    expect(bad.statusCode).toBe(400);
  });

  it('needs an organiser: anonymous 401, attendee 403', async () => {
    expect((await t.app.inject('/api/eventservices/events')).statusCode).toBe(401);
    const attendee = await t.ctx.auth.createUser({ email: 'att@example.com', password: 'Att#Secure2026', firstName: 'At', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
    const rec = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: attendee.email, password: 'Att#Secure2026' } })).json().data;
    const res = await t.app.inject({ url: '/api/eventservices/events', headers: bearer(rec.accessToken) });
    expect(res.statusCode).toBe(403);
  });
});

describe('event login (ei/{eventId}) and the user-access token', () => {
  it('shows the public event, logs a participant in with eventData, and accepts the access header', async () => {
    const ev = (await create(hostA.accessToken, { ...valid, name: 'Attendee Day' })).json().data;
    const pub = await t.app.inject(`/api/eventservices/public/events/${ev.id}`);
    expect(pub.json().data).toEqual({
      id: ev.id,
      name: 'Attendee Day',
      startDate: '2027-03-01',
      endDate: '2027-03-03',
      timeZone: 'Asia/Kolkata',
      venue: 'Hall 1',
      eventMode: 3,
      loginIdentifier: 4,
    });
    expect((await t.app.inject('/api/eventservices/public/events/unknown-id')).statusCode).toBe(404);

    const user = await t.ctx.auth.createUser({ email: 'guest@example.com', password: 'Guest#Secure26', firstName: 'Gu', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
    const outsider = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'guest@example.com', password: 'Guest#Secure26', eventId: ev.id } });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('NOT_IN_EVENT');

    const organisationId = (await t.app.inject({ url: '/api/auth/me', headers: bearer(hostA.accessToken) })).json().data;
    expect(organisationId.role).toBe('Host');
    await t.ctx.events.addParticipant((await t.ctx.tokens.verifyAccess(hostA.accessToken))!.organisationId!, ev.id, user.id, UserType.Attendee);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'guest@example.com', password: 'Guest#Secure26', eventId: ev.id } });
    expect(res.statusCode).toBe(200);
    const rec = res.json().data;
    expect(rec.eventData).toMatchObject({ eventId: ev.id, eventUserId: expect.any(String), accessCodeToken: expect.any(String) });

    const withHeader = await t.app.inject({ url: '/api/auth/me', headers: { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken } });
    expect(withHeader.statusCode).toBe(200);
    const forged = await t.app.inject({ url: '/api/auth/me', headers: { ...bearer(hostA.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('INVALID_USER_ACCESS_TOKEN');
  });
});

describe('page views', () => {
  it('records an anonymous page view and validates it', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/analytics/api/page-views', payload: { path: '/list/events', visitorId: 'visitor-123456' } });
    expect(ok.statusCode).toBe(202);
    const bad = await t.app.inject({ method: 'POST', url: '/api/analytics/api/page-views', payload: { path: 'no-slash', visitorId: 'v' } });
    expect(bad.statusCode).toBe(400);
  });
});
