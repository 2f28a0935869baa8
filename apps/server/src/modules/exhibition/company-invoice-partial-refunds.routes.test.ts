import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { companyAdminOf } from './stand.fixtures.ts';

/*
 * Issue 15, part refunds of company invoices: several refunds up to the paid total, each with its own credit note
 * (the organisation's prefix, tax in proportion half up, the last one taking what remains), over-refunds refused
 * (also by concurrent requests on Postgres), a provider's `pending` refund whose credit note waits for its
 * confirmation on the test gateway (a failure frees the amount), and the credit-note prefix's rules.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let orgA: string;
let eventId: string;
let acme: string;
let adminA: Record<string, string>;

type Refund = { id: string; amount: number; status: string; via: string; reference: string; creditNote: null | { id: string; number: string; subtotal: number; tax: number; total: number } };
type Invoice = { id: string; number: string; status: string; total: number; tax: number; refundedAmount: number; refundableAmount: number; refunds: Refund[] };

const ex = (path: string) => `/api/eventservices/events/${eventId}/exhibition${path}`;
const mine = (path: string) => `/api/eventservices/events/${eventId}/my-stand${path}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const refund = (invoiceId: string, body: Record<string, unknown>) => call('POST', ex(`/company-invoices/${invoiceId}/refund`), H, body);
let submissions = 0;
/** Bills an approved order of these net amounts and answers the company's newest open invoice. */
async function billed(nets: number[]): Promise<Invoice> {
  await t.ctx.bus.publish('service-order.approved', {
    organisationId: orgA,
    eventId,
    companyId: acme,
    companyName: 'Acme Parts',
    billingEmail: 'billing@acme.example',
    submissionId: `part-${++submissions}`,
    currency: 'EUR',
    lines: nets.map((n, i) => ({ description: `Item ${i + 1}`, quantity: 1, unitPrice: n, total: n })),
  });
  return (await invoices()).find((i) => i.status === 'open')!;
}
async function invoices(): Promise<Invoice[]> {
  const res = await call('GET', ex(`/company-invoices?companyId=${acme}`), H);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}
