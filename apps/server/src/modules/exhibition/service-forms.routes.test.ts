import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * Issue 15, service forms: the organiser's settings per event, the company admin's invitation (one-time link), the
 * company's submissions per booth (stall type, deadline, prices from the server, attachments by magic bytes, version),
 * the status rule with its 409s, review with mails, and the fulfilment board.
 */
const PUBLIC_URL = 'https://pavilion.test';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let eventId: string;
let eventB: string;
let shiftMs = 0;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const mine = (ev: string, path = '') => `/api/eventservices/events/${ev}/my-stand${path}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const settings = (over: Record<string, unknown> = {}) => ({
  deadline: '2099-03-01T18:00',
  instructions: 'Order by the deadline.',
  particulars: [
    { name: 'Chair', unit: 'piece', rate: 12.5, currency: 'EUR' },
    { name: 'Table', unit: 'piece', rate: 40, currency: 'EUR' },
  ],
  questions: [],
  needsApproval: true,
  emailNotifications: true,
  registerButton: false,
  allowAsService: true,
  isSurveyForm: false,
  showOnlyDocuments: false,
  ...over,
});
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1ad7b0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function company(name: string, ev = eventId) {
  const res = await call('POST', ex(ev, '/companies'), H, { name, contactEmail: `${name.toLowerCase().replace(/\W/g, '')}@firm.example` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function booth(number: string, stallType: 'shell' | 'raw', companyId: string, x: number, ev = eventId) {
  const res = await call('POST', ex(ev, '/booths'), H, { hall: 'Hall 1', number, sizeSqm: 9, stallType, price: 1000, x, y: 0, w: 2, h: 2 });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  expect((await call('PUT', ex(ev, `/booths/${id}/holder`), H, { companyId })).statusCode).toBe(200);
  return id;
}
async function setForm(code: string, over: Record<string, unknown> = {}, isActive = true, ev = eventId) {
  const saved = await call('PUT', ex(ev, `/service-forms/${code}`), H, settings(over));
  expect(saved.statusCode, saved.body).toBe(200);
  const on = await call('PUT', ex(ev, `/service-forms/${code}/active`), H, { isActive });
  expect(on.statusCode, on.body).toBe(200);
  return on.json().data;
}

/** Invites the company's admin and returns the link the mail carries. */
async function invite(companyId: string, email: string, ev = eventId): Promise<{ path: string; key: string }> {
  const before = smtp.messages.length;
  const res = await call('POST', ex(ev, `/companies/${companyId}/admin-invitation`), H, { email, firstName: 'Asha' });
  expect(res.statusCode, res.body).toBe(201);
  await smtp.waitFor(before + 1);
  const mail = smtp.messages.slice(before).find((m) => m.to.includes(email.toLowerCase()))!;
  const flat = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const path = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}(/adl/([A-Za-z0-9_-]+)/${ev})`).exec(flat);
  expect(path, 'the mail carries the sign-in link').toBeTruthy();
  return { path: path![1]!, key: path![2]! };
}
const consume = (key: string, ev = eventId) => t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId: ev } });
async function signIn(key: string, ev = eventId): Promise<Record<string, string>> {
  const res = await consume(key, ev);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(data.userData.userType).toBe(2);
  return { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken };
}

