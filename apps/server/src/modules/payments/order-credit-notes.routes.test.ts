import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { signPavilion } from './index.ts';

/**
 * Issue 15: credit notes of refunded registration orders. Each succeeded refund of an invoiced order (whole, part,
 * or pending and later confirmed by the provider) gets exactly one credit note from the organisation's credit-note
 * series, with its tax in proportion to the invoice's; a failed refund gets none and uses no number; replayed and
 * concurrent settle notices issue it once. The organiser (in scope) and the buyer (by the order's unguessable id)
 * download its PDF; the buyer is mailed it through registration's mail outbox.
 * On Postgres (CI's DATABASE_URL or the local one), for the concurrent notices; the environment is put back afterwards.
 */
const envBefore = process.env.DATABASE_URL;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const JWT = 'order-credit-notes-test-secret-at-least-32-chars';
const gatewaySecret = createHash('sha256').update(`pavilion-test-gateway:${JWT}`).digest('hex');

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

type CreditNote = { id: string; number: string; invoiceNumber: string; subtotal: number; tax: number; total: number; currency: string; createdAt: string };
type Refund = { id: string; amount: number; status: string; creditNote: CreditNote | null };
type Paid = { eventId: string; orderId: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, JWT_SECRET: JWT });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  if (envBefore === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = envBefore;
});

