import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, newKey, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let eventId: string;
let otherEventId: string;

const PUBLIC_URL = 'https://pavilion.example';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  host = await signupOrganiser(t.app, { organisationName: 'Links A' });
  other = await signupOrganiser(t.app, { organisationName: 'Links B' });
  eventId = await createEvent(t.app, host.accessToken, 'Links Expo');
  otherEventId = await createEvent(t.app, other.accessToken, 'Other Expo');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A confirmed registration on a free ticket, placed through the public checkout as a visitor would. */
async function register(token: string, evId: string, attendee: Record<string, string> = {}) {
  const ticket = await createTicket(t.app, token, evId, { isFree: true });
  const body = orderBody(ticket.id);
  body.attendees = [{ ...body.attendees[0]!, ...attendee }];
  const placed = await placeOrder(t.app, evId, body, newKey());
  expect(placed.statusCode).toBe(201);
  const list = await t.app.inject({ method: 'GET', url: `/api/eventservices/events/${evId}/registrations?pageSize=100`, headers: bearer(token) });
  const reg = (list.json().data.items as Array<{ id: string; email: string }>).find((r) => r.email === body.attendees[0]!.email);
  return reg!;
}

const createLink = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/autologin/registration', headers: bearer(token), payload });
const mailLink = (token: string, key: string) => t.app.inject({ method: 'POST', url: '/api/auth/autologin/mail', headers: bearer(token), payload: { key } });
const consume = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload });

describe('a registration’s login link', () => {
  it('signs the registrant in to the event through a new participant account, once', async () => {
    const reg = await register(host.accessToken, eventId);
    const res = await createLink(host.accessToken, { eventId, registrationId: reg.id });
    expect(res.statusCode).toBe(201);
    const link = res.json().data;
    expect(link.path).toBe(`/adl/${link.key}/${eventId}`);
    expect(link.url).toBe(`${PUBLIC_URL}${link.path}`);
    expect(link.email).toBe(reg.email);

    const used = await consume({ kind: 'adl', key: link.key, eventId });
    expect(used.statusCode).toBe(200);
    const record = used.json().data;
    expect(record.userData.email).toBe(reg.email);
    expect(record.userData.userType).toBe(UserType.Attendee);
    expect(record.eventData.eventId).toBe(eventId);
    expect(record.redirectTo).toBe('/attendium');
    // The new account sees the registration's e-badge (matched by its email).
    const mine = await t.app.inject({ method: 'GET', url: '/api/eventservices/ebadges/mine', headers: bearer(record.accessToken) });
    expect(mine.json().data.map((b: { eventUserId: string }) => b.eventUserId)).toContain(reg.id);

    expect((await consume({ kind: 'adl', key: link.key, eventId })).statusCode).toBe(410);
    // A second link reuses the same account.
    const again = (await createLink(host.accessToken, { eventId, registrationId: reg.id })).json().data;
    expect((await consume({ kind: 'adl', key: again.key, eventId })).json().data.userData.id).toBe(record.userData.id);
  });

  it('mails the same link to the registrant with PUBLIC_URL, and refuses it once used', async () => {
    const reg = await register(host.accessToken, eventId);
    const link = (await createLink(host.accessToken, { eventId, registrationId: reg.id })).json().data;
    const sent = await mailLink(host.accessToken, link.key);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.sentTo).toBe(reg.email);
    // The checkout's confirmation mail may arrive before or after this one.
    const mail = await smtp.waitForMail((m) => m.text.includes(link.key));
    expect(mail.to).toEqual([reg.email]);
    expect(mail.text).toContain('https://pavilion.example/adl/');

    expect((await consume({ kind: 'adl', key: link.key, eventId })).statusCode).toBe(200);
    const late = await mailLink(host.accessToken, link.key);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('LINK_EXPIRED');
  });

  it('is scoped to the organisation: another organisation’s registration and link answer 404', async () => {
    const theirs = await register(other.accessToken, otherEventId);
    expect((await createLink(host.accessToken, { eventId: otherEventId, registrationId: theirs.id })).statusCode).toBe(404);
    // Their registration id under our own event is not found either.
    expect((await createLink(host.accessToken, { eventId, registrationId: theirs.id })).statusCode).toBe(404);
    const ours = await register(host.accessToken, eventId);
    const link = (await createLink(host.accessToken, { eventId, registrationId: ours.id })).json().data;
    const stolen = await mailLink(other.accessToken, link.key);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().status).toBe('ERROR');
    expect((await mailLink(host.accessToken, 'x'.repeat(43))).statusCode).toBe(404);
  });

  it('refuses bad input with 400, anonymous callers with 401 and participants with 403', async () => {
    const missing = await createLink(host.accessToken, { eventId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect((await createLink(host.accessToken, { eventId, registrationId: 'r', isAdmin: true })).statusCode).toBe(400);
    expect((await createLink(host.accessToken, { eventId, registrationId: 42 })).statusCode).toBe(400);
    expect((await createLink(host.accessToken, { eventId, registrationId: 'x'.repeat(65) })).statusCode).toBe(400);
    const hostile = await createLink(host.accessToken, { eventId, registrationId: '<script>alert(1)</script>' });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().code).toBe(1001);
    expect((await mailLink(host.accessToken, 'short')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/autologin/registration', payload: { eventId, registrationId: 'r' } })).statusCode).toBe(401);
    await t.ctx.auth.createUser({ organisationId: null, email: 'visitor@links.example', password: HOST_PASSWORD, firstName: 'Vi', userType: UserType.Attendee, role: 'Attendee' });
    const visitor = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'visitor@links.example', password: HOST_PASSWORD } });
    expect((await createLink(visitor.json().data.accessToken, { eventId, registrationId: 'r' })).statusCode).toBe(403);
  });

  it('never signs in as a team account: a registration with a colleague’s email, or a colleague’s user id, is refused', async () => {
    const orgA = (await t.ctx.tokens.verifyAccess(host.accessToken))!.organisationId!;
    const colleague = await t.ctx.auth.createUser({ organisationId: orgA, email: 'colleague@links.example', password: HOST_PASSWORD, firstName: 'Co', userType: 0, role: 'Administrator' });
    const reg = await register(host.accessToken, eventId, { email: 'colleague@links.example' });
    const res = await createLink(host.accessToken, { eventId, registrationId: reg.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'ERROR', code: 'LOGIN_LINK_TEAM_ACCOUNT' });
    const direct = await t.app.inject({ method: 'POST', url: '/api/auth/autologin', headers: bearer(host.accessToken), payload: { kind: 'adl', userId: colleague.id, eventId } });
    expect(direct.statusCode).toBe(409);
    // Another organisation's organiser taking part in this event is no exception.
    const otherUser = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other.accessToken) })).json().data;
    await t.ctx.events.addParticipant(orgA, eventId, otherUser.id, UserType.Attendee);
    const cross = await t.app.inject({ method: 'POST', url: '/api/auth/autologin', headers: bearer(host.accessToken), payload: { kind: 'adl', userId: otherUser.id, eventId } });
    expect(cross.statusCode).toBe(409);
  });
});

