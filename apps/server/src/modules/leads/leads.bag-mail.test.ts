import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { startSmtpCapture, type CapturedMail } from '../../test/smtp-capture.ts';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { leadBagMails } from './leads.tables.ts';

/*
 * Brief bag by mail (issue 18): an attendee ticks "Mail my bag to me after the event"; after the event's end (the end
 * of its last day, 2027-03-03 in Europe/Berlin, so 23:00 UTC) the job mails each opted-in participant with a
 * non-empty bag once, with a signed link that downloads the bag's ZIP without signing in. The app runs on a fake
 * clock; mail goes over SMTP to a local capture server.
 */
const PASSWORD = 'Guest#Secure26';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const TXT = Buffer.from('Price list\n1 pump: 100 EUR\n');
const ENDS_AT = Date.parse('2027-03-03T23:00:00Z');

let nowMs = Date.now();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let host: Record<string, string>;
let hostEmail: string;
let orgId: string;
let eventId: string;
type Person = { headers: Record<string, string>; eventUserId: string; email: string; userId: string };
let staff: Person;
let keen: Person;
let second: Person;
let undecided: Person;
let emptyBag: Person;
let changedMind: Person;
let late: Person;

const base = () => `/api/eventservices/events/${eventId}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function participant(email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`, firstName = 'Pat'): Promise<Person> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Person', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { headers: { ...bearer(access), 'x-user-access-token': eventAccess }, eventUserId: eu!.id, email, userId: user.id };
}

/** The person's tokens signed again at the clock's time (tokens are checked against the same fake clock). */
async function fresh(p: Person): Promise<Record<string, string>> {
  const access = await t.ctx.tokens.signAccess({ userId: p.userId, organisationId: null, sessionId: newId() });
  return { ...bearer(access), 'x-user-access-token': await t.ctx.tokens.signEventAccess({ userId: p.userId, eventId, eventUserId: p.eventUserId }) };
}

