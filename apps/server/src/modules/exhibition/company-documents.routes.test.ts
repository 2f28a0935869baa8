import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_DOCUMENT_MAX_BYTES, UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * Issue 15: a company's documents (one list with the booth staff's brief-bag documents), "Open" with a signed link and
 * the Documents 4 / download 2 count, the booth page's Booth 3 / view 1 count, and the exhibitor report (SPEC §2.6)
 * for the organiser and for the company's own admin and staff only.
 */
const PUBLIC_URL = 'https://pavilion.test';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let orgA: string;
let eventId: string;
let eventB: string;
let acme: string;
let beta: string;
let companyOtherEvent: string;
let adminAcme: Record<string, string>;
let staffBeta: Record<string, string>;
let shiftMs = 0;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const pub = (ev: string, path = '') => `/api/eventservices/public/events/${ev}/exhibitors${path}`;
const myReport = (ev: string) => `/api/eventservices/events/${ev}/my-stand/report`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = H, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const upload = (file: Buffer, fileName: string, title = 'Price list', headers = H, c = acme, ev = eventId) =>
  call('POST', ex(ev, `/companies/${c}/documents`), headers, { title, fileName, dataBase64: file.toString('base64') });

/** A participant of `ev` (tokens signed directly, as leads' tests make them), with this email. */
async function participant(ev: string, email = `v-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: 'Guest#Secure26', firstName: 'Vi', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  return tokensOf(user.id, ev, eu!.id);
}
/** Fresh tokens for a participant (signed at the test clock's now). */
async function tokensOf(userId: string, ev: string, eventUserId: string): Promise<Record<string, string>> {
  const access = await t.ctx.tokens.signAccess({ userId, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId, eventId: ev, eventUserId });
  return { ...bearer(access), 'x-user-access-token': eventAccess };
}

/** The company admin, signed in from the invitation mail's one-time link. */
async function invitedAdmin(companyId: string, email: string): Promise<Record<string, string>> {
  const before = smtp.messages.length;
  const res = await call('POST', ex(eventId, `/companies/${companyId}/admin-invitation`), H, { email, firstName: 'Asha' });
  expect(res.statusCode, res.body).toBe(201);
  await smtp.waitFor(before + 1);
  const mail = smtp.messages.slice(before).find((m) => m.to.includes(email.toLowerCase()))!;
  const flat = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const key = new RegExp(`/adl/([A-Za-z0-9_-]+)/${eventId}`).exec(flat)![1]!;
  const signed = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
  expect(signed.statusCode, signed.body).toBe(200);
  const data = signed.json().data;
  return { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken };
}

type Tab = { key: string; stats: { key: string; value: number }[]; rows: { label: string; counts: number[] }[]; series: { day: string; count: number }[] };
const tabOf = (report: { tabs: Tab[] }, key: string) => report.tabs.find((x) => x.key === key)!;
const stat = (tab: Tab, key: string) => tab.stats.find((s) => s.key === key)!.value;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }, { now: () => new Date(Date.now() + shiftMs) });
  const a = await signupOrganiser(t.app, { organisationName: 'Docs Expo Org' });
  H = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Docs Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Docs Fair');
  eventB = await createEvent(t.app, a.accessToken, 'Other Docs Fair');
  acme = (await call('POST', ex(eventId, '/companies'), H, { name: 'Acme Papers' })).json().data.id;
  beta = (await call('POST', ex(eventId, '/companies'), H, { name: 'Beta Prints' })).json().data.id;
  companyOtherEvent = (await call('POST', ex(eventB, '/companies'), H, { name: 'Elsewhere Ltd' })).json().data.id;
  const role = await call('POST', '/api/auth/roles', H, { name: 'Company viewer', codes: ['AP-482'] });
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'doc-viewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'doc-viewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.79.0.1' });
  viewer = bearer(login.json().data.accessToken);
  adminAcme = await invitedAdmin(acme, 'admin@acme-papers.example');
  const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@beta.example`;
  expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: [staffEmail] })).statusCode).toBe(200);
  staffBeta = await participant(eventId, staffEmail);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('organiser: company documents', () => {
  it('uploads, lists (one list with the staff documents), renames and deletes', async () => {
    const up = await upload(PDF, 'prices.pdf');
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ title: 'Price list', fileName: 'prices.pdf', contentType: 'application/pdf', byteSize: PDF.length, uploadedBy: 'organiser', views: 0, downloads: 0 });
    // A staff member of Beta puts a document at the booth (leads' brief bag): the organiser sees it in Beta's list.
    const staffDoc = await call('POST', `/api/eventservices/events/${eventId}/booth/leads/documents`, staffBeta, { title: 'Staff sheet', fileName: 'sheet.txt', dataBase64: Buffer.from('hello visitors\n').toString('base64') });
    expect(staffDoc.statusCode, staffDoc.body).toBe(201);
    const betaList = await call('GET', ex(eventId, `/companies/${beta}/documents`));
    expect(betaList.json().data).toEqual([expect.objectContaining({ title: 'Staff sheet', uploadedBy: 'staff', contentType: 'text/plain' })]);
    // The organiser's upload is in the company's brief-bag list too (the attendee's one Documents section).
    const visible = await call('GET', `/api/eventservices/events/${eventId}/brief-bag/companies/${acme}/documents`, await participant(eventId));
    expect(visible.statusCode, visible.body).toBe(200);
    expect(visible.json().data.map((d: { title: string }) => d.title)).toEqual(['Price list']);

    const second = (await upload(Buffer.from('a,b\n1,2\n'), 'stock.csv', 'Stock')).json().data as { id: string };
    const renamed = await call('PUT', ex(eventId, `/companies/${acme}/documents/${second.id}`), H, { title: '  Stock list ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.title).toBe('Stock list');
    expect((await call('DELETE', ex(eventId, `/companies/${acme}/documents/${second.id}`))).statusCode).toBe(200);
    expect((await call('DELETE', ex(eventId, `/companies/${acme}/documents/${second.id}`))).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data).toHaveLength(1);
  });

  it('refuses a wrong type, a renamed exe, a mismatched content and a too-large file with codes, and writes nothing', async () => {
    const before = (await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data.length;
    const type = await upload(PDF, 'prices.exe');
    expect(type.statusCode).toBe(400);
    expect(type.json().errors).toEqual([expect.objectContaining({ field: 'fileName', key: 'fileTypeNotAllowed' })]);
    const exe = await upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'invoice.pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileContentMismatch' })]);
    const mismatch = await upload(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), 'brochure.docx');
    expect(mismatch.json().errors[0].key).toBe('fileContentMismatch');
    const big = Buffer.alloc(COMPANY_DOCUMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(big, 0);
    const tooBig = await upload(big, 'big.pdf');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].key).toBe('fileTooLarge');
    expect((await upload(PDF, 'x.pdf', ' ')).statusCode).toBe(400);
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data).toHaveLength(before);
  });

  it('answers 401 without a session, 403 without the edit code, 404 for another organisation, event or company', async () => {
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`), {})).statusCode).toBe(401);
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`), viewer)).statusCode).toBe(200);
    expect((await upload(PDF, 'a.pdf', 'x', viewer)).statusCode).toBe(403);
    expect((await call('GET', ex(eventId, `/companies/${acme}/report`), viewer)).statusCode).toBe(200);
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`), other)).statusCode).toBe(404);
    expect((await upload(PDF, 'a.pdf', 'x', other)).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, `/companies/${acme}/report`), other)).statusCode).toBe(404);
    expect((await upload(PDF, 'a.pdf', 'x', H, companyOtherEvent, eventId)).statusCode).toBe(404);
    const id = (await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data[0].id as string;
    expect((await call('PUT', ex(eventId, `/companies/${acme}/documents/${id}`), other, { title: 'Mine' })).statusCode).toBe(404);
    // Acme's document through Beta's path: 404, and nothing deleted.
    expect((await call('DELETE', ex(eventId, `/companies/${beta}/documents/${id}`))).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data).toHaveLength(1);
  });
});

describe('visitors: opening a booth and a document', () => {
  it('counts booth views once per participant and day, downloads once per participant, anonymous every time; the link serves the bytes and expires', async () => {
    const doc = (await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data[0] as { id: string };
    const user = await t.ctx.auth.createUser({ email: `day-${newId().slice(0, 6).toLowerCase()}@example.com`, password: 'Guest#Secure26', firstName: 'Di', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
    const eu = (await t.ctx.events.addParticipant(orgA, eventId, user.id, UserType.Attendee))!;
    const visitor = await tokensOf(user.id, eventId, eu.id);
    expect((await call('POST', pub(eventId, `/${acme}/viewed`), visitor)).json().data).toEqual({ counted: true });
    expect((await call('POST', pub(eventId, `/${acme}/viewed`), visitor)).json().data).toEqual({ counted: false });
    expect((await call('POST', pub(eventId, `/${acme}/viewed`), {})).json().data).toEqual({ counted: true });
    // The next day (tokens signed then): counted again.
    shiftMs = 24 * 60 * 60 * 1000;
    expect((await call('POST', pub(eventId, `/${acme}/viewed`), await tokensOf(user.id, eventId, eu.id))).json().data).toEqual({ counted: true });
    shiftMs = 0;
    // Through another event, or for a company of another event: 404.
    expect((await call('POST', pub(eventB, `/${acme}/viewed`), {})).statusCode).toBe(404);
    expect((await call('POST', pub(eventId, `/${acme}/documents/${doc.id}/open`.replace(acme, beta)), visitor)).statusCode).toBe(404);

    const open = await call('POST', pub(eventId, `/${acme}/documents/${doc.id}/open`), visitor);
    expect(open.statusCode, open.body).toBe(200);
    const { url, fileName } = open.json().data as { url: string; fileName: string };
    expect(fileName).toBe('prices.pdf');
    await call('POST', pub(eventId, `/${acme}/documents/${doc.id}/open`), visitor);
    await call('POST', pub(eventId, `/${acme}/documents/${doc.id}/open`), {});
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="prices.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const rows = await t.ctx.database.db.execute(sql`select analytics_type, action, event_user_id is null as anonymous from exhibition_media_actions where company_id = ${acme} order by analytics_type, anonymous`);
    expect(rows.rows).toEqual([
      { analytics_type: 3, action: 1, anonymous: false },
      { analytics_type: 3, action: 1, anonymous: false },
      { analytics_type: 3, action: 1, anonymous: true },
      { analytics_type: 4, action: 2, anonymous: false },
      { analytics_type: 4, action: 2, anonymous: true },
    ]);
    const listed = (await call('GET', ex(eventId, `/companies/${acme}/documents`))).json().data[0];
    expect(listed).toMatchObject({ downloads: 2, views: 0 });

    // A forged ticket, another document's ticket, an expired one: 404.
    const path = url.slice(0, url.indexOf('?'));
    expect((await t.app.inject({ url: `${path}?ticket=forged` })).statusCode).toBe(404);
    // A ticket never sealed (plain JSON naming the document) is no ticket.
    const plain = encodeURIComponent(JSON.stringify({ d: doc.id, e: eventId, c: acme, x: Date.now() + 60_000 }));
    expect((await t.app.inject({ url: `${path}?ticket=${plain}` })).statusCode).toBe(404);
    const ticket = url.slice(url.indexOf('ticket=') + 7);
    expect((await t.app.inject({ url: `${path.replace(doc.id, 'other-doc')}?ticket=${ticket}` })).statusCode).toBe(404);
    shiftMs = 11 * 60 * 1000;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    shiftMs = 0;
  });

  it('applies the Exhibitors tab rules: login required answers 401 anonymous', async () => {
    const ev = await createEvent(t.app, H.authorization!.slice(7), 'Closed Docs Fair');
    const c = (await call('POST', ex(ev, '/companies'), H, { name: 'Closed Co' })).json().data.id as string;
    const d = (await upload(PDF, 'c.pdf', 'Closed', H, c, ev)).json().data.id as string;
    const tabs = (await t.app.inject({ url: `/api/eventservices/events/${ev}/app-tabs`, headers: H })).json().data.tabs as Record<string, unknown>[];
    const saved = await call('PUT', `/api/eventservices/events/${ev}/app-tabs`, H, {
      tabs: tabs.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds, ...(tabName === 'exhibitors' ? { loginRequired: true } : {}) })),
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('POST', pub(ev, `/${c}/viewed`), {})).statusCode).toBe(401);
    expect((await call('POST', pub(ev, `/${c}/documents/${d}/open`), {})).statusCode).toBe(401);
    const v = await participant(ev);
    expect((await call('POST', pub(ev, `/${c}/documents/${d}/open`), v)).statusCode).toBe(200);
  });
});

describe('the exhibitor report', () => {
  it('shows the company its own counts: the admin sees Acme, the staff member sees Beta, others are refused', async () => {
    const mine = await call('GET', myReport(eventId), adminAcme);
    expect(mine.statusCode, mine.body).toBe(200);
    const report = mine.json().data as { company: { id: string }; tabs: Tab[] };
    expect(report.company.id).toBe(acme);
    expect(report.tabs.map((x) => x.key)).toEqual(['booth', 'documents', 'videos', 'products', 'inquiries', 'cardTaken', 'cardDropped', 'boothActionPoint', 'onsiteLeads', 'webhooks']);
    const booth = tabOf(report, 'booth');
    expect(stat(booth, 'views')).toBeGreaterThanOrEqual(3);
    expect(stat(booth, 'anonymous')).toBeGreaterThanOrEqual(1);
    expect(booth.series.length).toBeGreaterThanOrEqual(2);
    const docs = tabOf(report, 'documents');
    expect(docs.rows).toEqual([{ label: 'Price list', counts: [0, 2] }]);
    expect(stat(docs, 'downloads')).toBe(2);
    expect(stat(tabOf(report, 'onsiteLeads'), 'leads')).toBe(0);

    const theirs = await call('GET', myReport(eventId), staffBeta);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.company.id).toBe(beta);
    const betaDocs = tabOf(theirs.json().data, 'documents');
    expect(betaDocs.rows).toEqual([{ label: 'Staff sheet', counts: [0, 0] }]);

    // A visitor who is neither, an organiser, no session, and the admin in another event.
    const refused = await call('GET', myReport(eventId), await participant(eventId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EXHIBITION_NOT_COMPANY_MEMBER');
    expect((await call('GET', myReport(eventId), H)).statusCode).toBe(403);
    expect((await call('GET', myReport(eventId), {})).statusCode).toBe(401);
    expect((await call('GET', myReport(eventB), adminAcme)).statusCode).toBe(403);

    // The organiser's view of Beta is Beta's, not Acme's.
    const org = await call('GET', ex(eventId, `/companies/${beta}/report`));
    expect(org.json().data.company.id).toBe(beta);
    expect(stat(tabOf(org.json().data, 'booth'), 'views')).toBe(0);
  });
});