let acme: string;
let shell: string;
let raw: string;
let adminA: Record<string, string>;
let beta: string;
let betaBooth: string;
let adminB: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }, { now: () => new Date(Date.now() + shiftMs) });
  const a = await signupOrganiser(t.app, { organisationName: 'Forms Org' });
  H = bearer(a.accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Forms Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Forms Fair', { timeZone: 'Asia/Kolkata' });
  eventB = await createEvent(t.app, a.accessToken, 'Other Fair');
  const orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const role = await call('POST', '/api/auth/roles', H, { name: 'Forms viewer', codes: ['AP-516', 'AP-519'] });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'formsviewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'formsviewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.78.0.1' });
  viewer = bearer(login.json().data.accessToken);

  acme = await company('Acme Stands');
  shell = await booth('S1', 'shell', acme, 0);
  raw = await booth('R1', 'raw', acme, 3);
  beta = await company('Beta Builders');
  betaBooth = await booth('S2', 'shell', beta, 6);
  adminA = await signIn((await invite(acme, 'Admin@Acme.example')).key);
  adminB = await signIn((await invite(beta, 'admin@beta.example')).key);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('organiser form settings', () => {
  it('lists the 23 forms with the catalogue rule, off by default; saves settings with the deadline in the event time zone', async () => {
    const list = await call('GET', ex(eventId, '/service-forms'), H);
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.timeZone).toBe('Asia/Kolkata');
    expect(data.forms).toHaveLength(23);
    const byCode = Object.fromEntries(data.forms.map((f: { formCode: string }) => [f.formCode, f]));
    expect(byCode.FASCIA_NAME).toMatchObject({ stallType: 'shell', isActive: false, questions: [{ label: 'Name on the fascia board', isRequired: true }] });
    expect(byCode.STALL_LAYOUT_APPROVAL).toMatchObject({ stallType: 'raw', attachment: { isRequired: true } });
    expect(byCode.EXTRA_FURNITURE.stallType).toBeNull();

    const form = await setForm('EXTRA_FURNITURE', { deadline: '2099-03-01T18:00' });
    // 18:00 in Kolkata (UTC+05:30) is 12:30 UTC.
    expect(form).toMatchObject({ isActive: true, deadline: '2099-03-01T18:00', deadlineUtc: '2099-03-01T12:30:00.000Z', isPastDeadline: false, particulars: [{ name: 'Chair', rate: 12.5, currency: 'EUR' }, { name: 'Table' }] });
    const off = await call('PUT', ex(eventId, '/service-forms/EXTRA_FURNITURE/active'), H, { isActive: false });
    expect(off.json().data).toMatchObject({ isActive: false, deadline: '2099-03-01T18:00', particulars: [{ name: 'Chair' }, { name: 'Table' }] });
    await call('PUT', ex(eventId, '/service-forms/EXTRA_FURNITURE/active'), H, { isActive: true });
  });

  it('answers bad settings with field keys and writes nothing', async () => {
    const res = await call('PUT', ex(eventId, '/service-forms/HOSTESS'), H, settings({ deadline: 'tomorrow', particulars: [{ name: 'Hostess', unit: 'day', rate: -1, currency: 'EUR' }, { name: 'x', rate: 1, currency: 'INR', unit: '' }], stallType: 'raw' }));
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['deadline', 'particulars.0.rate', 'stallType']));
    expect((await call('PUT', ex(eventId, '/service-forms/NOT_A_FORM'), H, settings())).statusCode).toBe(400);
    const after = (await call('GET', ex(eventId, '/service-forms'), H)).json().data.forms.find((f: { formCode: string }) => f.formCode === 'HOSTESS');
    expect(after).toMatchObject({ isActive: false, particulars: [] });
  });

  it('keeps another organisation out (404) and needs the codes (403)', async () => {
    expect((await call('GET', ex(eventId, '/service-forms'), other)).statusCode).toBe(404);
    expect((await call('PUT', ex(eventId, '/service-forms/HOSTESS'), other, settings())).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, '/service-forms'), viewer)).statusCode).toBe(200);
    expect((await call('PUT', ex(eventId, '/service-forms/HOSTESS'), viewer, settings())).statusCode).toBe(403);
    expect((await call('PUT', ex(eventId, '/service-forms/HOSTESS/active'), viewer, { isActive: true })).statusCode).toBe(403);
    expect((await call('POST', ex(eventId, `/companies/${acme}/admin-invitation`), other, { email: 'x@y.example', firstName: 'X' })).statusCode).toBe(404);
  });
});

