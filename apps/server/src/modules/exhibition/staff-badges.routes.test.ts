import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { eventWithAttendees, pairedDevice, scan } from '../checkin/checkin.fixtures.ts';
import { createTicket } from '../registration/registration.fixtures.ts';

/*
 * Issue 15: exhibitor staff badges. A staff member's badge is a complimentary registration on the event's staff
 * badge ticket (THE credential: the gate admits it), within the company's staff badge quota; a revoke cancels it (the
 * gate refuses it). The organiser and the company's admin issue; nobody else.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let token: string;
let H: Record<string, string>;
let rival: Record<string, string>;
let eventId: string;
let freeTicket: string;
let paidTicket: string;
let areaId: string;
let acme: string;
let device: string;

const ex = (path: string) => `/api/eventservices/events/${eventId}/exhibition${path}`;
const mine = (path = '') => `/api/eventservices/events/${eventId}/my-stand${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const list = async (headers = H) => (await call('GET', ex(`/companies/${acme}/staff-badges`), headers)).json().data;
const staffId = async (email: string) => ((await list()).staff as { id: string; email: string }[]).find((s) => s.email === email)!.id;
const credentialOf = async (registrationId: string) => (await call('GET', `/api/eventservices/events/${eventId}/registrations/${registrationId}/credential`, H)).json().data.token as string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test' });
  const a = await signupOrganiser(t.app, { organisationName: 'Badges Org' });
  token = a.accessToken;
  H = bearer(token);
  rival = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Badges Org' })).accessToken);
  const ev = await eventWithAttendees(t.app, token, 0);
  eventId = ev.eventId;
  freeTicket = ev.ticketId;
  areaId = ev.areaId;
  paidTicket = (await createTicket(t.app, token, eventId, { name: 'Delegate', isFree: false, price: 5000 })).id;
  device = (await pairedDevice(t.app, token, eventId, [areaId])).token;

  const c = await call('POST', ex('/companies'), H, { name: 'Acme Tools', contactEmail: 'hello@acme.example' });
  acme = c.json().data.id;
  const b = await call('POST', ex('/booths'), H, { hall: 'Hall 1', number: 'A1', sizeSqm: 9, stallType: 'shell', price: 100, x: 0, y: 0, w: 2, h: 2 });
  expect((await call('PUT', ex(`/booths/${b.json().data.id}/holder`), H, { companyId: acme })).statusCode).toBe(200);
  // 9 m² earns 2 staff badges.
  expect((await call('PUT', ex('/staff-quota'), H, { bands: [{ upToSqm: 9, staff: 2 }, { upToSqm: null, staff: 4 }] })).statusCode).toBe(200);
  const staff = await call('PUT', ex(`/companies/${acme}/staff`), H, { emails: ['ravi@acme.example', 'mia@acme.example'] });
  expect(staff.statusCode, staff.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('staff badges', () => {
  it('needs the staff badge ticket first, and takes only a free ticket of the event', async () => {
    const before = await call('POST', ex(`/companies/${acme}/staff-badges/${await staffId('ravi@acme.example')}`), H, { firstName: 'Ravi', lastName: 'Rao' });
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('EXHIBITION_STAFF_BADGE_TICKET_NOT_SET');
    expect((await list()).isTicketChosen).toBe(false);

    const paid = await call('PUT', ex('/staff-badges/settings'), H, { ticketId: paidTicket, categoryId: null });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors).toEqual([{ field: 'ticketId', key: 'ticketNotFree' }]);
    const unknown = await call('PUT', ex('/staff-badges/settings'), H, { ticketId: 'nope', categoryId: 'nope' });
    expect(unknown.json().errors).toEqual([
      { field: 'ticketId', key: 'unknownTicket' },
      { field: 'categoryId', key: 'unknownCategory' },
    ]);
    expect((await call('GET', ex('/staff-badges/settings'), H)).json().data.ticketId).toBeNull();
    expect((await call('PUT', ex('/staff-badges/settings'), rival, { ticketId: freeTicket, categoryId: null })).statusCode).toBe(404);

    const ok = await call('PUT', ex('/staff-badges/settings'), H, { ticketId: freeTicket, categoryId: null });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ ticketId: freeTicket, categoryId: null });
    expect(ok.json().data.tickets).toEqual(expect.arrayContaining([expect.objectContaining({ id: paidTicket, isFree: false }), expect.objectContaining({ id: freeTicket, isFree: true })]));
  });

  it('issues THE credential: a registration under the staff member’s email that the gate admits; once', async () => {
    const ravi = await staffId('ravi@acme.example');
    const blank = await call('POST', ex(`/companies/${acme}/staff-badges/${ravi}`), H, { firstName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ field: 'firstName' });

    const res = await call('POST', ex(`/companies/${acme}/staff-badges/${ravi}`), H, { firstName: 'Ravi', lastName: 'Rao' });
    expect(res.statusCode, res.body).toBe(201);
    const badge = res.json().data.badge;
    expect(badge).toMatchObject({ state: 'active' });
    expect(badge.registrationNo).toMatch(/\S/);

    const reg = await call('GET', `/api/eventservices/events/${eventId}/registrations/${badge.registrationId}`, H);
    expect(reg.json().data).toMatchObject({ firstName: 'Ravi', lastName: 'Rao', email: 'ravi@acme.example', approvalStatus: 'approved' });
    const admitted = await scan(t.app, device, { credential: await credentialOf(badge.registrationId), areaId });
    expect(admitted.json().data.result).toBe('admitted');

    const again = await call('POST', ex(`/companies/${acme}/staff-badges/${ravi}`), H, { firstName: 'Ravi' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EXHIBITION_BADGE_ISSUED');
    expect(await list()).toMatchObject({ quota: 2, issued: 1, isTicketChosen: true });
  });

  it('counts badges against the quota, one issuer at a time', async () => {
    // The booths now earn 1 badge: Ravi holds it, so Mia's is refused and nothing is registered.
    expect((await call('PUT', ex('/staff-quota'), H, { bands: [{ upToSqm: null, staff: 1 }] })).statusCode).toBe(200);
    const mia = await staffId('mia@acme.example');
    const over = await call('POST', ex(`/companies/${acme}/staff-badges/${mia}`), H, { firstName: 'Mia' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('EXHIBITION_STAFF_QUOTA_EXCEEDED');
    const regs = await call('GET', `/api/eventservices/events/${eventId}/registrations?search=mia%40acme.example`, H);
    expect(regs.json().data.total).toBe(0);

    // Two issues of the same badge at once: one registration.
    expect((await call('PUT', ex('/staff-quota'), H, { bands: [{ upToSqm: null, staff: 2 }] })).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      call('POST', ex(`/companies/${acme}/staff-badges/${mia}`), H, { firstName: 'Mia', lastName: 'Moss' }),
      call('POST', ex(`/companies/${acme}/staff-badges/${mia}`), H, { firstName: 'Mia', lastName: 'Moss' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(['EXHIBITION_BADGE_ISSUED', 'EXHIBITION_BADGE_IN_PROGRESS']).toContain((a.statusCode === 409 ? a : b).json().code);
    const after = await call('GET', `/api/eventservices/events/${eventId}/registrations?search=mia%40acme.example`, H);
    expect(after.json().data.total).toBe(1);
  });

  it('keeps badge holders on the staff list until revoked; a revoked badge no longer scans', async () => {
    const kept = await call('PUT', ex(`/companies/${acme}/staff`), H, { emails: ['mia@acme.example'] });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ code: 'EXHIBITION_STAFF_HAS_BADGE' });
    expect(kept.json().message).toContain('ravi@acme.example');

    const ravi = await staffId('ravi@acme.example');
    const { registrationId } = ((await list()).staff as { id: string; badge: { registrationId: string } }[]).find((s) => s.id === ravi)!.badge;
    const revoked = await call('DELETE', ex(`/companies/${acme}/staff-badges/${ravi}`), H);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.badge).toBeNull();
    const refused = await scan(t.app, device, { credential: await credentialOf(registrationId), areaId, direction: 'in' });
    expect(refused.json().data.accepted).toBe(false);
    expect((await call('DELETE', ex(`/companies/${acme}/staff-badges/${ravi}`), H)).json().code).toBe('EXHIBITION_BADGE_NOT_ISSUED');
    // The name given stays for the next issue; Ravi may now leave the list.
    expect(((await list()).staff as { email: string; firstName: string }[]).find((s) => s.email === 'ravi@acme.example')!.firstName).toBe('Ravi');
    expect((await call('PUT', ex(`/companies/${acme}/staff`), H, { emails: ['mia@acme.example'] })).statusCode).toBe(200);
    expect(await list()).toMatchObject({ issued: 1, staff: [{ email: 'mia@acme.example', badge: { state: 'active' } }] });
  });

  it('lets the company admin issue on My stand; anyone else is refused, another organisation sees nothing', async () => {
    expect((await call('GET', ex(`/companies/${acme}/staff-badges`), rival)).statusCode).toBe(404);
    expect((await call('GET', mine('/staff-badges'), H)).statusCode).toBe(403);

    const before = smtp.messages.length;
    const inv = await call('POST', ex(`/companies/${acme}/admin-invitation`), H, { email: 'boss@acme.example', firstName: 'Bo' });
    expect(inv.statusCode, inv.body).toBe(201);
    await smtp.waitFor(before + 1);
    const flat = smtp.messages.slice(before).find((m) => m.to.includes('boss@acme.example'))!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const key = new RegExp(`/adl/([A-Za-z0-9_-]+)/${eventId}`).exec(flat)![1]!;
    const consumed = (await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } })).json().data;
    const admin = { ...bearer(consumed.accessToken), 'x-user-access-token': consumed.eventData.accessCodeToken };

    expect((await call('PUT', ex(`/companies/${acme}/staff`), H, { emails: ['mia@acme.example', 'lee@acme.example'] })).statusCode).toBe(200);
    const mineList = await call('GET', mine('/staff-badges'), admin);
    expect(mineList.statusCode, mineList.body).toBe(200);
    expect(mineList.json().data).toMatchObject({ company: { id: acme, name: 'Acme Tools' }, quota: 2, issued: 1 });
    const lee = (mineList.json().data.staff as { id: string; email: string }[]).find((s) => s.email === 'lee@acme.example')!.id;
    const issued = await call('POST', mine(`/staff-badges/${lee}`), admin, { firstName: 'Lee', lastName: 'Ng' });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().data.badge.state).toBe('active');
  });
});