describe('item-level scope', () => {
  it('a member limited to one event cannot make or mail links for another event of the organisation (404)', async () => {
    const H = bearer(host.accessToken);
    const hidden = await createEvent(t.app, host.accessToken, 'Hidden Expo');
    const before = smtp.messages.length;
    const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: H, payload: { name: 'Registration desk', codes: ['AP-94', 'AP-96'] } });
    expect(role.statusCode).toBe(201);
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/auth/team/invitations',
      headers: H,
      payload: { email: 'scoped@links.example', firstName: 'Scoped', accessLevel: 2, roleId: role.json().data.id, itemAccess: [{ itemType: 'event', itemId: eventId }] },
    });
    expect(inv.statusCode).toBe(201);
    const invitation = () => smtp.messages.slice(before).find((m) => m.to.includes('scoped@links.example'));
    await expect.poll(invitation, { timeout: 5000 }).toBeTruthy();
    const token = /\/er\/([A-Za-z0-9_-]{40,})\?invite=1/.exec(invitation()!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1];
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Member#Pass2026', confirmPassword: 'Member#Pass2026' } });
    const member = accepted.json().data.accessToken as string;

    const inScope = await register(host.accessToken, eventId);
    expect((await createLink(member, { eventId, registrationId: inScope.id })).statusCode).toBe(201);
    const outOfScope = await register(host.accessToken, hidden);
    expect((await createLink(member, { eventId: hidden, registrationId: outOfScope.id })).statusCode).toBe(404);
    const hostLink = (await createLink(host.accessToken, { eventId: hidden, registrationId: outOfScope.id })).json().data;
    expect((await mailLink(member, hostLink.key)).statusCode).toBe(404);
    const userId = (await consume({ kind: 'adl', key: hostLink.key, eventId: hidden })).json().data.userData.id;
    const direct = await t.app.inject({ method: 'POST', url: '/api/auth/autologin', headers: bearer(member), payload: { kind: 'adl', userId, eventId: hidden } });
    expect(direct.statusCode).toBe(404);
  });
});

describe('ebf/lgn exhibitor form links', () => {
  it('an unknown booth or form is refused with UNKNOWN_BOOTH_OR_FORM and a message, before the key is looked at', async () => {
    const res = await consume({ kind: 'ebf', key: 'made-up-key-made-up-key-123', formId: 'form-1', boothId: 'booth-1', eventId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'ERROR', code: 'UNKNOWN_BOOTH_OR_FORM' });
    expect(res.json().message).toMatch(/booth or form that does not exist/);
    const noIds = await consume({ kind: 'ebf', key: 'made-up-key-made-up-key-123' });
    expect(noIds.json().code).toBe('UNKNOWN_BOOTH_OR_FORM');
  });

  it('cannot be created for a booth that does not exist', async () => {
    const reg = await register(host.accessToken, eventId);
    const userId = (await consume({ kind: 'adl', key: (await createLink(host.accessToken, { eventId, registrationId: reg.id })).json().data.key, eventId })).json().data.userData.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/autologin',
      headers: bearer(host.accessToken),
      payload: { kind: 'ebf', userId, eventId, formId: 'form-1', boothId: 'booth-1' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('UNKNOWN_BOOTH_OR_FORM');
  });
});
