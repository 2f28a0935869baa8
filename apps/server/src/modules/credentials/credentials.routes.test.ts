import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import { credentialMessage, formatCredential, parseCredential, verifyCredential } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
let H: Record<string, string>;
let other: Record<string, string>;
let eventId: string;
let otherEventId: string;
let regIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  H = bearer((await signupOrganiser(t.app, { organisationName: 'Cred Org' })).accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  eventId = await createEvent(t.app, H.authorization!.slice(7));
  otherEventId = await createEvent(t.app, H.authorization!.slice(7), 'Second Expo');
  const ticket = await createTicket(t.app, H.authorization!.slice(7), eventId, { isFree: true, price: 0 });
  const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 2 }));
  expect(res.statusCode).toBe(201);
  regIds = (res.json().data.order.attendees as { id: string }[]).map((a) => a.id);
});
afterAll(async () => {
  await t?.close();
});

const url = (regId: string, suffix = '', ev = eventId) => `/api/eventservices/events/${ev}/registrations/${regId}/credential${suffix}`;

describe('credentials', () => {
  it('issues one signed credential per registration, verifiable offline with the public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(regIds[0]!), headers: H });
    expect(res.statusCode).toBe(200);
    const cred = res.json().data;
    expect(cred).toMatchObject({ registrationId: regIds[0], eventId, version: 1, status: 'active' });
    expect(parseCredential(cred.token)).toMatchObject({ eventId, registrationId: regIds[0], version: 1 });
    const again = await t.app.inject({ method: 'GET', url: url(regIds[0]!), headers: H });
    expect(again.json().data.token).toBe(cred.token);

    const key = await t.app.inject({ method: 'GET', url: `/api/eventservices/public/events/${eventId}/credential-key` });
    expect(key.json().data.algorithm).toBe('Ed25519');
    expect(await verifyCredential(cred.token, eventId, key.json().data.publicKey)).toEqual({ ok: true, claims: { eventId, registrationId: regIds[0], version: 1 } });
    expect((await verifyCredential(cred.token, otherEventId, key.json().data.publicKey)).ok).toBe(false);
    const tampered = cred.token.replace(`:${regIds[0]}:`, `:${regIds[1]}:`);
    expect(await verifyCredential(tampered, eventId, key.json().data.publicKey)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyCredential('hello', eventId, key.json().data.publicKey)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('re-issue bumps the version and the old token resolves as revoked', async () => {
    const first = (await t.app.inject({ method: 'GET', url: url(regIds[1]!), headers: H })).json().data;
    const re = await t.app.inject({ method: 'POST', url: url(regIds[1]!, '/reissue'), headers: H });
    expect(re.statusCode).toBe(200);
    expect(re.json().data.version).toBe(2);
    const svc = t.ctx.credentials;
    expect((await svc.resolve(first.token, eventId)).status).toBe('revoked');
    expect((await svc.resolve(re.json().data.token, eventId)).status).toBe('valid');
    expect((await svc.resolve(re.json().data.token, otherEventId)).status).toBe('other_event');
    expect((await svc.resolve('PV1:x', eventId)).status).toBe('malformed');
  });

  it('revoke stops the current token until the next re-issue', async () => {
    const cur = (await t.app.inject({ method: 'GET', url: url(regIds[0]!), headers: H })).json().data;
    const res = await t.app.inject({ method: 'POST', url: url(regIds[0]!, '/revoke'), headers: H, payload: { reason: 'lost badge' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('revoked');
    expect((await t.ctx.credentials.resolve(cur.token, eventId)).status).toBe('revoked');
    const re = await t.app.inject({ method: 'POST', url: url(regIds[0]!, '/reissue'), headers: H });
    expect((await t.ctx.credentials.resolve(re.json().data.token, eventId)).status).toBe('valid');
  });

  it('refuses a forged signature made with another key, and an unknown registration', async () => {
    const pair = generateKeyPairSync('ed25519');
    const claims = { eventId, registrationId: regIds[0]!, version: 3 };
    const forged = formatCredential(claims, new Uint8Array(sign(null, Buffer.from(credentialMessage(claims)), pair.privateKey)));
    expect((await t.ctx.credentials.resolve(forged, eventId)).status).toBe('forged');
    const res = await t.app.inject({ method: 'GET', url: url('nope-nope-nope12'), headers: H });
    expect(res.statusCode).toBe(404);
  });

  it('replacing the attendee re-issues the credential', async () => {
    const before = (await t.app.inject({ method: 'GET', url: url(regIds[1]!), headers: H })).json().data;
    const rep = await t.app.inject({
      method: 'POST',
      url: `/api/eventservices/events/${eventId}/registrations/${regIds[1]}/replace`,
      headers: H,
      payload: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
    expect(rep.statusCode).toBe(200);
    expect((await t.ctx.credentials.resolve(before.token, eventId)).status).toBe('revoked');
  });

  it("another organisation cannot read or re-issue this event's credentials", async () => {
    for (const [method, suffix] of [['GET', ''], ['POST', '/reissue']] as const) {
      const res = await t.app.inject({ method, url: url(regIds[0]!, suffix), headers: other });
      expect(res.statusCode).toBe(404);
    }
    const wrongEvent = await t.app.inject({ method: 'GET', url: url(regIds[0]!, '', otherEventId), headers: H });
    expect(wrongEvent.statusCode).toBe(404);
  });
});