const one = async (id: string) => (await invoices()).find((i) => i.id === id)!;
async function paidOffline(nets: number[]): Promise<Invoice> {
  const inv = await billed(nets);
  const res = await call('POST', ex(`/company-invoices/${inv.id}/mark-paid`), H, { method: 'bank_transfer', reference: `TRF-${inv.number}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** The admin pays on the test gateway, choosing "refunds settle later" (the gateway then answers refunds pending). */
async function paidOnGatewayWithPendingRefunds(nets: number[]): Promise<Invoice> {
  const inv = await billed(nets);
  const pay = await call('POST', mine(`/invoices/${inv.id}/pay`), adminA, { provider: 'test' });
  expect(pay.statusCode, pay.body).toBe(201);
  const done = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${pay.json().data.sessionId}/complete`, payload: { outcome: 'pay_refund_pending' } });
  expect(done.json().data.status).toBe('captured');
  return one(inv.id);
}
const settle = (refundRef: string, outcome: 'succeed' | 'fail') => t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${refundRef}/complete`, payload: { outcome } });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test' });
  const a = await signupOrganiser(t.app, { organisationName: 'Part Refund Org' });
  H = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Part Refund Fair');
  const res = await call('POST', ex('/companies'), H, { name: 'Acme Parts', contactEmail: 'contact@acmeparts.example' });
  acme = res.json().data.id;
  adminA = await companyAdminOf(t, smtp, H, eventId, acme, 'admin@acmeparts.example');
  expect((await call('PUT', ex('/company-invoice-tax'), H, { ratePercent: 19, taxName: 'VAT', taxId: '' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('credit note prefix', () => {
  it('is CN- until the organiser sets another (1 to 10 letters, digits or hyphens)', async () => {
    const url = '/api/productservices/api/invoice-settings';
    expect((await call('GET', url, H)).json().data.creditNotePrefix).toBe('CN-');
    for (const creditNotePrefix of ['', 'ABCDEFGHIJK', 'CN 1', 'CN_1', 'CN/']) {
      const res = await call('PUT', url, H, { creditNotePrefix });
      expect(res.statusCode, creditNotePrefix).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'creditNotePrefix', key: 'creditNotePrefixInvalid' }]);
    }
    const saved = await call('PUT', url, H, { creditNotePrefix: 'CR-26' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ creditNotePrefix: 'CR-26', invoicePrefix: 'INV-' });
  });
});

describe('part refunds', () => {
  it('refunds in parts with a credit note each, tax in proportion, until nothing is left', async () => {
    // 1000 + 333 net, 19 % per line: 190 + 63 = 253 tax, 1586 total.
    const inv = await paidOffline([1000, 333]);
    expect(inv).toMatchObject({ status: 'paid', total: 1586, tax: 253, refundedAmount: 0, refundableAmount: 1586 });

    const first = await refund(inv.id, { amount: 500, reason: 'One chair missing', reference: 'BACK-1' });
    expect(first.statusCode, first.body).toBe(200);
    // 500 × 253 / 1586 = 79.76 → 80 tax (half up), 420 net; the prefix set above.
    expect(first.json().data).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 500,
      refundableAmount: 1086,
      refunds: [{ amount: 500, status: 'succeeded', via: 'offline', reference: 'BACK-1', creditNote: { number: 'CR-26000001', subtotal: 420, tax: 80, total: 500 } }],
    });
    expect((await call('GET', ex(`/company-invoices?status=partially_refunded`), H)).json().data.items.map((i: Invoice) => i.id)).toEqual([inv.id]);
    // Still paid: it cannot be paid again, nor marked paid.
    expect((await call('POST', mine(`/invoices/${inv.id}/pay`), adminA, { provider: 'test' })).json().code).toBe('COMPANY_INVOICE_PAID');

    // More than what remains: refused, with what remains said.
    const over = await refund(inv.id, { amount: 1087, reason: 'Too much', reference: 'BACK-X' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', errors: [{ field: 'amount', key: 'refundTooLarge' }] });
    expect(over.json().message).toContain('EUR 10.86');
    // Offline without a reference.
    expect((await refund(inv.id, { amount: 100, reason: 'No reference' })).json().errors).toEqual([{ field: 'reference', key: 'referenceRequired' }]);

    // Without an amount: what remains. The last credit note takes the rest of the tax: 253 − 80 = 173.
    const rest = await refund(inv.id, { reason: 'Order cancelled', reference: 'BACK-2' });
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json().data as Invoice;
    expect(done).toMatchObject({ status: 'refunded', refundedAmount: 1586, refundableAmount: 0 });
    expect(done.refunds.map((r) => r.creditNote)).toMatchObject([
      { number: 'CR-26000001', subtotal: 420, tax: 80, total: 500 },
      { number: 'CR-26000002', subtotal: 913, tax: 173, total: 1086 },
    ]);
    expect((await refund(inv.id, { amount: 1, reason: 'Again', reference: 'B' })).json().code).toBe('COMPANY_INVOICE_REFUNDED');

    // Each credit note's PDF, by its id; an id of no note of this invoice is 404.
    const second = done.refunds[1]!.creditNote!;
    const pdf = await call('GET', ex(`/company-invoices/${inv.id}/credit-note.pdf?creditNoteId=${second.id}`), H);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('credit-note-CR-26000002.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const adminPdf = await call('GET', mine(`/invoices/${inv.id}/credit-note.pdf?creditNoteId=${second.id}`), adminA);
    expect(adminPdf.headers['content-disposition']).toContain('credit-note-CR-26000002.pdf');
    expect((await call('GET', ex(`/company-invoices/${inv.id}/credit-note.pdf?creditNoteId=nope`), H)).statusCode).toBe(404);
    expect((await call('GET', ex(`/company-invoices/${inv.id}/credit-note.pdf?other=1`), H)).statusCode).toBe(400);
    // The company admin sees both in My stand.
    const my = (await call('GET', mine('/invoices'), adminA)).json().data.items as Invoice[];
    expect(my.find((i) => i.id === inv.id)!.refunds.map((r) => r.creditNote?.number)).toEqual(['CR-26000001', 'CR-26000002']);
  });

  it('lets concurrent refunds together give back at most what was paid', async () => {
    const inv = await paidOffline([1000]);
    expect(inv.total).toBe(1190);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => refund(inv.id, { amount: 300, reason: 'Race', reference: `R-${n}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().code).toBe('REFUND_EXCEEDS_PAID');
    const after = await one(inv.id);
    expect(after).toMatchObject({ status: 'partially_refunded', refundedAmount: 900, refundableAmount: 290 });
    const rows = await t.ctx.database.db.execute(sql`select p.refunded_amount, (select count(*)::int from company_credit_notes c where c.invoice_id = ${inv.id}) as notes from payments p where p.company_invoice_id = ${inv.id}`);
    expect(rows.rows).toEqual([{ refunded_amount: 900, notes: 3 }]);
    expect(new Set(after.refunds.map((r) => r.creditNote!.number)).size).toBe(3);
  });
});

