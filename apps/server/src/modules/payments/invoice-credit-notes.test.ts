import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf.ts';

/**
 * Issue 15: an invoice PDF lists the credit notes that reduce it (number, date, amount) and the balance after them.
 * The registration order's invoice is read from its real routes (organiser and buyer); company invoices share the
 * builder, whose section is read here directly, with more credit notes than one page holds.
 */
const JWT = 'invoice-credit-notes-test-secret-at-least-32-chars';
let t: TestApp;

const textOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text as string;

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: JWT });
});
afterAll(async () => {
  await t?.close();
});

const base: InvoiceData = {
  number: 'INV-000007',
  issuedAt: new Date('2026-03-01T10:00:00Z'),
  seller: { legalName: 'Expo GmbH', address: 'Hauptstr. 1\nBerlin', taxId: 'DE123', email: 'billing@expo.example' },
  buyer: { name: 'Stand Co', email: 'stand@co.example' },
  eventName: 'Expo',
  registrationNo: '',
  reference: 'Exhibitor services — Paid',
  currency: 'EUR',
  lines: [{ description: 'Booth power', quantity: 1, unitPrice: 10000, discount: 0, tax: 1900, total: 11900 }],
  subtotal: 10000,
  discount: 0,
  tax: 1900,
  total: 11900,
  refunded: 0,
};

describe('the invoice PDF and its credit notes', () => {
  it("a registration order's invoice lists each credit note with its date and amount, and the balance after refunds", async () => {
    const { accessToken } = await signupOrganiser(t.app);
    const eventId = await createEvent(t.app, accessToken);
    const ticket = await createTicket(t.app, accessToken, eventId, { price: 10000, taxRateBp: 1900, capacity: 5 });
    const placed = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 11900, paymentProvider: 'test' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const data = placed.json().data as { order: { id: string }; payment: { sessionId: string } };
    const done = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${data.payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    expect(done.json().data.status).toBe('captured');
    await t.ctx.outbox.worker.idle();
    const orderId = data.order.id;
    const organiserPdf = `/api/eventservices/events/${eventId}/orders/${orderId}/invoice.pdf`;

    // Before any refund: no section.
    const before = await t.app.inject({ url: organiserPdf, headers: bearer(accessToken) });
    expect(before.statusCode).toBe(200);
    const beforeText = await textOf(before.rawPayload);
    expect(beforeText).toContain('Total: EUR 119.00');
    expect(beforeText).not.toContain('Credit notes');
    expect(beforeText).not.toContain('Balance after refunds');

    for (const payload of [{ amount: 3000, reason: 'One day only' }, { amount: 4000 }]) {
      const r = await t.app.inject({ method: 'POST', url: `/api/productservices/api/events/${eventId}/orders/${orderId}/refunds`, headers: bearer(accessToken), payload });
      expect(r.statusCode, r.body).toBe(201);
    }
    const today = new Date().toISOString().slice(0, 10);
    for (const res of [await t.app.inject({ url: organiserPdf, headers: bearer(accessToken) }), await t.app.inject({ url: `/api/eventservices/public/orders/${orderId}/invoice.pdf` })]) {
      expect(res.statusCode).toBe(200);
      const text = (await textOf(res.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain('Credit notes');
      expect(text).toMatch(new RegExp(`CN-000001 ${today} -EUR 30\\.00`));
      expect(text).toMatch(new RegExp(`CN-000002 ${today} -EUR 40\\.00`));
      expect(text).toContain('Refunded: EUR 70.00');
      expect(text).toContain('Balance after refunds: EUR 49.00');
    }
  });

  it('a company invoice (the same builder) lists its credit notes; more than a page holds are summed in one line, the balance never below zero', async () => {
    const one = await textOf(await renderInvoicePdf({ ...base, refunded: 11900, creditNotes: [{ number: 'CN-000004', issuedAt: new Date('2026-03-05T09:00:00Z'), total: 11900 }] }));
    expect(one.replace(/\s+/g, ' ')).toMatch(/Credit notes Number Date Amount CN-000004 2026-03-05 -EUR 119\.00 Balance after refunds: EUR 0\.00/);

    const many = Array.from({ length: 60 }, (_, i) => ({ number: `CN-${String(i + 1).padStart(6, '0')}`, issuedAt: new Date('2026-03-06T09:00:00Z'), total: 100 }));
    const bytes = await renderInvoicePdf({ ...base, refunded: 6000, creditNotes: many });
    const doc = await getDocumentProxy(new Uint8Array(bytes));
    expect(doc.numPages).toBe(1);
    const text = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('CN-000001 2026-03-06 -EUR 1.00');
    const more = /… and (\d+) more -EUR ([\d.]+)/.exec(text);
    expect(more).not.toBeNull();
    const listed = (text.match(/CN-0000\d\d 2026-03-06/g) ?? []).length;
    expect(listed + Number(more![1])).toBe(60);
    expect(Number(more![2])).toBeCloseTo(Number(more![1]) * 1, 2);
    expect(text).toContain('Balance after refunds: EUR 59.00');
  });
});