describe('company admin invitation', () => {
  it('mails a link that signs the admin in once; a used or expired link is refused', async () => {
    const { key } = await invite(acme, 'admin@acme.example');
    const first = await consume(key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.redirectTo).toBe('/attendium');
    expect((await consume(key)).statusCode).toBe(410);
    const late = await invite(acme, 'admin@acme.example');
    shiftMs = 4 * 24 * 3600 * 1000;
    try {
      expect((await consume(late.key)).statusCode).toBe(410);
    } finally {
      shiftMs = 0;
    }
  });

  it('refuses an organiser team account, an admin of another company, and bad input by field', async () => {
    const team = await call('POST', ex(eventId, `/companies/${acme}/admin-invitation`), H, { email: 'formsviewer@expo.example', firstName: 'Vi' });
    expect(team.statusCode).toBe(409);
    expect(team.json().code).toBe('EXHIBITION_ADMIN_TEAM_ACCOUNT');
    const taken = await call('POST', ex(eventId, `/companies/${beta}/admin-invitation`), H, { email: 'admin@acme.example', firstName: 'A' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EXHIBITION_ADMIN_TAKEN', message: expect.stringContaining('Acme Stands') });
    const bad = await call('POST', ex(eventId, `/companies/${acme}/admin-invitation`), H, { email: 'nope', firstName: '' });
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'firstName']);
  });

  it('shows the admin their company, booths and only the forms that are on and fit each stall', async () => {
    await setForm('FASCIA_NAME');
    await setForm('STALL_LAYOUT_APPROVAL', { particulars: [] });
    const res = await call('GET', mine(eventId), adminA);
    expect(res.statusCode, res.body).toBe(200);
    const stand = res.json().data;
    expect(stand.company.name).toBe('Acme Stands');
    const formsOf = (n: string) => stand.booths.find((b: { number: string }) => b.number === n).forms.map((f: { formCode: string }) => f.formCode);
    expect(formsOf('S1')).toEqual(['FASCIA_NAME', 'EXTRA_FURNITURE']);
    expect(formsOf('R1')).toEqual(['EXTRA_FURNITURE', 'STALL_LAYOUT_APPROVAL']);
    // Not an admin: an organiser, or a participant token of another event.
    expect((await call('GET', mine(eventId), H)).statusCode).toBe(403);
    expect((await call('GET', mine(eventB), adminA)).json().code).toBe('EXHIBITION_NOT_COMPANY_ADMIN');
  });
});

