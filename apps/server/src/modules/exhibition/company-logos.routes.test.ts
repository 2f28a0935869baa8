import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@pavilion/domain/validation/logo-images';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture, type CapturedMail } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { companyAdminOf, participantOf } from './stand.fixtures.ts';

/*
 * Issue 15: a company's logo (the sponsors' logo rules, shared) set, replaced and removed by the organiser (AP-484)
 * and by the company's admin on My stand, served by an unguessable id and shown wherever attendees see companies;
 * and the stand-team mail to people added to a staff list (once; nobody else).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let rival: Record<string, string>;
let viewer: Record<string, string>;
let orgA: string;
let eventId: string;
let eventB: string;
let acme: string;
let beta: string;
let adminAcme: Record<string, string>;
let staffAcme: Record<string, string>;
let stranger: Record<string, string>;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const mine = (ev: string, path = '') => `/api/eventservices/events/${ev}/my-stand${path}`;
const pub = (ev: string, path = '') => `/api/eventservices/public/events/${ev}/exhibitors${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1ad7b0000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const logo = (fileName: string, bytes: Buffer) => ({ fileName, dataBase64: bytes.toString('base64') });
const uniqueEmail = (who: string) => `${who}-${newId().slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@stand.example`;
const flat = (m: CapturedMail) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

async function company(name: string, ev = eventId) {
  const res = await call('POST', ex(ev, '/companies'), H, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test' });
  const a = await signupOrganiser(t.app, { organisationName: 'Logo Org' });
  H = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  rival = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Logo Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Logo Expo');
  eventB = await createEvent(t.app, a.accessToken, 'Other Logo Expo');
  acme = await company('Acme Lamps');
  beta = await company('Beta Chairs');
  // A team member who may look at companies (AP-482) but not edit them (AP-484).
  const role = await call('POST', '/api/auth/roles', H, { name: 'Company viewer', codes: ['AP-482'] });
  expect(role.statusCode, role.body).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'logoviewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'logoviewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.78.0.1' });
  viewer = bearer(login.json().data.accessToken);
  adminAcme = await companyAdminOf(t, smtp, H, eventId, acme, 'admin@acmelogo.example');
  const staffEmail = uniqueEmail('staff');
  staffAcme = await participantOf(t, orgA, eventId, staffEmail);
  expect((await call('PUT', ex(eventId, `/companies/${acme}/staff`), H, { emails: [staffEmail] })).statusCode).toBe(200);
  stranger = await participantOf(t, orgA, eventId, uniqueEmail('visitor'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('company logos (organiser)', () => {
  it('sets, serves, replaces and removes a logo; attendees see it in the list and on the page', async () => {
    const set = await call('POST', ex(eventId, `/companies/${beta}/logo`), H, logo('beta.png', PNG));
    expect(set.statusCode, set.body).toBe(200);
    const first = set.json().data.logoUrl as string;
    expect(first).toMatch(/^\/api\/eventservices\/public\/company-logos\/[A-Za-z0-9_-]{16,}$/);
    const served = await t.app.inject({ url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const list = await call('GET', ex(eventId, '/companies'), H);
    expect(list.json().data.items.find((c: { id: string }) => c.id === beta).logoUrl).toBe(first);
    const attendee = await call('GET', pub(eventId), stranger);
    expect(attendee.statusCode, attendee.body).toBe(200);
    expect(attendee.json().data.items.find((c: { id: string }) => c.id === beta).logoUrl).toBe(first);
    expect((await call('GET', pub(eventId, `/${beta}`), stranger)).json().data.company.logoUrl).toBe(first);

    // A replacement is a new id; the old one is gone.
    const replaced = await call('POST', ex(eventId, `/companies/${beta}/logo`), H, logo('beta.jpg', JPEG));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json().data.logoUrl as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    const jpeg = await t.app.inject({ url: second });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');

    const removed = await call('DELETE', ex(eventId, `/companies/${beta}/logo`), H);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.logoUrl).toBeNull();
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
    expect((await call('GET', pub(eventId, `/${beta}`), stranger)).json().data.company.logoUrl).toBeNull();
  });

  it('refuses a wrong type, an SVG, mismatched bytes and a file too large by field and key, and keeps the logo', async () => {
    const before = (await call('POST', ex(eventId, `/companies/${beta}/logo`), H, logo('kept.png', PNG))).json().data.logoUrl as string;
    const cases: [string, Buffer, string, string][] = [
      ['logo.gif', Buffer.from('GIF89a0000000000'), 'fileName', 'fileTypeNotAllowed'],
      ['logo.svg', SVG, 'fileName', 'fileTypeNotAllowed'],
      ['logo.png', JPEG, 'dataBase64', 'fileContentMismatch'],
      ['logo.webp', Buffer.from('this is plain text, not an image'), 'dataBase64', 'fileContentMismatch'],
      ['big.png', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length + 1)]), 'dataBase64', 'fileTooLarge'],
      ['huge.png', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]), 'dataBase64', 'fileTooLarge'],
    ];
    for (const [name, bytes, field, key] of cases) {
      const res = await call('POST', ex(eventId, `/companies/${beta}/logo`), H, logo(name, bytes));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors, name).toEqual([{ field, key }]);
    }
    const wrongShape = await call('POST', ex(eventId, `/companies/${beta}/logo`), H, { fileName: 42, dataBase64: 'AAAA', extra: 1 });
    expect(wrongShape.statusCode).toBe(400);
    const company = (await call('GET', ex(eventId, '/companies'), H)).json().data.items.find((c: { id: string }) => c.id === beta);
    expect(company.logoUrl).toBe(before);
  });

  it('answers 404 for another organisation, another event and an unknown logo, 403 without AP-484, 401 signed out', async () => {
    expect((await call('POST', ex(eventId, `/companies/${acme}/logo`), rival, logo('x.png', PNG))).statusCode).toBe(404);
    expect((await call('DELETE', ex(eventId, `/companies/${acme}/logo`), rival)).statusCode).toBe(404);
    expect((await call('POST', ex(eventB, `/companies/${acme}/logo`), H, logo('x.png', PNG))).statusCode).toBe(404);
    expect((await call('POST', ex(eventId, `/companies/${acme}/logo`), viewer, logo('x.png', PNG))).statusCode).toBe(403);
    expect((await call('POST', ex(eventId, `/companies/${acme}/logo`), {}, logo('x.png', PNG))).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/eventservices/public/company-logos/${newId()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/eventservices/public/company-logos/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});

describe('company logos (My stand)', () => {
  it('lets the company admin set and remove the logo, and refuses staff and strangers', async () => {
    const set = await call('POST', mine(eventId, '/logo'), adminAcme, logo('acme.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)])));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ id: acme, name: 'Acme Lamps' });
    const url = set.json().data.logoUrl as string;
    expect((await t.app.inject({ url })).headers['content-type']).toBe('image/webp');
    expect((await call('GET', pub(eventId), stranger)).json().data.items.find((c: { id: string }) => c.id === acme).logoUrl).toBe(url);
    const svg = await call('POST', mine(eventId, '/logo'), adminAcme, logo('acme.svg', SVG));
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    for (const who of [staffAcme, stranger]) {
      const up = await call('POST', mine(eventId, '/logo'), who, logo('x.png', PNG));
      expect(up.statusCode).toBe(403);
      expect(up.json().code).toBe('EXHIBITION_NOT_COMPANY_ADMIN');
      expect((await call('DELETE', mine(eventId, '/logo'), who)).statusCode).toBe(403);
    }
    expect((await call('POST', mine(eventId, '/logo'), {}, logo('x.png', PNG))).statusCode).toBe(401);
    const removed = await call('DELETE', mine(eventId, '/logo'), adminAcme);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.logoUrl).toBeNull();
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});

describe('stand-team mail', () => {
  it('mails each person added to the list once, with a one-time link for a participant, and nobody removed', async () => {
    const known = uniqueEmail('known');
    await participantOf(t, orgA, eventId, known);
    const unknown = uniqueEmail('new');
    const dropped = uniqueEmail('dropped');
    expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: [known, unknown.toUpperCase(), dropped] })).statusCode).toBe(200);
    const toKnown = await smtp.waitForMail((m) => m.to.includes(known));
    expect(toKnown.text).toContain('You are on the stand team of Beta Chairs at Logo Expo');
    const key = new RegExp(`https://pavilion\\.test/adl/([A-Za-z0-9_-]+)/${eventId}`).exec(flat(toKnown))?.[1];
    expect(key, 'the mail carries a one-time sign-in link').toBeTruthy();
    const consumed = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
    expect(consumed.statusCode, consumed.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } })).statusCode).not.toBe(200);
    // No account yet: no link that signs anyone in, the event's sign-in page instead.
    const toUnknown = await smtp.waitForMail((m) => m.to.includes(unknown));
    expect(toUnknown.text).toContain('You are on the stand team of Beta Chairs at Logo Expo');
    expect(flat(toUnknown)).toContain(`https://pavilion.test/ei/${eventId}`);
    expect(flat(toUnknown)).not.toContain('/adl/');
    await smtp.waitForMail((m) => m.to.includes(dropped));

    // The same list again, then without one of them: nobody is mailed (the next added person's mail is the marker).
    expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: [known, unknown, dropped] })).statusCode).toBe(200);
    const marker = uniqueEmail('marker');
    expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: [known, unknown, marker] })).statusCode).toBe(200);
    await smtp.waitForMail((m) => m.to.includes(marker));
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(1);
    expect(mailsTo(dropped)).toHaveLength(1);
  });

  it('mails a person the company admin adds on My stand, and nobody when the save is refused', async () => {
    const added = uniqueEmail('colleague');
    const saved = await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: [...(await call('GET', mine(eventId, '/staff'), adminAcme)).json().data.emails, added] });
    expect(saved.statusCode, saved.body).toBe(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(added));
    expect(mail.text).toContain('You are on the stand team of Acme Lamps at Logo Expo');
    // Someone already on Beta's list: 409, and no mail.
    const taken = (await call('GET', ex(eventId, `/companies/${beta}/staff`), H)).json().data.emails[0] as string;
    const before = mailsTo(taken).length;
    expect((await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: [added, taken] })).statusCode).toBe(409);
    const marker = uniqueEmail('marker2');
    expect((await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: [added, marker] })).statusCode).toBe(200);
    await smtp.waitForMail((m) => m.to.includes(marker));
    expect(mailsTo(taken)).toHaveLength(before);
    expect(mailsTo(added)).toHaveLength(1);
  });
});