/** A fresh organisation (its credit-note series starts at CN-000001) and an order of a 100.00 + 19 % ticket, paid on the test gateway. */
async function paidOrder(outcome: 'pay' | 'pay_refund_pending' = 'pay', token?: string): Promise<Paid> {
  const accessToken = token ?? (await signupOrganiser(t.app)).accessToken;
  const eventId = await createEvent(t.app, accessToken);
  const ticket = await createTicket(t.app, accessToken, eventId, { price: 10000, taxRateBp: 1900, capacity: 5 });
  const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 11900, paymentProvider: 'test' }));
  expect(res.statusCode).toBe(201);
  const data = res.json().data as { order: { id: string }; payment: { sessionId: string } };
  const done = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${data.payment.sessionId}/complete`, payload: { outcome } });
  expect(done.json().data.status).toBe('captured');
  await t.ctx.outbox.worker.idle();
  return { eventId, orderId: data.order.id, token: accessToken };
}
const refundsUrl = (o: Paid) => `/api/productservices/api/events/${o.eventId}/orders/${o.orderId}/refunds`;
const refund = (o: Paid, payload: object) => t.app.inject({ method: 'POST', url: refundsUrl(o), headers: bearer(o.token), payload });
const refunds = async (o: Paid) => (await t.app.inject({ url: refundsUrl(o), headers: bearer(o.token) })).json().data as Refund[];
const organiserPdfUrl = (o: Pick<Paid, 'eventId' | 'orderId'>, creditNoteId: string) => `/api/eventservices/events/${o.eventId}/orders/${o.orderId}/credit-notes/${creditNoteId}/credit-note.pdf`;
const publicPdfUrl = (orderId: string, creditNoteId: string) => `/api/eventservices/public/orders/${orderId}/credit-notes/${creditNoteId}/credit-note.pdf`;
const publicNotes = async (orderId: string) => (await t.app.inject({ url: `/api/eventservices/public/orders/${orderId}/credit-notes` })).json().data as (CreditNote & { pdfUrl: string })[];
async function order(o: Paid) {
  return (await t.app.inject({ url: `/api/eventservices/events/${o.eventId}/orders/${o.orderId}`, headers: bearer(o.token) })).json().data as { status: string; paymentStatus: string; refundedAmount: number; invoiceNumber: string };
}
const refundRefOf = async (refundId: string) => ((await t.ctx.database.db.execute(sql`select provider_ref from refunds where id = ${refundId}`)).rows[0] as { provider_ref: string }).provider_ref;
const notesInDb = async (orderId: string) => Number(((await t.ctx.database.db.execute(sql`select count(*)::int as n from order_credit_notes where order_id = ${orderId}`)).rows[0] as { n: number }).n);
function gatewayWebhook(id: string, type: 'refund.succeeded' | 'refund.failed', refundRef: string) {
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id, type, created, data: { refundRef } });
  return t.app.inject({ method: 'POST', url: '/api/eventservices/public/payments/webhooks/test', headers: { 'content-type': 'application/json', 'x-pavilion-signature': signPavilion(gatewaySecret, body, created) }, payload: body });
}
/** The PDF's number and total, as pdf-lib reads them from its metadata. */
async function pdfFacts(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  return { title: doc.getTitle(), subject: doc.getSubject(), pages: doc.getPageCount() };
}
/** Mails to the buyer about this order's credit note (after the mail job ran; every organisation has a CN-000001). */
async function creditNoteMails(o: Pick<Paid, 'orderId'>, number: string) {
  await t.ctx.outbox.worker.idle();
  await t.ctx.registration.mailWorker.idle();
  return smtp.messages.filter((m) => {
    const text = m.raw.replace(/=\r?\n/g, '');
    return text.includes(`Subject: Credit note ${number} for your registration`) && text.includes(`/orders/${o.orderId}/credit-notes/`);
  });
}

describe('credit notes of registration orders', () => {
  it('a whole refund issues one credit note for the order total, downloadable by organiser and buyer, and mails it to the buyer', async () => {
    const o = await paidOrder();
    const { invoiceNumber } = await order(o);
    expect(invoiceNumber).toMatch(/^INV-/);
    const res = await refund(o, { reason: 'Event moved' });
    expect(res.statusCode).toBe(201);
    const r = res.json().data as Refund;
    expect(r).toMatchObject({ amount: 11900, status: 'succeeded', creditNote: { number: 'CN-000001', invoiceNumber, subtotal: 10000, tax: 1900, total: 11900, currency: 'EUR' } });
    const note = r.creditNote!;
    expect(await refunds(o)).toEqual([expect.objectContaining({ id: r.id, creditNote: note })]);
    expect(await order(o)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 11900 });

    const pdf = await t.app.inject({ url: organiserPdfUrl(o, note.id), headers: bearer(o.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="credit-note-CN-000001.pdf"');
    expect(await pdfFacts(pdf.rawPayload)).toEqual({ title: 'Credit note CN-000001', subject: 'CREDIT NOTE CN-000001: total EUR -119.00', pages: 1 });

    // The buyer: the order's credit notes and the same PDF, by the order's id.
    expect(await publicNotes(o.orderId)).toEqual([{ ...note, pdfUrl: publicPdfUrl(o.orderId, note.id) }]);
    const mine = await t.app.inject({ url: publicPdfUrl(o.orderId, note.id) });
    expect(mine.statusCode).toBe(200);
    expect((await pdfFacts(mine.rawPayload)).title).toBe('Credit note CN-000001');

    // The buyer's mail, with the PDF attached and its link.
    const mails = await creditNoteMails(o, 'CN-000001');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['bea@example.com']);
    const parsed = await PostalMime.parse(mails[0]!.raw);
    expect(parsed.text).toContain('EUR 119.00 of your registration');
    expect(parsed.text).toContain(`credits invoice ${invoiceNumber}`);
    expect(parsed.text).toContain(publicPdfUrl(o.orderId, note.id));
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([['credit-note-CN-000001.pdf', 'application/pdf']]);
    expect((await pdfFacts(Buffer.from(parsed.attachments[0]!.content as ArrayBuffer))).subject).toBe('CREDIT NOTE CN-000001: total EUR -119.00');
  });

  it('two part refunds issue a credit note each, numbered in turn, tax in proportion; the last one takes the rest of the tax', async () => {
    const o = await paidOrder();
    const first = (await refund(o, { amount: 3000, reason: 'One day only' })).json().data as Refund;
    const second = (await refund(o, { amount: 4000 })).json().data as Refund;
    // 3000 × 1900 / 11900 = 479 (half up); 4000 × 1900 / 11900 = 639.
    expect(first.creditNote).toMatchObject({ number: 'CN-000001', total: 3000, tax: 479, subtotal: 2521 });
    expect(second.creditNote).toMatchObject({ number: 'CN-000002', total: 4000, tax: 639, subtotal: 3361 });
    expect(await order(o)).toMatchObject({ status: 'paid', paymentStatus: 'partially_refunded', refundedAmount: 7000 });
    const pdf = await t.app.inject({ url: organiserPdfUrl(o, second.creditNote!.id), headers: bearer(o.token) });
    expect((await pdfFacts(pdf.rawPayload)).subject).toBe('CREDIT NOTE CN-000002: total EUR -40.00');

    const rest = (await refund(o, {})).json().data as Refund;
    expect(rest.creditNote).toMatchObject({ number: 'CN-000003', total: 4900, tax: 1900 - 479 - 639, subtotal: 4900 - 782 });
    const notes = await publicNotes(o.orderId);
    expect(notes.map((n) => n.number)).toEqual(['CN-000001', 'CN-000002', 'CN-000003']);
    expect(notes.reduce((a, n) => a + n.tax, 0)).toBe(1900);
    for (const n of ['CN-000001', 'CN-000002', 'CN-000003']) expect(await creditNoteMails(o, n)).toHaveLength(1);
  });

  it('a pending refund gets its credit note when the provider confirms it, not before', async () => {
    const o = await paidOrder('pay_refund_pending');
    const pending = (await refund(o, { amount: 5000, reason: 'Later' })).json().data as Refund;
    expect(pending).toMatchObject({ status: 'pending', creditNote: null });
    expect(await publicNotes(o.orderId)).toEqual([]);

    const settled = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${await refundRefOf(pending.id)}/complete`, payload: { outcome: 'succeed' } });
    expect(settled.json().data).toEqual({ status: 'succeeded' });
    const [after] = await refunds(o);
    expect(after).toMatchObject({ id: pending.id, status: 'succeeded', creditNote: { number: 'CN-000001', total: 5000, tax: 798, subtotal: 4202 } });
    expect(await order(o)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 5000 });
    expect(await creditNoteMails(o, 'CN-000001')).toHaveLength(1);
  });

  it('a pending refund that fails gets no credit note and uses no number', async () => {
    const o = await paidOrder('pay_refund_pending');
    const pending = (await refund(o, { amount: 5000 })).json().data as Refund;
    const failed = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${await refundRefOf(pending.id)}/complete`, payload: { outcome: 'fail' } });
    expect(failed.json().data).toEqual({ status: 'failed' });
    expect(await refunds(o)).toEqual([expect.objectContaining({ status: 'failed', creditNote: null })]);
    expect(await publicNotes(o.orderId)).toEqual([]);
    expect(await notesInDb(o.orderId)).toBe(0);
    // A later notice claiming success for the failed refund changes nothing.
    expect((await gatewayWebhook(`evt_late_${pending.id}`, 'refund.succeeded', await refundRefOf(pending.id))).statusCode).toBe(200);
    expect(await notesInDb(o.orderId)).toBe(0);

    // The next refund that succeeds at the provider is the organisation's first credit note.
    const next = (await refund(o, { amount: 5000 })).json().data as Refund;
    const ref = await refundRefOf(next.id);
    await gatewayWebhook(`evt_ok_${next.id}`, 'refund.succeeded', ref);
    expect((await refunds(o)).find((r) => r.id === next.id)!.creditNote).toMatchObject({ number: 'CN-000001' });
  });

  it('replayed and concurrent settle notices issue the credit note once, and mail it once', async () => {
    const o = await paidOrder('pay_refund_pending');
    const pending = (await refund(o, { amount: 2000 })).json().data as Refund;
    const ref = await refundRefOf(pending.id);
    // Five different notices of the same settlement at once (Postgres: really concurrent), then replays.
    const all = await Promise.all(Array.from({ length: 5 }, (_, i) => gatewayWebhook(`evt_race_${pending.id}_${i}`, 'refund.succeeded', ref)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await gatewayWebhook(`evt_race_${pending.id}_0`, 'refund.succeeded', ref)).json().data).toEqual({ received: true, duplicate: true });
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${ref}/complete`, payload: { outcome: 'succeed' } });
    // A fact delivered again (at least once) does not mail it twice.
    const [r] = await refunds(o);
    const again = await t.ctx.outbox.write(t.ctx.database.db, 'payment.refunded', { orderId: o.orderId, refundedTotal: 2000, amount: 2000, reason: undefined, actorUserId: null, creditNoteId: r!.creditNote!.id });
    await t.ctx.outbox.deliver(again);

    expect(await notesInDb(o.orderId)).toBe(1);
    expect(r).toMatchObject({ status: 'succeeded', creditNote: { number: 'CN-000001', total: 2000 } });
    expect(await order(o)).toMatchObject({ refundedAmount: 2000 });
    expect(await creditNoteMails(o, 'CN-000001')).toHaveLength(1);
    // The series moved once: the next credit note is CN-000002.
    const next = (await refund(o, { amount: 100 })).json().data as Refund;
    expect(next.status).toBe('pending');
    await gatewayWebhook(`evt_next_${next.id}`, 'refund.succeeded', await refundRefOf(next.id));
    expect((await refunds(o)).find((x) => x.id === next.id)!.creditNote).toMatchObject({ number: 'CN-000002' });
  });

  it('another organisation, another order and bad ids get no credit note', async () => {
    const o = await paidOrder();
    const note = ((await refund(o, { amount: 1000 })).json().data as Refund).creditNote!;
    // Another organiser: neither through this event nor through their own.
    const other = await signupOrganiser(t.app);
    expect((await t.app.inject({ url: organiserPdfUrl(o, note.id), headers: bearer(other.accessToken) })).statusCode).toBe(404);
    const theirEvent = await createEvent(t.app, other.accessToken);
    expect((await t.app.inject({ url: organiserPdfUrl({ eventId: theirEvent, orderId: o.orderId }, note.id), headers: bearer(other.accessToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: organiserPdfUrl(o, note.id) })).statusCode).toBe(401);

    // The same organiser's other order (in another event) does not show this order's note.
    const b = await paidOrder('pay', o.token);
    const noteB = ((await refund(b, { amount: 500 })).json().data as Refund).creditNote!;
    expect(noteB.number).toBe('CN-000002');
    expect((await t.app.inject({ url: organiserPdfUrl(b, note.id), headers: bearer(o.token) })).json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    expect((await t.app.inject({ url: organiserPdfUrl({ eventId: o.eventId, orderId: b.orderId }, noteB.id), headers: bearer(o.token) })).statusCode).toBe(404);

    // The buyer of another order: 404, whichever way round.
    expect((await t.app.inject({ url: publicPdfUrl(b.orderId, note.id) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: publicPdfUrl(o.orderId, noteB.id) })).statusCode).toBe(404);
    expect(await publicNotes(b.orderId)).toEqual([expect.objectContaining({ id: noteB.id })]);
    expect((await t.app.inject({ url: '/api/eventservices/public/orders/no-such-order/credit-notes' })).statusCode).toBe(404);
    // Ids that are no ids.
    const long = 'x'.repeat(65);
    const bad = await t.app.inject({ url: publicPdfUrl(o.orderId, long) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'ERROR' });
    expect((await t.app.inject({ url: organiserPdfUrl(o, long), headers: bearer(o.token) })).statusCode).toBe(400);
  });
});