/** The organiser signed in at the clock's time. */
async function hostNow(): Promise<Record<string, string>> {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: hostEmail, password: HOST_PASSWORD }, remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.1` });
  expect(login.statusCode, login.body).toBe(200);
  return bearer(login.json().data.accessToken as string);
}

/** The mail's text with quoted-printable undone. */
const decoded = (m: CapturedMail) => m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const linkOf = (m: CapturedMail) => {
  const found = /http:\/\/pavilion\.test(\/api\/eventservices\/events\/[^/\s]+\/brief-bag\/mailed\.zip\?ticket=[A-Za-z0-9%_.~-]+)/.exec(decoded(m));
  expect(found, 'the mail carries the bag link').not.toBeNull();
  return found![1]!;
};
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', SMTP_URL: smtp.url }, { now: () => new Date(nowMs) });
  const a = await signupOrganiser(t.app, { organisationName: 'Bag Mail Org' });
  host = bearer(a.accessToken);
  hostEmail = a.userData.email;
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Bag Mail Expo');
  const companyA = (await call('POST', host, `${base()}/exhibition/companies`, { name: 'Acme Robotics' })).json().data.id as string;
  const companyB = (await call('POST', host, `${base()}/exhibition/companies`, { name: 'Beta Pumps' })).json().data.id as string;
  const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@example.com`;
  expect((await call('PUT', host, `${base()}/exhibition/companies/${companyA}/staff`, { emails: [staffEmail] })).statusCode).toBe(200);
  staff = await participant(staffEmail, 'Sam');
  // Being put on the stand team mails the staff member once (exhibition's stand-team mail): not a brief-bag mail, so
  // it is set aside before the counts below.
  await smtp.waitForMail((m) => m.to.includes(staffEmail));
  smtp.messages.splice(0);
  [keen, second, undecided, emptyBag, changedMind, late] = [await participant(undefined, 'Kim'), await participant(), await participant(), await participant(), await participant(), await participant()];

  const upload = async (title: string, fileName: string, bytes: Buffer) =>
    (await call('POST', staff.headers, `${base()}/booth/leads/documents`, { title, fileName, dataBase64: bytes.toString('base64') })).json().data.id as string;
  const catalogue = await upload('Catalogue', 'catalogue.pdf', PDF);
  // The organiser's document of another company joins the same bag.
  const sheet = await call('POST', host, `${base()}/exhibition/companies/${companyB}/documents`, { title: 'Pump sheet', fileName: 'sheet.txt', dataBase64: TXT.toString('base64') });
  expect(sheet.statusCode, sheet.body).toBe(201);
  for (const p of [keen, second, undecided, changedMind, late]) {
    for (const documentId of [catalogue, sheet.json().data.id as string]) expect((await call('POST', p.headers, `${base()}/brief-bag`, { documentId })).statusCode).toBe(201);
  }
  // A product's document is collected the same way, and goes in the mail and the ZIP under its product's name.
  const pump = (await call('POST', host, `${base()}/exhibition/companies/${companyB}/products`, { name: 'Pump X', price: null })).json().data.id as string;
  const manual = await call('POST', host, `${base()}/exhibition/companies/${companyB}/products/${pump}/documents`, { title: 'Pump manual', fileName: 'manual.pdf', dataBase64: PDF.toString('base64') });
  expect(manual.statusCode, manual.body).toBe(201);
  expect((await call('POST', keen.headers, `${base()}/brief-bag`, { documentId: manual.json().data.id })).statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('brief bag by mail', () => {
  it('stores the choice per participant, can be turned off, and refuses bad input and strangers', async () => {
    expect((await call('GET', keen.headers, `${base()}/brief-bag/mail`)).json().data).toEqual({ isOptedIn: false, sentAt: null });
    for (const p of [keen, second, emptyBag, changedMind]) {
      const on = await call('PUT', p.headers, `${base()}/brief-bag/mail`, { isOptedIn: true });
      expect([on.statusCode, on.json().data]).toEqual([200, { isOptedIn: true, sentAt: null }]);
    }
    expect((await call('GET', keen.headers, `${base()}/brief-bag/mail`)).json().data.isOptedIn).toBe(true);
    // Another participant's choice is their own.
    expect((await call('GET', undecided.headers, `${base()}/brief-bag/mail`)).json().data.isOptedIn).toBe(false);
    const off = await call('PUT', changedMind.headers, `${base()}/brief-bag/mail`, { isOptedIn: false });
    expect(off.json().data).toEqual({ isOptedIn: false, sentAt: null });

    expect((await call('PUT', keen.headers, `${base()}/brief-bag/mail`, { isOptedIn: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', keen.headers, `${base()}/brief-bag/mail`, {})).statusCode).toBe(400);
    expect((await call('PUT', keen.headers, `${base()}/brief-bag/mail`, { isOptedIn: true, email: 'elsewhere@example.com' })).statusCode).toBe(400);
    expect((await call('PUT', {}, `${base()}/brief-bag/mail`, { isOptedIn: true })).statusCode).toBe(401);
    // Signed in, but not through this event's ei/ access.
    expect((await call('PUT', { authorization: keen.headers.authorization! }, `${base()}/brief-bag/mail`, { isOptedIn: true })).statusCode).toBe(403);
  });

  it('sends nothing before the end, and the organiser may not send yet (409)', async () => {
    nowMs = ENDS_AT - 60_000;
    await t.ctx.leads.bagMail.drainNow();
    expect(await t.ctx.leads.bagMails.sweep()).toBe(0);
    const early = await call('POST', await hostNow(), `${base()}/brief-bags/send`);
    expect([early.statusCode, early.json().code]).toEqual([409, 'LEADS_EVENT_NOT_ENDED']);
    // Another organisation cannot send this event's bags.
    const rival = await signupOrganiser(t.app, { organisationName: 'Rival' });
    expect((await call('POST', bearer(rival.accessToken), `${base()}/brief-bags/send`)).statusCode).toBe(404);
    expect((await call('POST', await fresh(keen), `${base()}/brief-bags/send`)).statusCode).toBe(403);
    expect(smtp.messages).toHaveLength(0);
  });

  it('after the end mails each opted-in participant with documents once, with a link to the ZIP; a second sweep sends nothing', async () => {
    nowMs = ENDS_AT + 60_000;
    await t.ctx.leads.bagMail.drainNow();
    await smtp.waitFor(2);
    expect(mailsTo(keen.email)).toHaveLength(1);
    expect(mailsTo(second.email)).toHaveLength(1);
    expect(mailsTo(late.email)).toHaveLength(0);
    // Not opted in, turned off, or an empty bag: no mail.
    for (const p of [undecided, changedMind, emptyBag, staff]) expect(mailsTo(p.email)).toHaveLength(0);
    const text = decoded(mailsTo(keen.email)[0]!);
    expect(text).toContain('Subject: Your brief bag: Bag Mail Expo');
    expect(text).toContain('Hello Kim Person');
    for (const s of ['Acme Robotics', 'Catalogue (catalogue.pdf)', 'Beta Pumps', 'Pump sheet (sheet.txt)', 'Pump manual (Pump X, manual.pdf)', 'all 3 documents']) expect(text).toContain(s);
    expect(decoded(mailsTo(second.email)[0]!)).not.toContain('Pump manual');
    expect((await call('GET', await fresh(keen), `${base()}/brief-bag/mail`)).json().data.sentAt).toBe(new Date(nowMs).toISOString());

    // Again: the job and the organiser's button find nothing owed.
    await t.ctx.leads.bagMail.drainNow();
    const again = await call('POST', await hostNow(), `${base()}/brief-bags/send`);
    expect([again.statusCode, again.json().data]).toEqual([200, { sent: 0, empty: 0, failed: 0 }]);
    // Ticking the option again after the mail went does not send it twice.
    expect((await call('PUT', await fresh(keen), `${base()}/brief-bag/mail`, { isOptedIn: true })).json().data.sentAt).not.toBeNull();
    await t.ctx.leads.bagMail.drainNow();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(2);
  });

  it('a sender that crashed after the send holds its claim until the lease ends; then the mail goes once more, not again', async () => {
    // Late ticks the option after the end; a sender claims the row, sends and dies before the mark (played here by
    // leaving the lease it would have taken on the row).
    expect((await call('PUT', await fresh(late), `${base()}/brief-bag/mail`, { isOptedIn: true })).statusCode).toBe(200);
    await t.ctx.database.db.update(leadBagMails).set({ claimedUntil: new Date(nowMs + 10 * 60_000) }).where(eq(leadBagMails.eventUserId, late.eventUserId));
    await t.ctx.leads.bagMail.drainNow();
    expect(mailsTo(late.email)).toHaveLength(0);
    nowMs += 11 * 60_000;
    await t.ctx.leads.bagMail.drainNow();
    await smtp.waitFor(3);
    expect(mailsTo(late.email)).toHaveLength(1);
    await t.ctx.leads.bagMail.drainNow();
    expect(smtp.messages).toHaveLength(3);
  });

  it('the link downloads the same ZIP as the signed-in download, byte for byte; a tampered link 404, an expired one 410', async () => {
    const link = linkOf(mailsTo(keen.email)[0]!);
    const mailed = await t.app.inject({ method: 'GET', url: link });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(mailed.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Acme Robotics - catalogue.pdf', 'Beta Pumps - Pump X - manual.pdf', 'Beta Pumps - sheet.txt']);
    expect(Buffer.from(files['Acme Robotics - catalogue.pdf']!).equals(PDF)).toBe(true);
    expect(Buffer.from(files['Beta Pumps - Pump X - manual.pdf']!).equals(PDF)).toBe(true);
    expect(Buffer.from(files['Beta Pumps - sheet.txt']!).equals(TXT)).toBe(true);
    // Keen's own bag, not anyone else's: the same entries as their signed-in download.
    const own = unzipSync(new Uint8Array((await call('GET', await fresh(keen), `${base()}/brief-bag.zip`)).rawPayload));
    expect(Object.fromEntries(Object.entries(own).map(([k, v]) => [k, Buffer.from(v).toString('base64')]))).toEqual(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v).toString('base64')])));

    const ticket = decodeURIComponent(new URL(link, 'http://x').searchParams.get('ticket')!);
    const flipped = ticket.slice(0, 10) + (ticket[10] === 'A' ? 'B' : 'A') + ticket.slice(11);
    expect((await t.app.inject({ method: 'GET', url: `${base()}/brief-bag/mailed.zip?ticket=${encodeURIComponent(flipped)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${base()}/brief-bag/mailed.zip?ticket=garbage` })).statusCode).toBe(404);
    // Claims written in the clear, as a sealed ticket holds them, name Keen's bag: never sealed here, so refused.
    const forged = JSON.stringify({ k: 'brief-bag', e: eventId, u: keen.eventUserId, x: Date.now() + 86_400_000 });
    expect((await t.app.inject({ method: 'GET', url: `${base()}/brief-bag/mailed.zip?ticket=${encodeURIComponent(forged)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${base()}/brief-bag/mailed.zip` })).statusCode).toBe(400);
    // The ticket names its event: under another event's path it is refused.
    expect((await t.app.inject({ method: 'GET', url: link.replace(eventId, 'someOtherEvent') })).statusCode).toBe(404);
    nowMs += 31 * 86_400_000;
    const expired = await t.app.inject({ method: 'GET', url: link });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'LEADS_BAG_LINK_EXPIRED']);
  });
});
