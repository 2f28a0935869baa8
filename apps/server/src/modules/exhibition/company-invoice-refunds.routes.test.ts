import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { signPavilion } from '../payments/index.ts';
import { companyAdminOf, participantOf } from './stand.fixtures.ts';

/*
 * Issue 15, company invoices' money: the event's tax (per line, half up, in cents; open invoices re-taxed, frozen and
 * paid ones kept), the organiser's whole refund with its credit note (online through the test gateway, offline with a
 * reference; CN- numbers per organisation; twice 409; unpaid 409), the admin's credit-note PDF, and a second payment
 * (paid online after the organiser marked the invoice paid offline) given back once, whatever is replayed.
 * The orders are billed by exhibition's durable fact `service-order.approved` (its approval path has its own tests).
 */
const JWT_SECRET = 'company-invoice-refunds-secret-at-least-32-chars';
const GATEWAY_SECRET = createHash('sha256').update(`pavilion-test-gateway:${JWT_SECRET}`).digest('hex');
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let orgA: string;
let orgB: string;
let eventId: string;
let eventB: string;
let acme: string;
let beta: string;
let adminA: Record<string, string>;
let adminB: Record<string, string>;
let visitor: Record<string, string>;

type Invoice = {
  id: string;
  number: string;
  status: string;
  subtotal: number;
  tax: number;
  total: number;
  taxRateBp: number;
  taxName: string;
  lines: { net: number; tax: number; total: number }[];
  paid: null | { via: string };
  refundedAmount: number;
  refundableAmount: number;
  refunds: { id: string; amount: number; status: string; via: string; reference: string; reason: string; creditNote: null | { id: string; number: string; subtotal: number; tax: number; total: number } }[];
  returnedPayments: { provider: string; amount: number; status: string }[];
};