describe('submissions', () => {
  const save = (boothId: string, code: string, body: Record<string, unknown>, headers = adminA) => call('PUT', mine(eventId, `/booths/${boothId}/forms/${code}`), headers, body);

  it('saves a draft with prices and the total from the server, then submits it; a stale version is refused', async () => {
    const draft = await save(shell, 'EXTRA_FURNITURE', { version: 0, lines: [{ name: 'chair', quantity: 3 }, { name: 'Table', quantity: 0 }] });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ status: 'draft', version: 1, total: 37.5, currency: 'EUR', lines: [{ name: 'Chair', rate: 12.5, quantity: 3, amount: 37.5 }], allowedActions: ['save', 'submit'] });
    // A second editor who read version 0 loses to the first save.
    const stale = await save(shell, 'EXTRA_FURNITURE', { version: 0, lines: [{ name: 'Chair', quantity: 1 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('EXHIBITION_SUBMISSION_STALE');
    const sent = await save(shell, 'EXTRA_FURNITURE', { version: 1, submit: true, lines: [{ name: 'Chair', quantity: 4 }, { name: 'Table', quantity: 1 }] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'submitted', version: 2, total: 90, allowedActions: [] });
    expect(sent.json().data.history.map((h: { action: string; toStatus: string; side: string }) => `${h.side}:${h.action}:${h.toStatus}`)).toEqual(['company:save:draft', 'company:submit:submitted']);
    // Submitted: the company can no longer change it (409 naming what is allowed: nothing for the company).
    const again = await save(shell, 'EXTRA_FURNITURE', { version: 2, lines: [{ name: 'Chair', quantity: 9 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EXHIBITION_SUBMISSION_STATUS', message: expect.stringContaining('allowed: nothing more') });
  });

  it('refuses tampered prices, unknown lines, negative quantities and an empty order by field', async () => {
    const tampered = await save(raw, 'EXTRA_FURNITURE', { version: 0, lines: [{ name: 'Chair', quantity: 1, rate: 0.01 }] });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().errors).toEqual([{ field: 'lines.0.rate', key: 'unknownField' }]);
    const negative = await save(raw, 'EXTRA_FURNITURE', { version: 0, lines: [{ name: 'Chair', quantity: -2 }] });
    expect(negative.json().errors[0].field).toBe('lines.0.quantity');
    const unknown = await save(raw, 'EXTRA_FURNITURE', { version: 0, lines: [{ name: 'Sofa', quantity: 1 }, { name: 'Chair', quantity: 1 }, { name: 'chair', quantity: 2 }] });
    expect(unknown.json().errors).toEqual([
      { field: 'lines.0.name', key: 'unknownParticular' },
      { field: 'lines.2.name', key: 'duplicateLine' },
    ]);
    const empty = await save(raw, 'EXTRA_FURNITURE', { version: 0, submit: true, lines: [{ name: 'Chair', quantity: 0 }] });
    expect(empty.json().errors).toEqual([{ field: 'lines', key: 'nothingOrdered' }]);
    // Nothing was written by any of them.
    const form = await call('GET', mine(eventId, `/booths/${raw}/forms/EXTRA_FURNITURE`), adminA);
    expect(form.json().data.submission).toBeNull();
  });

  it('refuses the wrong stall type, a form that is off, another company booth and a passed deadline', async () => {
    const wrong = await save(raw, 'FASCIA_NAME', { version: 0, answers: ['ACME'] });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'EXHIBITION_FORM_STALL_TYPE', message: 'Fascia Name is for shell stalls; booth R1 is a raw stall' });
    const off = await save(shell, 'HOSTESS', { version: 0 });
    expect(off.json().code).toBe('EXHIBITION_FORM_NOT_ACTIVE');
    expect((await save(betaBooth, 'FASCIA_NAME', { version: 0, answers: ['X'] })).statusCode).toBe(404);
    expect((await call('GET', mine(eventId, `/booths/${betaBooth}/forms/FASCIA_NAME`), adminA)).statusCode).toBe(404);
    await setForm('WATER_SUPPLY', { deadline: '2020-01-01T09:00', particulars: [{ name: 'Connection', unit: 'stall', rate: 30, currency: 'EUR' }] });
    const late = await save(shell, 'WATER_SUPPLY', { version: 0, lines: [{ name: 'Connection', quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'EXHIBITION_FORM_DEADLINE_PASSED', message: 'The deadline for Water Supply was 2020-01-01 09:00 (Asia/Kolkata): it takes no more changes' });
  });

  it('needs answers to required questions, and approves on submission a form that needs no approval', async () => {
    await setForm('FASCIA_NAME', { particulars: [], isSurveyForm: true, questions: [{ label: 'Name on the fascia board', isRequired: true }], needsApproval: false });
    const missing = await save(shell, 'FASCIA_NAME', { version: 0, submit: true, answers: [''] });
    expect(missing.json().errors).toEqual([{ field: 'answers.0', key: 'answerRequired' }]);
    const before = smtp.messages.length;
    const ok = await save(shell, 'FASCIA_NAME', { version: 0, submit: true, answers: ['ACME STANDS'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', answers: [{ label: 'Name on the fascia board', value: 'ACME STANDS' }] });
    expect(ok.json().data.history[0].note).toContain('needs no approval');
    await smtp.waitFor(before + 1);
    expect(smtp.messages.at(-1)!.to).toEqual(['admin@acme.example']);
  });

  it('takes a layout drawing only when its bytes are a PDF or an image, and needs it to submit', async () => {
    const noFile = await save(raw, 'STALL_LAYOUT_APPROVAL', { version: 0, submit: true });
    expect(noFile.json().errors).toEqual([{ field: 'attachment', key: 'attachmentRequired' }]);
    const renamed = await save(raw, 'STALL_LAYOUT_APPROVAL', { version: 0, attachment: { fileName: 'layout.pdf', dataBase64: Buffer.from('MZ\x90\x00 not a pdf at all').toString('base64') } });
    expect(renamed.json().errors).toEqual([{ field: 'attachment.dataBase64', key: 'fileContentMismatch' }]);
    const exe = await save(raw, 'STALL_LAYOUT_APPROVAL', { version: 0, attachment: { fileName: 'layout.exe', dataBase64: PDF.toString('base64') } });
    expect(exe.json().errors).toEqual([{ field: 'attachment.fileName', key: 'fileTypeNotAllowed' }]);
    const big = await save(raw, 'STALL_LAYOUT_APPROVAL', { version: 0, attachment: { fileName: 'layout.pdf', dataBase64: Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]).toString('base64') } });
    expect(big.json().errors).toEqual([{ field: 'attachment.dataBase64', key: 'fileTooLarge' }]);
    const notAsked = await save(raw, 'EXTRA_FURNITURE', { version: 0, attachment: { fileName: 'a.png', dataBase64: PNG.toString('base64') } });
    expect(notAsked.json().errors).toEqual([{ field: 'attachment', key: 'attachmentNotAsked' }]);
    const draft = await save(raw, 'STALL_LAYOUT_APPROVAL', { version: 0, attachment: { fileName: 'layout.pdf', dataBase64: PDF.toString('base64') } });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data.attachment).toEqual({ fileName: 'layout.pdf', byteSize: PDF.length });
    // The saved file counts for the submission.
    const sent = await save(raw, 'STALL_LAYOUT_APPROVAL', { version: 1, submit: true });
    expect(sent.json().data.status).toBe('submitted');
    const file = await call('GET', mine(eventId, `/submissions/${sent.json().data.id}/attachment`), adminA);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', mine(eventId, `/submissions/${sent.json().data.id}/attachment`), adminB)).statusCode).toBe(404);
    const org = await call('GET', ex(eventId, `/form-submissions/${sent.json().data.id}/attachment`), H);
    expect(org.headers['content-disposition']).toBe('attachment; filename="layout.pdf"');
    expect((await call('GET', ex(eventId, `/form-submissions/${sent.json().data.id}/attachment`), viewer)).statusCode).toBe(403);
  });
});

describe('organiser review', () => {
  const list = (query = '', headers = H) => call('GET', ex(eventId, `/form-submissions${query}`), headers);

  it('lists submissions with filters; approves, rejects with a reason, fulfils; illegal moves answer 409 naming the allowed ones', async () => {
    const all = (await list()).json().data.items;
    expect(all.map((s: { formCode: string }) => s.formCode).sort()).toEqual(['EXTRA_FURNITURE', 'FASCIA_NAME', 'STALL_LAYOUT_APPROVAL']);
    const furniture = (await list('?formCode=EXTRA_FURNITURE&status=submitted')).json().data.items;
    expect(furniture).toHaveLength(1);
    expect(furniture[0]).toMatchObject({ company: { name: 'Acme Stands' }, booth: { number: 'S1' }, total: 90, allowedActions: ['approve', 'reject'] });
    expect((await list(`?companyId=${beta}`)).json().data.items).toEqual([]);
    expect((await list('?status=lost')).statusCode).toBe(400);

    const id = furniture[0].id as string;
    const early = await call('POST', ex(eventId, `/form-submissions/${id}/fulfil`), H, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'EXHIBITION_SUBMISSION_STATUS', message: 'A submitted submission cannot be marked fulfilled; allowed: approve, reject' });
    const before = smtp.messages.length;
    const approved = await call('POST', ex(eventId, `/form-submissions/${id}/approve`), H, {});
    expect(approved.json().data).toMatchObject({ status: 'approved', allowedActions: ['fulfil'] });
    await smtp.waitFor(before + 1);
    expect(smtp.messages.at(-1)!.raw).toContain('approved');
    expect((await call('POST', ex(eventId, `/form-submissions/${id}/reject`), H, { reason: 'Too late' })).statusCode).toBe(409);
    const done = await call('POST', ex(eventId, `/form-submissions/${id}/fulfil`), H, {});
    expect(done.json().data.status).toBe('fulfilled');
    expect(done.json().data.history.map((h: { action: string }) => h.action)).toEqual(['save', 'submit', 'approve', 'fulfil']);

    const layout = (await list('?formCode=STALL_LAYOUT_APPROVAL')).json().data.items[0].id as string;
    expect((await call('POST', ex(eventId, `/form-submissions/${layout}/reject`), H, { reason: ' ' })).json().errors).toEqual([{ field: 'reason', key: 'reasonRequired' }]);
    const rejected = await call('POST', ex(eventId, `/form-submissions/${layout}/reject`), H, { reason: 'The aisle side must stay open' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'The aisle side must stay open' });
    await smtp.waitFor(before + 2);
    expect(smtp.messages.at(-1)!.raw).toContain('The aisle side must stay open');
    // The company sees the reason, corrects and submits again.
    const form = (await call('GET', mine(eventId, `/booths/${raw}/forms/STALL_LAYOUT_APPROVAL`), adminA)).json().data;
    expect(form.submission).toMatchObject({ status: 'rejected', rejectionReason: 'The aisle side must stay open', allowedActions: ['save', 'submit'] });
    const resent = await call('PUT', mine(eventId, `/booths/${raw}/forms/STALL_LAYOUT_APPROVAL`), adminA, { version: form.submission.version, submit: true });
    expect(resent.json().data).toMatchObject({ status: 'submitted', rejectionReason: '' });
  });

  it('scopes review to the organisation and the codes; the fulfilment board lists approved work by deadline', async () => {
    const id = (await list('?formCode=STALL_LAYOUT_APPROVAL')).json().data.items[0].id as string;
    expect((await call('GET', ex(eventId, `/form-submissions/${id}`), other)).statusCode).toBe(404);
    expect((await call('POST', ex(eventId, `/form-submissions/${id}/approve`), other, {})).statusCode).toBe(404);
    expect((await call('POST', ex(eventB, `/form-submissions/${id}/approve`), H, {})).statusCode).toBe(404);
    expect((await list('', viewer)).statusCode).toBe(200);
    expect((await call('POST', ex(eventId, `/form-submissions/${id}/approve`), viewer, {})).statusCode).toBe(403);
    const board = (await call('GET', ex(eventId, '/fulfilment'), H)).json().data;
    expect(board.items.map((s: { formCode: string; status: string }) => `${s.formCode}:${s.status}`)).toEqual(['FASCIA_NAME:approved', 'EXTRA_FURNITURE:fulfilled']);
  });
});

describe('onsite form links (SPEC §2.1 ebf/lgn)', () => {
  const link = (boothId: string, code: string, headers = H) => call('POST', ex(eventId, `/booths/${boothId}/forms/${code}/login-link`), headers, {});
  const consumeEbf = (key: string, boothId: string, formId: string) => t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'ebf', key, formId, boothId, eventId } });

  it('signs the booth company admin in once and opens that form for that booth', async () => {
    await setForm('EXTRA_FURNITURE_PLACEMENT');
    const res = await link(shell, 'EXTRA_FURNITURE_PLACEMENT');
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as { key: string; path: string; url: string; email: string };
    expect(made.path).toBe(`/ebf/lgn/${made.key}/EXTRA_FURNITURE_PLACEMENT/${shell}/${eventId}`);
    expect(made.url).toBe(`${PUBLIC_URL}${made.path}`);
    expect(made.email).toBe('admin@acme.example');

    // The key works only with the booth and form it was made for.
    expect((await consumeEbf(made.key, betaBooth, 'EXTRA_FURNITURE_PLACEMENT')).statusCode).toBe(410);
    const used = await consumeEbf(made.key, shell, 'EXTRA_FURNITURE_PLACEMENT');
    expect(used.statusCode, used.body).toBe(200);
    const data = used.json().data;
    expect(data).toMatchObject({ redirectTo: `/attendium/stand/${shell}/EXTRA_FURNITURE_PLACEMENT`, userData: { userType: 2 }, eventData: { eventId } });
    const headers = { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken };
    const form = await call('GET', mine(eventId, `/booths/${shell}/forms/EXTRA_FURNITURE_PLACEMENT`), headers);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.booth).toMatchObject({ id: shell, number: 'S1' });
    // Once only.
    expect((await consumeEbf(made.key, shell, 'EXTRA_FURNITURE_PLACEMENT')).json().code).toBe('LINK_EXPIRED');
  });

  it('refuses a form that does not fit the stall or is off, a booth without an admin, and other organisations', async () => {
    expect((await link(raw, 'EXTRA_FURNITURE_PLACEMENT')).json()).toMatchObject({ code: 'EXHIBITION_FORM_STALL_TYPE' });
    await setForm('COMPRESSED_AIR', {}, false);
    expect((await link(shell, 'COMPRESSED_AIR')).json()).toMatchObject({ code: 'EXHIBITION_FORM_NOT_ACTIVE' });
    const gamma = await company('Gamma Gear');
    const gammaBooth = await booth('S9', 'shell', gamma, 12);
    const noAdmin = await link(gammaBooth, 'EXTRA_FURNITURE_PLACEMENT');
    expect(noAdmin.statusCode).toBe(409);
    expect(noAdmin.json()).toMatchObject({ code: 'EXHIBITION_NO_COMPANY_ADMIN', message: 'Gamma Gear has no admin yet: invite one from Companies first' });
    expect((await link(shell, 'NOT_A_FORM')).statusCode).toBe(400);
    expect((await link(shell, 'EXTRA_FURNITURE_PLACEMENT', other)).statusCode).toBe(404);
    expect((await link(shell, 'EXTRA_FURNITURE_PLACEMENT', viewer)).statusCode).toBe(403);
    // A made-up booth in a link is refused before its key is looked at.
    expect((await consumeEbf('made-up-key-made-up-key-123', 'no-such-booth', 'EXTRA_FURNITURE_PLACEMENT')).json().code).toBe('UNKNOWN_BOOTH_OR_FORM');
  });
});

