import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function signIn(email: string) {
  await t.ctx.auth.createUser({ organisationId: null, email, password: HOST_PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee' });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: HOST_PASSWORD } });
  return bearer(res.json().data.accessToken);
}

describe('GET certificates/mine', () => {
  it('lists the valid certificates of registrations made with the account’s email, and nobody else’s', async () => {
    const host = await signupOrganiser(t.app, { organisationName: 'Mine Org' });
    const H = bearer(host.accessToken);
    const eventId = await createEvent(t.app, host.accessToken, 'Mine Expo');
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true });
    const body = orderBody(ticket.id, { quantity: 2 });
    body.attendees[0] = { ...body.attendees[0]!, email: 'Pat@Mine.example' };
    const regs = ((await placeOrder(t.app, eventId, body)).json().data.order.attendees as { id: string }[]).map((a) => a.id);
    const template = await t.app.inject({
      method: 'POST',
      url: `/api/eventservices/events/${eventId}/certificate-templates`,
      headers: H,
      payload: { name: 'Participation', title: 'Mine Expo 2027', conductedBy: 'Mine Org', html: '<p>[firstName]</p>' },
    });
    const issued = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/certificates/issue`, headers: H, payload: { templateId: template.json().data.id, registrationIds: regs } });
    expect(issued.statusCode).toBeLessThan(300);

    const pat = await signIn('pat@mine.example');
    const mine = await t.app.inject({ url: '/api/eventservices/certificates/mine', headers: pat });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([expect.objectContaining({ eventId, eventName: 'Mine Expo', title: 'Mine Expo 2027', id: expect.any(String), issuedAt: expect.any(String) })]);

    const stranger = await signIn('stranger@mine.example');
    expect((await t.app.inject({ url: '/api/eventservices/certificates/mine', headers: stranger })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/eventservices/certificates/mine' })).statusCode).toBe(401);

    // A revoked certificate is no longer listed.
    const id = mine.json().data[0].id as string;
    const revoked = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/certificates/${id}/revoke`, headers: H, payload: { reason: 'Issued by mistake' } });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/eventservices/certificates/mine', headers: pat })).json().data).toEqual([]);
  });
});