const ex = (path: string, ev = eventId) => `/api/eventservices/events/${ev}/exhibition${path}`;
const mine = (path = '') => `/api/eventservices/events/${eventId}/my-stand${path}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
let submissions = 0;
/** Bills an approved order of these net line amounts (unit prices, quantity 1) to the company, as exhibition does. */
async function bill(companyId: string, nets: number[], organisationId = orgA, ev = eventId) {
  await t.ctx.bus.publish('service-order.approved', {
    organisationId,
    eventId: ev,
    companyId,
    companyName: `Company ${companyId.slice(0, 4)}`,
    billingEmail: 'billing@firm.example',
    submissionId: `sub-${++submissions}-${companyId}`,
    currency: 'EUR',
    lines: nets.map((n, i) => ({ description: `Item ${i + 1}`, quantity: 1, unitPrice: n, total: n })),
  });
}
async function invoicesOf(companyId: string, headers = H, ev = eventId): Promise<Invoice[]> {
  const res = await call('GET', ex(`/company-invoices?companyId=${companyId}`, ev), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}
const setTax = (body: unknown, headers = H, ev = eventId) => call('PUT', ex('/company-invoice-tax', ev), headers, body);
async function payOnGateway(admin: Record<string, string>, invoiceId: string) {
  const pay = await call('POST', mine(`/invoices/${invoiceId}/pay`), admin, { provider: 'test' });
  expect(pay.statusCode, pay.body).toBe(201);
  return pay.json().data.sessionId as string;
}
const complete = (sessionId: string) => t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${sessionId}/complete`, payload: { outcome: 'pay' } });
async function company(name: string, headers = H, ev = eventId) {
  const res = await call('POST', ex('/companies', ev), headers, { name, contactEmail: `${name.toLowerCase().replace(/\W/g, '')}@firm.example` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test', JWT_SECRET });
  const a = await signupOrganiser(t.app, { organisationName: 'Tax Org' });
  const b = await signupOrganiser(t.app, { organisationName: 'Rival Tax Org' });
  H = bearer(a.accessToken);
  other = bearer(b.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  orgB = (await t.ctx.tokens.verifyAccess(b.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Tax Fair');
  eventB = await createEvent(t.app, b.accessToken, 'Rival Fair');
  // A team member who may see invoices (AP-191), and nothing of taxes, refunds or credit notes.
  const role = await call('POST', '/api/auth/roles', H, { name: 'Invoice viewer', codes: ['AP-191'] });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'viewer@tax.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'viewer@tax.example', password: 'View#Secure2026' }, remoteAddress: '10.79.1.1' });
  viewer = bearer(login.json().data.accessToken);
  acme = await company('Acme Taxed');
  beta = await company('Beta Taxed');
  adminA = await companyAdminOf(t, smtp, H, eventId, acme, 'admin@acmetaxed.example');
  adminB = await companyAdminOf(t, smtp, H, eventId, beta, 'admin@betataxed.example');
  visitor = await participantOf(t, orgA, eventId, 'visitor@tax.example');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('company invoice tax', () => {
  it('refuses a bad rate by key, the codes and another organisation; starts at no tax', async () => {
    expect((await call('GET', ex('/company-invoice-tax'), H)).json().data).toEqual({ ratePercent: 0, taxRateBp: 0, taxName: '', taxId: '' });
    for (const ratePercent of [-1, 100.01, 19.125, '19']) {
      const res = await setTax({ ratePercent, taxName: 'VAT', taxId: '' });
      expect(res.statusCode, String(ratePercent)).toBe(400);
      if (typeof ratePercent === 'number') expect(res.json().errors).toEqual([{ field: 'ratePercent', key: 'taxRateInvalid' }]);
    }
    expect((await setTax({ ratePercent: 19, taxName: 'x'.repeat(41), taxId: '' })).statusCode).toBe(400);
    expect((await setTax({ ratePercent: 19, taxName: 'VAT', taxId: '', extra: 1 })).statusCode).toBe(400);
    expect((await setTax({ ratePercent: 19, taxName: 'VAT', taxId: '' }, viewer)).statusCode).toBe(403);
    expect((await call('GET', ex('/company-invoice-tax'), viewer)).statusCode).toBe(403);
    expect((await setTax({ ratePercent: 19, taxName: 'VAT', taxId: '' }, other)).statusCode).toBe(404);
    expect((await call('GET', ex('/company-invoice-tax'), H)).json().data.taxRateBp).toBe(0);
  });

  it('taxes each line at the rate, rounded half up per line in cents', async () => {
    const saved = await setTax({ ratePercent: 19, taxName: 'VAT', taxId: 'DE 123 456 789' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ ratePercent: 19, taxRateBp: 1900, taxName: 'VAT', taxId: 'DE 123 456 789' });
    // 12.50 × 19 % = 2.375 → 2.38 (half up); 10.50 → 1.995 → 2.00; 3.33 → 0.6327 → 0.63. On the sum it would be 5.0027 → 5.00.
    await bill(acme, [1250, 1050, 333]);
    const [inv] = await invoicesOf(acme);
    expect(inv!.lines.map((l) => [l.net, l.tax, l.total])).toEqual([
      [1250, 238, 1488],
      [1050, 200, 1250],
      [333, 63, 396],
    ]);
    expect(inv).toMatchObject({ status: 'open', subtotal: 2633, tax: 501, total: 3134, taxRateBp: 1900, taxName: 'VAT' });
  });

  it('re-taxes an open invoice when the rate changes; a frozen or paid one keeps its figures', async () => {
    expect((await setTax({ ratePercent: 7.5, taxName: 'VAT', taxId: '' })).statusCode).toBe(200);
    const [open] = await invoicesOf(acme);
    // 1250 × 7.5 % = 93.75 → 94; 1050 → 78.75 → 79; 333 → 24.975 → 25.
    expect(open).toMatchObject({ status: 'open', subtotal: 2633, tax: 198, total: 2831, taxRateBp: 750 });

    // The admin starts paying it: frozen at 7.5 %. A new rate does not touch it; a new order opens a new invoice.
    const session = await payOnGateway(adminA, open!.id);
    expect((await setTax({ ratePercent: 20, taxName: 'VAT', taxId: '' })).statusCode).toBe(200);
    const [frozen] = await invoicesOf(acme);
    expect(frozen).toMatchObject({ id: open!.id, status: 'pending', tax: 198, total: 2831, taxRateBp: 750 });
    await bill(acme, [1000]);
    const [fresh, again] = await invoicesOf(acme);
    expect(fresh).toMatchObject({ status: 'open', subtotal: 1000, tax: 200, total: 1200, taxRateBp: 2000 });
    expect(again).toMatchObject({ id: open!.id, total: 2831 });

    // Paid online, then another rate: still 7.5 %.
    expect((await complete(session)).json().data.status).toBe('captured');
    expect((await setTax({ ratePercent: 0, taxName: '', taxId: '' })).statusCode).toBe(200);
    const paid = (await invoicesOf(acme)).find((i) => i.id === open!.id)!;
    expect(paid).toMatchObject({ status: 'paid', tax: 198, total: 2831, taxRateBp: 750, paid: { via: 'online' } });
    expect((await invoicesOf(acme)).find((i) => i.id === fresh!.id)).toMatchObject({ tax: 0, total: 1000, taxRateBp: 0 });

    // The PDF carries the tax.
    const pdf = await call('GET', ex(`/company-invoices/${open!.id}/invoice.pdf`), H);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('company invoice refunds and credit notes', () => {
  let paidOnline: Invoice;
  let paidOffline: Invoice;

  it('refuses to refund an unpaid invoice, and without a reason', async () => {
    const open = (await invoicesOf(acme)).find((i) => i.status === 'open')!;
    const res = await call('POST', ex(`/company-invoices/${open.id}/refund`), H, { reason: 'Cancelled' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COMPANY_INVOICE_NOT_PAID');
    paidOnline = (await invoicesOf(acme)).find((i) => i.status === 'paid')!;
    const bad = await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), H, { reason: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'reason', key: 'refundReasonRequired' }]);
    expect((await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), H, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    for (const amount of [0, -5, 1.5, '5']) expect((await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), H, { reason: 'ok', amount })).statusCode, String(amount)).toBe(400);
  });

  it('keeps staff, other companies and other organisations out', async () => {
    expect((await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), viewer, { reason: 'No' })).statusCode).toBe(403);
    expect((await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), other, { reason: 'No' })).statusCode).toBe(404);
    expect((await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`, eventB), other, { reason: 'No' })).statusCode).toBe(404);
    expect((await invoicesOf(acme)).find((i) => i.id === paidOnline.id)).toMatchObject({ status: 'paid', refunds: [] });
  });

  it('refunds an online payment through the test gateway and issues credit note CN-000001; twice is 409', async () => {
    const res = await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), H, { reason: 'Stand cancelled by the organiser' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'refunded',
      total: 2831,
      refundedAmount: 2831,
      refundableAmount: 0,
      paid: { via: 'online' },
      refunds: [{ amount: 2831, status: 'succeeded', via: 'online', reason: 'Stand cancelled by the organiser', creditNote: { number: 'CN-000001', subtotal: 2633, tax: 198, total: 2831 } }],
    });
    expect(res.json().data.refunds[0].reference).toMatch(/^test_re_/);
    const rows = await t.ctx.database.db.execute(sql`select p.status, p.refunded_amount, r.status as refund from payments p join refunds r on r.payment_id = p.id where p.company_invoice_id = ${paidOnline.id}`);
    expect(rows.rows).toEqual([{ status: 'refunded', refunded_amount: 2831, refund: 'succeeded' }]);

    const twice = await call('POST', ex(`/company-invoices/${paidOnline.id}/refund`), H, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('COMPANY_INVOICE_REFUNDED');
    // A refunded invoice cannot be paid again.
    expect((await call('POST', mine(`/invoices/${paidOnline.id}/pay`), adminA, { provider: 'test' })).json().code).toBe('COMPANY_INVOICE_REFUNDED');
    expect((await call('POST', ex(`/company-invoices/${paidOnline.id}/mark-paid`), H, { method: 'cash', reference: 'C1' })).json().code).toBe('COMPANY_INVOICE_REFUNDED');
  });

  it('refunds an offline payment with its reference (required), numbered CN-000002; two at once give one', async () => {
    await bill(beta, [5000]);
    const [inv] = await invoicesOf(beta);
    expect((await call('POST', ex(`/company-invoices/${inv!.id}/mark-paid`), H, { method: 'bank_transfer', reference: 'NEFT-1' })).statusCode).toBe(200);
    const missing = await call('POST', ex(`/company-invoices/${inv!.id}/refund`), H, { reason: 'Double booking' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'reference', key: 'referenceRequired' }]);
    expect((await invoicesOf(beta))[0]).toMatchObject({ status: 'paid', refunds: [] });

    const both = await Promise.all([1, 2].map((n) => call('POST', ex(`/company-invoices/${inv!.id}/refund`), H, { reason: 'Double booking', reference: `BACK-${n}` })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    paidOffline = both.find((r) => r.statusCode === 200)!.json().data;
    expect(paidOffline).toMatchObject({ status: 'refunded', refunds: [{ amount: 5000, via: 'offline', creditNote: { number: 'CN-000002', total: 5000 } }] });
    expect(paidOffline.refunds[0]!.reference).toMatch(/^BACK-[12]$/);
  });

  it('numbers credit notes per organisation', async () => {
    const rival = await company('Rival Taxed', other, eventB);
    await bill(rival, [700], orgB, eventB);
    const [inv] = await invoicesOf(rival, other, eventB);
    expect((await call('POST', ex(`/company-invoices/${inv!.id}/mark-paid`, eventB), other, { method: 'cash', reference: 'R-1' })).statusCode).toBe(200);
    const res = await call('POST', ex(`/company-invoices/${inv!.id}/refund`, eventB), other, { reason: 'Rival refund', reference: 'R-BACK' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refunds[0].creditNote.number).toBe('CN-000001');
    // Organisation A's invoice is not theirs, nor A's credit note.
    expect((await call('GET', ex(`/company-invoices/${paidOnline.id}/credit-note.pdf`, eventB), other)).statusCode).toBe(404);
  });

  it('serves the credit note PDF to the organiser and the company admin only', async () => {
    for (const [url, headers] of [
      [ex(`/company-invoices/${paidOnline.id}/credit-note.pdf`), H],
      [mine(`/invoices/${paidOnline.id}/credit-note.pdf`), adminA],
    ] as const) {
      const res = await call('GET', url, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain('credit-note-CN-000001.pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The admin sees it on the invoice in My stand.
    const my = (await call('GET', mine('/invoices'), adminA)).json().data.items as Invoice[];
    expect(my.find((i) => i.id === paidOnline.id)).toMatchObject({ status: 'refunded', refunds: [{ creditNote: { number: 'CN-000001', total: 2831 } }] });
    // Another company's admin, a visitor (no company), the invoice viewer without AP-199, another organisation.
    expect((await call('GET', mine(`/invoices/${paidOnline.id}/credit-note.pdf`), adminB)).statusCode).toBe(404);
    expect((await call('GET', mine(`/invoices/${paidOnline.id}/credit-note.pdf`), visitor)).statusCode).toBe(403);
    expect((await call('GET', ex(`/company-invoices/${paidOnline.id}/credit-note.pdf`), viewer)).statusCode).toBe(403);
    expect((await call('GET', ex(`/company-invoices/${paidOnline.id}/credit-note.pdf`), other)).statusCode).toBe(404);
    expect((await call('GET', mine(`/invoices/${paidOnline.id}/credit-note.pdf`), {})).statusCode).toBe(401);
    // An invoice without a credit note has none.
    const open = (await invoicesOf(acme)).find((i) => i.status === 'open')!;
    expect((await call('GET', ex(`/company-invoices/${open.id}/credit-note.pdf`), H)).statusCode).toBe(404);
  });
});

describe('a second payment of a paid invoice', () => {
  it('is given back through the provider once, whatever is replayed, and shown to the organiser', async () => {
    const open = (await invoicesOf(acme)).find((i) => i.status === 'open')!;
    // The admin opens the gateway; meanwhile the organiser records a bank transfer; then the admin pays online.
    const session = await payOnGateway(adminA, open.id);
    expect((await call('POST', ex(`/company-invoices/${open.id}/mark-paid`), H, { method: 'bank_transfer', reference: 'TRF-9' })).statusCode).toBe(200);
    // Captured, and at once given back (the invoice was paid already).
    expect((await complete(session)).json().data.status).toBe('refunded');

    const refundsOf = async () =>
      (await t.ctx.database.db.execute(sql`select r.status, r.amount from refunds r join payments p on p.id = r.payment_id where p.session_id = ${session}`)).rows;
    expect(await refundsOf()).toEqual([{ status: 'succeeded', amount: 1000 }]);
    const [inv] = (await invoicesOf(acme)).filter((i) => i.id === open.id);
    expect(inv).toMatchObject({ status: 'paid', paid: { via: 'offline' }, refunds: [], refundableAmount: 1000, returnedPayments: [{ provider: 'test', amount: 1000, status: 'succeeded' }] });

    // Replays: the gateway again, the same webhook again, another event for the same session, the fact again.
    await complete(session);
    const now = Math.floor(Date.now() / 1000);
    for (const id of ['evt_replay_1', 'evt_replay_1', 'evt_replay_2']) {
      const body = JSON.stringify({ id, type: 'payment.captured', created: now, data: { sessionId: session, amount: 1000, currency: 'EUR' } });
      const res = await t.app.inject({ method: 'POST', url: '/api/eventservices/public/payments/webhooks/test', headers: { 'content-type': 'application/json', 'x-pavilion-signature': signPavilion(GATEWAY_SECRET, body, now) }, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [payment] = (await t.ctx.database.db.execute(sql`select id, status, refunded_amount from payments where session_id = ${session}`)).rows as { id: string; status: string; refunded_amount: number }[];
    await t.ctx.bus.publish('company-invoice.overpaid', { paymentId: payment!.id });
    await t.ctx.payments.reconcile();
    expect(payment).toMatchObject({ status: 'refunded', refunded_amount: 1000 });
    expect(await refundsOf()).toEqual([{ status: 'succeeded', amount: 1000 }]);
    // The invoice was paid once: still offline, no credit note; its own refund still works.
    const refund = await call('POST', ex(`/company-invoices/${open.id}/refund`), H, { reason: 'Goodwill', reference: 'TRF-9-BACK' });
    expect(refund.json().data).toMatchObject({ status: 'refunded', refunds: [{ via: 'offline', creditNote: { number: 'CN-000003' } }], returnedPayments: [{ amount: 1000 }] });
  });
});
