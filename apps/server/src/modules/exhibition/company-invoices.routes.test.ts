import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { signPavilion } from '../payments/index.ts';

/*
 * Issue 15: approved priced service-form orders are billed on one open invoice per company (payments' company
 * invoices), paid online on the test gateway (its signed webhook marks the invoice paid, once) or marked paid offline
 * by the organiser; a rejected order is not billed, a paid or payment-started invoice is not changed, another
 * company or organisation gets 404, and the codes are checked.
 */
const PUBLIC_URL = 'https://pavilion.test';
const JWT_SECRET = 'company-invoice-secret-at-least-32-characters';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let eventId: string;

const ex = (path: string) => `/api/eventservices/events/${eventId}/exhibition${path}`;
const mine = (path = '') => `/api/eventservices/events/${eventId}/my-stand${path}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const settings = (over: Record<string, unknown> = {}) => ({
  deadline: '2099-03-01T18:00',
  instructions: '',
  particulars: [
    { name: 'Chair', unit: 'piece', rate: 12.5, currency: 'EUR' },
    { name: 'Table', unit: 'piece', rate: 40, currency: 'EUR' },
  ],
  questions: [],
  needsApproval: true,
  emailNotifications: false,
  registerButton: false,
  allowAsService: true,
  isSurveyForm: false,
  showOnlyDocuments: false,
  ...over,
});

async function company(name: string) {
  const res = await call('POST', ex('/companies'), H, { name, contactEmail: `${name.toLowerCase().replace(/\W/g, '')}@firm.example` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function booth(number: string, stallType: 'shell' | 'raw', companyId: string, x: number) {
  const res = await call('POST', ex('/booths'), H, { hall: 'Hall 1', number, sizeSqm: 9, stallType, price: 1000, x, y: 0, w: 2, h: 2 });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  expect((await call('PUT', ex(`/booths/${id}/holder`), H, { companyId })).statusCode).toBe(200);
  return id;
}
async function setForm(code: string, over: Record<string, unknown> = {}) {
  expect((await call('PUT', ex(`/service-forms/${code}`), H, settings(over))).statusCode).toBe(200);
  expect((await call('PUT', ex(`/service-forms/${code}/active`), H, { isActive: true })).statusCode).toBe(200);
}
async function signInAdmin(companyId: string, email: string): Promise<Record<string, string>> {
  const before = smtp.messages.length;
  expect((await call('POST', ex(`/companies/${companyId}/admin-invitation`), H, { email, firstName: 'Asha' })).statusCode).toBe(201);
  await smtp.waitFor(before + 1);
  const flat = smtp.messages.slice(before).find((m) => m.to.includes(email))!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const key = new RegExp(`/adl/([A-Za-z0-9_-]+)/${eventId}`).exec(flat)![1]!;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken };
}
async function submit(admin: Record<string, string>, boothId: string, code: string, lines: { name: string; quantity: number }[]) {
  const res = await call('PUT', mine(`/booths/${boothId}/forms/${code}`), admin, { version: 0, lines, answers: [], submit: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string };
}
const invoices = async (headers = H, query = '') => {
  const res = await call('GET', ex(`/company-invoices${query}`), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { id: string; number: string; status: string; total: number; subtotal: number; company: { name: string }; lines: { submissionId: string; description: string; quantity: number; unitPrice: number; total: number }[]; paid: null | Record<string, unknown> }[];
};

let acme: string;
let shell: string;
let raw: string;
let adminA: Record<string, string>;
let beta: string;
let betaBooth: string;
let adminB: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, JWT_SECRET });
  const a = await signupOrganiser(t.app, { organisationName: 'Invoice Org' });
  H = bearer(a.accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Invoice Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Invoice Fair');
  const orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const role = await call('POST', '/api/auth/roles', H, { name: 'Forms reviewer', codes: ['AP-516', 'AP-519', 'AP-521'] });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'reviewer@invoice.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'reviewer@invoice.example', password: 'View#Secure2026' }, remoteAddress: '10.79.0.1' });
  viewer = bearer(login.json().data.accessToken);
  expect((await call('PUT', '/api/productservices/api/invoice-settings', H, { legalName: 'Expo Org Ltd', invoicePrefix: 'EXP-' })).statusCode).toBe(200);

  await setForm('EXTRA_FURNITURE');
  await setForm('FASCIA_NAME');
  acme = await company('Acme Stands');
  shell = await booth('S1', 'shell', acme, 0);
  raw = await booth('R1', 'raw', acme, 3);
  beta = await company('Beta Builders');
  betaBooth = await booth('S2', 'shell', beta, 6);
  adminA = await signInAdmin(acme, 'admin@acme.example');
  adminB = await signInAdmin(beta, 'admin@beta.example');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('company invoices', () => {
  let invoiceId: string;
  let furnitureId: string;

  it('bills an approved priced order on the company invoice, numbered from the series; a rejected one is not billed', async () => {
    const furniture = await submit(adminA, shell, 'EXTRA_FURNITURE', [
      { name: 'Chair', quantity: 2 },
      { name: 'Table', quantity: 1 },
    ]);
    furnitureId = furniture.id;
    const fascia = await submit(adminA, shell, 'FASCIA_NAME', [{ name: 'Chair', quantity: 3 }]);
    expect(await invoices()).toEqual([]);

    const rejected = await call('POST', ex(`/form-submissions/${fascia.id}/reject`), H, { reason: 'Fascia boards are included' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await invoices(), 'a rejected order is not invoiced').toEqual([]);

    expect((await call('POST', ex(`/form-submissions/${furniture.id}/approve`), H, {})).statusCode).toBe(200);
    const [inv, ...rest] = await invoices();
    expect(rest).toEqual([]);
    expect(inv).toMatchObject({ number: 'EXP-000001', status: 'open', company: { name: 'Acme Stands' }, currency: 'EUR', subtotal: 6500, tax: 0, total: 6500, paid: null });
    expect(inv!.lines.map((l) => [l.description, l.quantity, l.unitPrice, l.total])).toEqual([
      ['Extra Furniture (booth S1, Hall 1): Chair (piece)', 2, 1250, 2500],
      ['Extra Furniture (booth S1, Hall 1): Table (piece)', 1, 4000, 4000],
    ]);
    invoiceId = inv!.id;

    // The company admin sees it, with the providers it may pay with.
    const my = await call('GET', mine('/invoices'), adminA);
    expect(my.statusCode).toBe(200);
    expect(my.json().data).toMatchObject({ items: [{ id: invoiceId, total: 6500, status: 'open' }], providers: ['test'] });
  });

  it('puts a second approved order on the same open invoice; a replayed fact bills nothing twice', async () => {
    const second = await submit(adminA, raw, 'EXTRA_FURNITURE', [{ name: 'Chair', quantity: 4 }]);
    expect((await call('POST', ex(`/form-submissions/${second.id}/approve`), H, {})).statusCode).toBe(200);
    const [inv] = await invoices();
    expect(inv).toMatchObject({ id: invoiceId, total: 11500, subtotal: 11500 });
    expect(inv!.lines).toHaveLength(3);

    // Delivery is at least once: the same fact again changes nothing.
    await t.ctx.bus.publish('service-order.approved', {
      organisationId: (await t.ctx.tokens.verifyAccess(H.authorization!.slice(7)))!.organisationId!,
      eventId,
      companyId: acme,
      companyName: 'Acme Stands',
      billingEmail: 'admin@acme.example',
      submissionId: second.id,
      currency: 'EUR',
      lines: [{ description: 'again', quantity: 4, unitPrice: 1250, total: 5000 }],
    });
    const [same] = await invoices();
    expect(same).toMatchObject({ total: 11500 });
    expect(same!.lines).toHaveLength(3);
  });

  it('keeps other companies, organisations and missing codes out', async () => {
    expect((await call('GET', mine('/invoices'), adminB)).json().data.items).toEqual([]);
    expect((await call('POST', mine(`/invoices/${invoiceId}/pay`), adminB, { provider: 'test' })).statusCode).toBe(404);
    expect((await call('GET', mine(`/invoices/${invoiceId}/invoice.pdf`), adminB)).statusCode).toBe(404);
    expect((await call('GET', ex('/company-invoices'), other)).statusCode).toBe(404);
    expect((await call('POST', ex(`/company-invoices/${invoiceId}/mark-paid`), other, { method: 'cheque', reference: 'X' })).statusCode).toBe(404);
    expect((await call('GET', ex(`/company-invoices/${invoiceId}/invoice.pdf`), other)).statusCode).toBe(404);
    expect((await call('GET', ex('/company-invoices'), viewer)).statusCode).toBe(403);
    expect((await call('POST', ex(`/company-invoices/${invoiceId}/mark-paid`), viewer, { method: 'cheque', reference: 'X' })).statusCode).toBe(403);
    // An organiser is no company admin.
    expect((await call('GET', mine('/invoices'), H)).statusCode).toBe(403);
    // Anonymous.
    expect((await call('GET', mine('/invoices'), {})).statusCode).toBe(401);
  });

  it('serves the invoice PDF to the organiser and to the company admin', async () => {
    for (const [url, headers] of [
      [ex(`/company-invoices/${invoiceId}/invoice.pdf`), H],
      [mine(`/invoices/${invoiceId}/invoice.pdf`), adminA],
    ] as const) {
      const res = await call('GET', url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain('invoice-EXP-000001.pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('pays online on the test gateway: the invoice freezes, a later approval opens a new one, the signed webhook marks it paid once', async () => {
    expect((await call('POST', mine(`/invoices/${invoiceId}/pay`), adminA, { provider: 'stripe' })).json()).toMatchObject({ code: 'PROVIDER_NOT_ENABLED' });
    const pay = await call('POST', mine(`/invoices/${invoiceId}/pay`), adminA, { provider: 'test' });
    expect(pay.statusCode, pay.body).toBe(201);
    const { sessionId, redirectUrl } = pay.json().data;
    expect(redirectUrl).toBe(`/api/eventservices/public/payments/test-gateway/${sessionId}`);
    const page = await t.app.inject({ method: 'GET', url: redirectUrl, headers: { accept: 'application/json' } });
    expect(page.json().data).toMatchObject({ amount: 11500, currency: 'EUR', registrationNo: 'Invoice EXP-000001', status: 'created' });
    expect((await invoices())[0]).toMatchObject({ id: invoiceId, status: 'pending' });

    // The fascia, corrected and approved now, goes on a new invoice: the one being paid is not changed.
    const fascia = (await call('GET', mine(`/booths/${shell}/forms/FASCIA_NAME`), adminA)).json().data.submission;
    const again = await call('PUT', mine(`/booths/${shell}/forms/FASCIA_NAME`), adminA, { version: fascia.version, lines: [{ name: 'Table', quantity: 1 }], answers: [], submit: true });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('POST', ex(`/form-submissions/${again.json().data.id}/approve`), H, {})).statusCode).toBe(200);
    const both = await invoices(H, `?companyId=${acme}`);
    expect(both.map((i) => [i.number, i.status, i.total])).toEqual([
      ['EXP-000002', 'open', 4000],
      ['EXP-000001', 'pending', 11500],
    ]);

    // A forged webhook changes nothing.
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment.captured', created: Math.floor(Date.now() / 1000), data: { sessionId, amount: 11500, currency: 'EUR' } });
    const forged = await t.app.inject({ method: 'POST', url: '/api/eventservices/public/payments/webhooks/test', headers: { 'content-type': 'application/json', 'x-pavilion-signature': signPavilion('wrong', body, Math.floor(Date.now() / 1000)) }, payload: body });
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await invoices())[1]).toMatchObject({ status: 'pending' });

    // "Pay" on the gateway: its signed webhook goes through the app; back to the stand area.
    const done = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${sessionId}/complete`, payload: { outcome: 'pay' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'captured', redirectUrl: `/attendium/stand?eventId=${eventId}&invoice=${invoiceId}&payment=paid` });
    const paid = (await invoices()).find((i) => i.id === invoiceId)!;
    expect(paid).toMatchObject({ status: 'paid', total: 11500, paid: { via: 'online', provider: 'test', method: null } });

    // Again: a replay of the gateway is a no-op; a paid invoice cannot be paid or marked paid again.
    expect((await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${sessionId}/complete`, payload: { outcome: 'pay' } })).statusCode).toBe(200);
    expect((await call('POST', mine(`/invoices/${invoiceId}/pay`), adminA, { provider: 'test' })).json().code).toBe('COMPANY_INVOICE_PAID');
    expect((await call('POST', ex(`/company-invoices/${invoiceId}/mark-paid`), H, { method: 'cheque', reference: 'CH-1' })).json().code).toBe('COMPANY_INVOICE_PAID');
    const rows = await t.ctx.database.db.execute(sql`select status, amount from payments where company_invoice_id = ${invoiceId}`);
    expect(rows.rows).toEqual([{ status: 'captured', amount: 11500 }]);
    // No registration order was touched: nothing in the outbox failed.
    const failed = await t.ctx.database.db.execute(sql`select count(*)::int as n from event_outbox where error is not null`);
    expect(failed.rows[0]).toEqual({ n: 0 });
    expect(furnitureId).toBeTruthy();
  });

  it('marks an invoice paid offline with a reference, recording who and when; bad input is refused', async () => {
    const fascia = await submit(adminB, betaBooth, 'FASCIA_NAME', [{ name: 'Table', quantity: 2 }]);
    const furniture = await submit(adminB, betaBooth, 'EXTRA_FURNITURE', [{ name: 'Chair', quantity: 1 }]);
    await call('POST', ex(`/form-submissions/${fascia.id}/approve`), H, {});
    await call('POST', ex(`/form-submissions/${furniture.id}/approve`), H, {});
    const [inv, ...rest] = await invoices(H, `?companyId=${beta}`);
    expect(rest).toEqual([]);
    expect(inv).toMatchObject({ company: { name: 'Beta Builders' }, total: 9250, status: 'open' });

    const bad = await call('POST', ex(`/company-invoices/${inv!.id}/mark-paid`), H, { method: 'cheque', reference: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'reference', key: 'referenceRequired' }]);
    expect((await call('POST', ex(`/company-invoices/${inv!.id}/mark-paid`), H, { method: 'gold', reference: 'x' })).statusCode).toBe(400);

    const marked = await call('POST', ex(`/company-invoices/${inv!.id}/mark-paid`), H, { method: 'bank_transfer', reference: 'NEFT-4471' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ status: 'paid', paid: { via: 'offline', method: 'bank_transfer', reference: 'NEFT-4471' } });
    expect(marked.json().data.paid.byName).toBeTruthy();
    const mineNow = (await call('GET', mine('/invoices'), adminB)).json().data.items;
    expect(mineNow).toMatchObject([{ status: 'paid', paid: { via: 'offline', reference: 'NEFT-4471' } }]);
    expect((await call('POST', mine(`/invoices/${inv!.id}/pay`), adminB, { provider: 'test' })).json().code).toBe('COMPANY_INVOICE_PAID');
  });

  it('bills a form that needs no approval as it is submitted', async () => {
    await setForm('EXTRA_FURNITURE', { needsApproval: false, particulars: [{ name: 'Sofa', unit: 'piece', rate: 99.99, currency: 'EUR' }] });
    const gamma = await company('Gamma Goods');
    const gBooth = await booth('S3', 'shell', gamma, 9);
    const adminG = await signInAdmin(gamma, 'admin@gamma.example');
    const s = await submit(adminG, gBooth, 'EXTRA_FURNITURE', [{ name: 'Sofa', quantity: 3 }]);
    expect(s.status).toBe('approved');
    const [inv] = (await call('GET', mine('/invoices'), adminG)).json().data.items;
    expect(inv).toMatchObject({ total: 29997, status: 'open', lines: [{ quantity: 3, unitPrice: 9999, total: 29997 }] });
  });
});