describe('pending provider refunds', () => {
  it('waits for the provider: the credit note on its confirmation, the amount freed on its failure', async () => {
    const inv = await paidOnGatewayWithPendingRefunds([2000]);
    expect(inv).toMatchObject({ status: 'paid', total: 2380 });

    const asked = await refund(inv.id, { amount: 1000, reason: 'Half the stand' });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = asked.json().data as Invoice;
    expect(pending).toMatchObject({ status: 'paid', refundedAmount: 0, refundableAmount: 1380, refunds: [{ amount: 1000, status: 'pending', via: 'online', creditNote: null }] });
    const ref = pending.refunds[0]!.reference;
    expect(ref).toMatch(/^test_re_/);
    // The pending amount is reserved: more than the rest is refused.
    expect((await refund(inv.id, { amount: 1381, reason: 'Too much' })).json().code).toBe('REFUND_EXCEEDS_PAID');
    expect((await call('GET', ex(`/company-invoices/${inv.id}/credit-note.pdf`), H)).statusCode).toBe(404);

    // The gateway confirms it (a signed refund.succeeded webhook): the credit note is issued, once.
    expect((await settle(ref, 'succeed')).json().data).toEqual({ status: 'succeeded' });
    expect((await settle(ref, 'fail')).json().data).toEqual({ status: 'succeeded' });
    const confirmed = await one(inv.id);
    expect(confirmed).toMatchObject({ status: 'partially_refunded', refundedAmount: 1000, refundableAmount: 1380, refunds: [{ status: 'succeeded', creditNote: { number: 'CR-26000006', total: 1000, tax: 160, subtotal: 840 } }] });

    // A second refund fails at the provider: no credit note, and its amount is refundable again.
    const second = await refund(inv.id, { amount: 1380, reason: 'The rest' });
    expect(second.json().data).toMatchObject({ refundableAmount: 0, refunds: [{ status: 'succeeded' }, { status: 'pending' }] });
    expect((await settle(second.json().data.refunds[1].reference, 'fail')).json().data).toEqual({ status: 'failed' });
    const failed = await one(inv.id);
    expect(failed).toMatchObject({ status: 'partially_refunded', refundedAmount: 1000, refundableAmount: 1380, refunds: [{ status: 'succeeded' }, { status: 'failed', creditNote: null }] });
    const payment = await t.ctx.database.db.execute(sql`select status, refunded_amount from payments where company_invoice_id = ${inv.id}`);
    expect(payment.rows).toEqual([{ status: 'partially_refunded', refunded_amount: 1000 }]);

    // Refunded again, and confirmed: refunded whole, the last credit note takes the rest of the tax (380 − 160).
    const third = await refund(inv.id, { reason: 'The rest, again' });
    await settle(third.json().data.refunds[2].reference, 'succeed');
    expect(await one(inv.id)).toMatchObject({ status: 'refunded', refundedAmount: 2380, refundableAmount: 0 });
    expect((await one(inv.id)).refunds[2]!.creditNote).toMatchObject({ number: 'CR-26000007', total: 1380, tax: 220, subtotal: 1160 });
    expect((await settle('test_re_unknown', 'succeed')).statusCode).toBe(404);
  });
});