describe('service providers (SPEC §3.1 user types 1 and 6): their own fulfilment board', () => {
  const board = (headers: Record<string, string>, ev = eventId) => call('GET', `/api/eventservices/events/${ev}/provider/fulfilment`, headers);
  const tick = (headers: Record<string, string>, id: string) => call('POST', `/api/eventservices/events/${eventId}/provider/fulfilment/${id}/fulfil`, headers, {});
  async function providerUser(companyId: string, email: string, userType: number): Promise<Record<string, string>> {
    const org = (await t.ctx.tokens.verifyAccess(H.authorization!.slice(7)))!.organisationId!;
    await t.ctx.auth.createUser({ organisationId: org, email, password: 'Prov#Secure2026', firstName: 'Pia', userType, role: userType === 1 ? 'Service Provider' : 'Service Persons', accessLevel: 2, companyId });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: 'Prov#Secure2026' }, remoteAddress: `10.79.${Math.floor(Math.random() * 250)}.1` });
    expect(login.statusCode, login.body).toBe(200);
    return bearer(login.json().data.accessToken);
  }

  it('lets the organiser give a form to a service provider, who sees and ticks off only that form, in this organiser’s events', async () => {
    const sp = (await call('POST', '/api/auth/companies', H, { name: 'FurniCo Rentals', kind: 'serviceProvider' })).json().data;
    const exhibitorCo = (await call('POST', '/api/auth/companies', H, { name: 'Not A Provider', kind: 'exhibitor' })).json().data;
    const rivalSp = (await call('POST', '/api/auth/companies', other, { name: 'Rival Rentals', kind: 'serviceProvider' })).json().data;
    // The picker offers the organisation's service providers only.
    const options = (await call('GET', ex(eventId, '/service-providers'), H)).json().data.items;
    expect(options).toEqual([{ id: sp.id, name: 'FurniCo Rentals' }]);
    expect((await call('GET', ex(eventId, '/service-providers'), other)).statusCode).toBe(404);
    // An exhibitor company or another organisation's provider is refused by field, and nothing is saved.
    for (const id of [exhibitorCo.id, rivalSp.id, 'no-such-company']) {
      const bad = await call('PUT', ex(eventId, '/service-forms/EXTRA_FURNITURE'), H, settings({ serviceProviderId: id }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'serviceProviderId', key: 'unknownServiceProvider' }]);
    }
    const given = await call('PUT', ex(eventId, '/service-forms/EXTRA_FURNITURE'), H, settings({ serviceProviderId: sp.id }));
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.serviceProvider).toEqual({ id: sp.id, name: 'FurniCo Rentals' });

    const provider = await providerUser(sp.id, 'ops@furnico.example', 1);
    const person = await providerUser(sp.id, 'driver@furnico.example', 6);
    const mineBoard = await board(provider);
    expect(mineBoard.statusCode, mineBoard.body).toBe(200);
    // Only EXTRA_FURNITURE's work (the FASCIA_NAME order stays the organiser's own).
    expect(mineBoard.json().data).toMatchObject({ eventName: 'Forms Fair', provider: { id: sp.id, name: 'FurniCo Rentals' }, forms: [{ formCode: 'EXTRA_FURNITURE' }] });
    expect(mineBoard.json().data.items.map((s: { formCode: string }) => s.formCode)).toEqual(['EXTRA_FURNITURE']);
    expect((await board(person)).json().data.items).toHaveLength(1);
    // Another event of the organiser with no form given: an empty board; another organiser's event: 404.
    expect((await board(provider, eventB)).json().data).toMatchObject({ forms: [], items: [] });
    const rivalEvent = await createEvent(t.app, other.authorization!.slice(7), 'Rival Fair');
    expect((await board(provider, rivalEvent)).statusCode).toBe(404);
    // Not a service provider: an attendee-side company admin, an organiser member.
    expect((await board(adminA)).json().code).toBe('EXHIBITION_NOT_SERVICE_PROVIDER');
    expect((await board(H)).statusCode).toBe(403);

    // A tick on the form's approved order: approve one more and let the service person tick it off.
    const fascia = (await call('GET', ex(eventId, '/form-submissions?formCode=FASCIA_NAME'), H)).json().data.items[0].id as string;
    expect((await tick(person, fascia)).statusCode).toBe(404);
    await call('PUT', ex(eventId, '/service-forms/FASCIA_NAME'), H, settings({ serviceProviderId: sp.id, particulars: [], questions: [{ label: 'Name on the fascia board', isRequired: true }] }));
    const ticked = await tick(person, fascia);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().data.status).toBe('fulfilled');
    // Ticked twice: the rule says what is allowed.
    const again = await tick(provider, fascia);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EXHIBITION_SUBMISSION_STATUS');
    // The organiser's history names the service person.
    const history = (await call('GET', ex(eventId, `/form-submissions/${fascia}`), H)).json().data.history;
    expect(history.at(-1)).toMatchObject({ action: 'fulfil', toStatus: 'fulfilled', actorName: 'Pia' });
  });
});
