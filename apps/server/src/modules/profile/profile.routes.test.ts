import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { createRegistrationPort } from '../registration/index.ts';
import { createProfileModule } from './index.ts';

let t: TestApp;
let eventA: string;
let eventB: string;
let mineA: string;
let mineB: string;
let othersA: string;
let me: Record<string, string>;
let someoneElse: Record<string, string>;

async function registerIn(eventId: string, token: string, email: string, firstName: string): Promise<string> {
  const ticket = await createTicket(t.app, token, eventId, { name: 'Visitor', isFree: true, price: 0 });
  const body = orderBody(ticket.id);
  body.attendees[0] = { ...body.attendees[0]!, firstName, lastName: 'Tester', email };
  const res = await placeOrder(t.app, eventId, body);
  expect(res.statusCode).toBe(201);
  return res.json().data.order.attendees[0].id as string;
}

async function login(email: string, ip: string): Promise<Record<string, string>> {
  await t.ctx.auth.createUser({ organisationId: null, email, password: 'Att#Secure2026', firstName: 'A', userType: UserType.Attendee, role: 'Attendee' });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { identifier: email, password: 'Att#Secure2026' } });
  return bearer(res.json().data.accessToken);
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test' });
  const token = (await signupOrganiser(t.app, { organisationName: 'Profile Org' })).accessToken;
  eventA = await createEvent(t.app, token, 'Event A');
  eventB = await createEvent(t.app, token, 'Event B');
  mineA = await registerIn(eventA, token, 'Mia.Profile@example.com', 'Mia');
  mineB = await registerIn(eventB, token, 'mia.profile@example.com', 'Mia');
  othersA = await registerIn(eventA, token, 'otto@example.com', 'Otto');
  me = await login('mia.profile@example.com', '10.88.0.1');
  someoneElse = await login('otto@example.com', '10.88.0.2');
});
afterAll(async () => {
  await t?.close();
});

const url = (registrationId: string) => `/api/eventservices/me/registrations/${registrationId}/profile`;
const valid = { jobTitle: 'Engineer', company: 'Acme', interests: ['AI', 'Robotics'], isInDirectory: true, isProfilePublic: false };
const save = (registrationId: string, payload: unknown, headers = me) => t.app.inject({ method: 'PUT', url: url(registrationId), headers, payload: payload as Record<string, unknown> });

describe('my profile', () => {
  it('lists one private profile per registration of mine, made on first read, with a share pair', async () => {
    const res = await t.app.inject({ url: '/api/eventservices/me/profiles', headers: me });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { registrationId: string; eventId: string; pair: string; isInDirectory: boolean; isProfilePublic: boolean; jobTitle: string }[];
    expect(list.map((p) => p.registrationId).sort()).toEqual([mineA, mineB].sort());
    for (const p of list) {
      expect(p).toMatchObject({ isInDirectory: false, isProfilePublic: false, jobTitle: '' });
      // The pair is the event and a share id of its own, never the registration id (the e-badge's capability).
      expect(p.pair.startsWith(`${p.eventId}-`)).toBe(true);
      expect(p.pair).not.toContain(p.registrationId);
    }
    expect((await t.app.inject({ url: '/api/eventservices/me/profiles' })).statusCode).toBe(401);
  });

  it('saves my profile on one registration only (event A, not B)', async () => {
    const res = await save(mineA, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ registrationId: mineA, eventId: eventA, ...valid });
    const list = (await t.app.inject({ url: '/api/eventservices/me/profiles', headers: me })).json().data as { registrationId: string; jobTitle: string }[];
    expect(list.find((p) => p.registrationId === mineB)!.jobTitle).toBe('');
  });

  it("refuses someone else's registration and unknown ids with the same 404, changing nothing", async () => {
    const before = (await t.app.inject({ url: '/api/eventservices/me/profiles', headers: someoneElse })).json().data[0];
    const res = await save(othersA, { ...valid, jobTitle: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROFILE_NOT_FOUND');
    expect((await save('unknown-registration', valid)).json().code).toBe('PROFILE_NOT_FOUND');
    const after = (await t.app.inject({ url: '/api/eventservices/me/profiles', headers: someoneElse })).json().data[0];
    expect(after).toEqual(before);
    expect(after.jobTitle).toBe('');
  });

  it('validates with field keys', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...valid, jobTitle: 'x'.repeat(101) }, 'jobTitle', 'too_big'],
      [{ ...valid, interests: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'interests', 'too_big'],
      [{ ...valid, interests: ['AI', 'ai'] }, 'interests', 'duplicateInterest'],
      [{ ...valid, interests: ['a,b'] }, 'interests.0', 'invalidCharacters'],
      [{ ...valid, interests: ['x'.repeat(41)] }, 'interests.0', 'too_big'],
      [{ ...valid, company: 'line\nbreak' }, 'company', 'invalidCharacters'],
      [{ ...valid, interests: ['  '] }, 'interests.0', 'too_small'],
      [{ ...valid, isInDirectory: 'yes' }, 'isInDirectory', 'invalid_type'],
      [{ ...valid, registrationId: mineB }, 'registrationId', 'unknownField'],
    ];
    for (const [payload, field, key] of cases) {
      const res = await save(mineA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, field).toContainEqual({ field, key });
    }
    const missing = await save(mineA, { jobTitle: 'x' });
    expect(missing.statusCode).toBe(400);
    expect((await save(mineA, { ...valid, company: '<script>alert(1)</script>' })).json().code).toBe(1001);
    // Nothing of the refused writes landed.
    const kept = (await t.app.inject({ url: '/api/eventservices/me/profiles', headers: me })).json().data.find((p: { registrationId: string }) => p.registrationId === mineA);
    expect(kept).toMatchObject(valid);
  });
});

describe('the profile port', () => {
  it('lists in the directory only those who chose it, in their event only', async () => {
    const port = createProfileModule(t.ctx.database.db, { registrations: createRegistrationPort(t.ctx.database.db), findEvent: (id) => t.ctx.events.findOwner(id), userEmail: async () => '', photoUrlOf: () => null }).port;
    expect((await port.directory(eventA)).map((p) => p.firstName)).toEqual(['Mia']);
    expect(await port.directory(eventB)).toEqual([]);
    const [mine] = (await t.app.inject({ url: '/api/eventservices/me/profiles', headers: me })).json().data.filter((p: { registrationId: string }) => p.registrationId === mineA);
    // Private on pl/: the port gives who it is (for the invitation's first name) but no card.
    expect(await port.shared(mine.pair)).toMatchObject({ firstName: 'Mia', card: null });
    // A pair naming event B with A's share id finds nothing.
    expect(await port.shared(mine.pair.replace(eventA, eventB))).toBeNull();
  });
});
