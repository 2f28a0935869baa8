import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_PASSWORD, bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { attendee, createEvent, createTicket, newKey, orderBody, organiserPost, placeOrder } from './registration.fixtures.ts';

/** Reads the text of a QR code PNG (pngjs decodes, jsQR reads, as the scanner page does). */
function decodeQr(png: Buffer): string {
  const img = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(img.data), img.width, img.height);
  if (!code) throw new Error('no QR code in the PNG');
  return code.data;
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let clock = new Date();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pavilion.test' }, { now: () => clock });
  host = await signupOrganiser(t.app, { organisationName: 'Host Org' });
  other = await signupOrganiser(t.app, { organisationName: 'Other Org' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
const mailsFor = (orderId: string) => smtp.messages.filter((m) => m.raw.replace(/=\r?\n/g, '').includes(orderId)).length;
async function waitForMail(orderId: string, n = 1) {
  for (let i = 0; i < 250 && mailsFor(orderId) < n; i++) await new Promise((r) => setTimeout(r, 20));
  expect(mailsFor(orderId)).toBe(n);
}

/** Moves the clock; access tokens age with it, so both organisers log in again. */
async function tick(ms: number) {
  clock = new Date(clock.getTime() + ms);
  for (const h of [host, other]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.9', payload: { identifier: h.userData.email, password: HOST_PASSWORD } });
    h.accessToken = res.json().data.accessToken;
  }
}

describe('free registration (cart-registration/{eventId})', () => {
  it('registers a free ticket, numbers it per event, mails the ticket with its QR and writes REG', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { name: 'Visitor', isFree: true, capacity: 10 });
    expect(ticket).toMatchObject({ available: 10, quotaIds: [expect.any(String)] });
    const info = (await t.app.inject(`/api/eventservices/public/events/${eventId}/registration`)).json().data;
    expect(info.tickets).toEqual([expect.objectContaining({ id: ticket.id, available: 10, isOnSale: true, isSoldOut: false })]);
    const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 2 }));
    expect(res.statusCode).toBe(201);
    const { order, payment } = res.json().data;
    expect(payment).toBeNull();
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'not_required', total: 0, registrationNo: 'REG-000001' });
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(order.attendees).toHaveLength(2);
    await waitForMail(order.id);
    const mail = smtp.messages.find((m) => m.raw.replace(/=\r?\n/g, '').includes(order.id))!;
    expect(mail.to).toEqual(['bea@example.com']);
    expect(mail.raw).toContain('REG-000001');
    // Each attendee's QR is attached and shown inline (cid:), and encodes that attendee's signed credential.
    const parsed = await PostalMime.parse(mail.raw);
    const qrs = parsed.attachments.filter((a) => a.mimeType === 'image/png');
    expect(qrs.map((a) => a.filename)).toEqual(['ticket-REG-000001-1.png', 'ticket-REG-000001-2.png']);
    for (const attendee of order.attendees) {
      const part = qrs.find((a) => a.contentId === `<ticket-${attendee.id}@pavilion>`)!;
      expect(part.disposition).toBe('inline');
      expect(parsed.html).toContain(`src="cid:ticket-${attendee.id}@pavilion"`);
      expect(decodeQr(Buffer.from(part.content as ArrayBuffer))).toBe((await t.ctx.credentials.ensure(eventId, attendee.id)).token);
    }
    // The success page's QR is the same credential, served as a PNG.
    const qr = await t.app.inject(`/api/eventservices/public/orders/${order.id}/attendees/${order.attendees[0].id}/qr.png`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The ticket QR is the attendee's signed credential, the same one the e-badge shows and gates verify.
    const text = decodeQr(qr.rawPayload);
    expect(text).toBe((await t.ctx.credentials.ensure(eventId, order.attendees[0].id)).token);
    expect((await t.ctx.credentials.resolve(text, eventId)).status).toBe('valid');
    const second = (await placeOrder(t.app, eventId, orderBody(ticket.id))).json().data.order;
    expect(second.registrationNo).toBe('REG-000002');
    const regs = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations`, headers: bearer(host.accessToken) })).json().data;
    expect(regs.total).toBe(3);
    const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${order.attendees[0].id}/journey`, headers: bearer(host.accessToken) })).json().data;
    expect(journey.map((j: { type: string }) => j.type)).toEqual(['REG']);
    const tickets = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/tickets`, headers: bearer(host.accessToken) })).json().data;
    expect(tickets[0]).toMatchObject({ sold: 3, available: 7 });
  });
});

describe('bad input is refused with field keys', () => {
  let eventId: string;
  let paid: { id: string };
  let scoped: { id: string };
  beforeAll(async () => {
    eventId = await createEvent(t.app, host.accessToken);
    paid = await createTicket(t.app, host.accessToken, eventId, { name: 'Paid', price: 5000, taxRateBp: 1000, capacity: 1 });
    scoped = await createTicket(t.app, host.accessToken, eventId, { name: 'Other', price: 1000 });
    await organiserPost(t.app, host.accessToken, `/${eventId}/coupons`, { code: 'ONLYOTHER', kind: 'percent', value: 10, ticketIds: [scoped.id] });
  });

  it('refuses a sold-out ticket (409 SOLD_OUT, items.0.quantity soldOut)', async () => {
    const ok = await placeOrder(t.app, eventId, orderBody(paid.id, { expectedTotal: 5500, paymentProvider: 'test' }));
    expect(ok.statusCode).toBe(201);
    const res = await placeOrder(t.app, eventId, orderBody(paid.id, { expectedTotal: 5500, paymentProvider: 'test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SOLD_OUT', errors: [{ field: 'items.0.quantity', key: 'soldOut' }] });
  });

  it('refuses a price changed by the client', async () => {
    const res = await placeOrder(t.app, eventId, orderBody(scoped.id, { expectedTotal: 1, paymentProvider: 'test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRICE_CHANGED', errors: [{ field: 'expectedTotal', key: 'priceChanged' }] });
  });

  it('refuses a coupon for another ticket', async () => {
    const res = await placeOrder(t.app, eventId, orderBody(paid.id, { expectedTotal: 5500, couponCode: 'ONLYOTHER', paymentProvider: 'test' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'couponCode', key: 'couponNotApplicable' }]);
    const unknown = await placeOrder(t.app, eventId, orderBody(scoped.id, { expectedTotal: 1000, couponCode: 'NOPE', paymentProvider: 'test' }));
    expect(unknown.json().errors).toEqual([{ field: 'couponCode', key: 'couponInvalid' }]);
  });

  it("refuses another tenant's ticket id, and hides the organiser routes of another tenant's event (404)", async () => {
    const foreignEvent = await createEvent(t.app, other.accessToken, 'Foreign');
    const foreign = await createTicket(t.app, other.accessToken, foreignEvent, { isFree: true });
    const res = await placeOrder(t.app, eventId, orderBody(foreign.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'items.0.ticketId', key: 'unknownTicket' }]);
    for (const url of [`/api/eventservices/events/${foreignEvent}/tickets`, `/api/eventservices/events/${foreignEvent}/registrations`, `/api/eventservices/events/${foreignEvent}/orders`]) {
      expect((await t.app.inject({ url, headers: bearer(host.accessToken) })).statusCode).toBe(404);
    }
    const write = await organiserPost(t.app, host.accessToken, `/${foreignEvent}/tickets/${foreign.id}`, { price: 0 }, 'PATCH');
    expect(write.statusCode).toBe(404);
    const quota = await organiserPost(t.app, host.accessToken, `/${eventId}/quotas`, { name: 'Steal', capacity: 5, ticketIds: [foreign.id] });
    expect(quota.statusCode).toBe(400);
    expect(quota.json().errors).toEqual([{ field: 'ticketIds.0', key: 'unknownTicket' }]);
  });

  it('refuses wrong types, missing fields, unknown fields, oversize and hostile input', async () => {
    const cases: [Record<string, unknown>, { field: string; key: string }][] = [
      [{ ...orderBody(scoped.id), expectedTotal: '1000' }, { field: 'expectedTotal', key: 'invalid_type' }],
      [{ ...orderBody(scoped.id), items: [{ ticketId: scoped.id, quantity: 0 }] }, { field: 'items.0.quantity', key: 'too_small' }],
      [{ ...orderBody(scoped.id), currency: 'euro' }, { field: 'currency', key: 'invalidCurrency' }],
      [{ ...orderBody(scoped.id), buyer: { firstName: 'A', email: 'not-an-email' } }, { field: 'buyer.email', key: 'inVaildEmail' }],
      [{ ...orderBody(scoped.id), organisationId: 'x' }, { field: 'organisationId', key: 'unknownField' }],
      [{ ...orderBody(scoped.id), attendees: [] }, { field: 'attendees', key: 'too_small' }],
      [{ ...orderBody(scoped.id), buyer: { firstName: 'A'.repeat(101), email: 'a@b.co' } }, { field: 'buyer.firstName', key: 'too_big' }],
    ];
    for (const [body, err] of cases) {
      const res = await placeOrder(t.app, eventId, body);
      expect(res.statusCode, JSON.stringify(err)).toBe(400);
      expect(res.json().errors).toContainEqual(err);
    }
    const { items: _i, ...noItems } = orderBody(scoped.id);
    expect((await placeOrder(t.app, eventId, noItems)).json().errors).toContainEqual({ field: 'items', key: 'required' });
    const hostile = await placeOrder(t.app, eventId, { ...orderBody(scoped.id), buyer: { firstName: '<script>alert(1)</script>', email: 'a@b.co' } });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().code).toBe(1001);
    const huge = await placeOrder(t.app, eventId, { ...orderBody(scoped.id), attendees: Array.from({ length: 101 }, () => attendee(scoped.id)) });
    expect(huge.json().errors).toContainEqual({ field: 'attendees', key: 'too_big' });
    const mismatch = await placeOrder(t.app, eventId, { ...orderBody(scoped.id, { expectedTotal: 1000, paymentProvider: 'test' }), attendees: [attendee(paid.id)] });
    expect(mismatch.json().errors).toContainEqual({ field: 'attendees.0.ticketId', key: 'attendeeTicketMismatch' });
    const noProvider = await placeOrder(t.app, eventId, orderBody(scoped.id, { expectedTotal: 1000 }));
    expect(noProvider.json().errors).toContainEqual({ field: 'paymentProvider', key: 'required' });
    expect((await placeOrder(t.app, 'no-such-event', orderBody(scoped.id))).statusCode).toBe(404);
  });
});

describe('carts hold seats for a limited time', () => {
  it('holds the last seat, refuses others, and returns it on expiry; an expired cart cannot become an order', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    await organiserPost(t.app, host.accessToken, `/${eventId}/registration-settings`, { cartMinutes: 15 }, 'PATCH');
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, capacity: 1 });
    const cartRes = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${eventId}/carts`, payload: { items: [{ ticketId: ticket.id, quantity: 1 }] } });
    expect(cartRes.statusCode).toBe(201);
    const cart = cartRes.json().data;
    expect(new Date(cart.expiresAt).getTime() - clock.getTime()).toBe(15 * 60_000);
    const blocked = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${eventId}/carts`, payload: { items: [{ ticketId: ticket.id, quantity: 1 }] } });
    expect(blocked.statusCode).toBe(409);
    await tick(15 * 60_000 + 1000);
    const expired = await placeOrder(t.app, eventId, orderBody(ticket.id, { cartId: cart.id }));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'CART_EXPIRED', errors: [{ field: 'cartId', key: 'cartExpired' }] });
    const again = await placeOrder(t.app, eventId, orderBody(ticket.id));
    expect(again.statusCode).toBe(201);
  });

  it('turns a live cart into an order with its seats, and a released cart frees them at once', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, capacity: 2 });
    const cart = (await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${eventId}/carts`, payload: { items: [{ ticketId: ticket.id, quantity: 2 }] } })).json().data;
    const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 2, cartId: cart.id }));
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject(`/api/eventservices/public/carts/${cart.id}`)).json().data.status).toBe('converted');
    const reuse = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 2, cartId: cart.id }));
    expect(reuse.json().errors).toContainEqual({ field: 'cartId', key: 'cartInvalid' });
    const ev2 = await createEvent(t.app, host.accessToken);
    const t2 = await createTicket(t.app, host.accessToken, ev2, { isFree: true, capacity: 1 });
    const c2 = (await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${ev2}/carts`, payload: { items: [{ ticketId: t2.id, quantity: 1 }] } })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/eventservices/public/carts/${c2.id}` })).json().data.status).toBe('released');
    expect((await placeOrder(t.app, ev2, orderBody(t2.id))).statusCode).toBe(201);
  });
});

describe('paid checkout through the built-in test gateway', () => {
  it('pays on the hosted page: signed webhook, one confirmation, one mail, one journey entry, invoice PDF', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    await t.app.inject({ method: 'PUT', url: '/api/productservices/api/invoice-settings', headers: bearer(host.accessToken), payload: { legalName: 'Host Org GmbH', address: 'Street 1\nBerlin', taxId: 'DE123' } });
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 2000, taxRateBp: 1900, capacity: 5 });
    await organiserPost(t.app, host.accessToken, `/${eventId}/coupons`, { code: 'half', kind: 'percent', value: 50 });
    const quote = (await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${eventId}/quote`, payload: { items: [{ ticketId: ticket.id, quantity: 2 }], couponCode: 'HALF' } })).json().data;
    expect(quote).toMatchObject({ subtotal: 4000, discount: 2000, tax: 380, total: 2380, couponCode: 'HALF' });
    const created = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 2, expectedTotal: 2380, couponCode: 'half', paymentProvider: 'test' }), newKey());
    expect(created.statusCode).toBe(201);
    const { order, payment } = created.json().data;
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'pending', total: 2380 });
    // Paths on the page's own origin (the site works at any host name); mail links keep PUBLIC_URL.
    expect(payment.redirectUrl).toBe(`/api/eventservices/public/payments/test-gateway/${payment.sessionId}`);
    const page = await t.app.inject(`/api/eventservices/public/payments/test-gateway/${payment.sessionId}`);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('EUR 23.80');
    expect(page.body).toContain('value="pay"');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/eventservices/public/payments/test-gateway/${payment.sessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/success/${eventId}/${order.id}/${payment.sessionId}`);
    const after = (await t.app.inject(`/api/eventservices/public/orders/${order.id}`)).json().data;
    expect(after).toMatchObject({ status: 'paid', paymentStatus: 'paid', invoiceUrl: `/api/eventservices/public/orders/${order.id}/invoice.pdf` });
    expect(after.attendees[0].qrUrl).toMatch(/^\/api\/eventservices\/public\/orders\/[^/]+\/attendees\/[^/]+\/qr\.png$/);
    await waitForMail(order.id);
    // Paying again on the gateway changes nothing.
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsFor(order.id)).toBe(1);
    const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${order.attendees[0].id}/journey`, headers: bearer(host.accessToken) })).json().data;
    // PAY_CAPTURED and SPEND are written in the confirming transaction, at the same instant.
    const types = journey.map((j: { type: string }) => j.type);
    expect(types[0]).toBe('REG');
    expect(types.slice(1).sort()).toEqual(['PAY_CAPTURED', 'SPEND']);
    const pdf = await t.app.inject(`/api/eventservices/public/orders/${order.id}/invoice.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const orgPdf = await t.app.inject({ url: `/api/eventservices/events/${eventId}/orders/${order.id}/invoice.pdf`, headers: bearer(host.accessToken) });
    expect(orgPdf.statusCode).toBe(200);
    const full = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/orders/${order.id}`, headers: bearer(host.accessToken) })).json().data;
    expect(full.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const coupons = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/coupons`, headers: bearer(host.accessToken) })).json().data;
    expect(coupons.items[0]).toMatchObject({ code: 'HALF', usedCount: 1 });
  });

  it('a failed payment writes PAY_FAILED, keeps the order pending and lets the buyer retry', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000 });
    const { order, payment } = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' }))).json().data;
    const failed = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${payment.sessionId}/complete`, payload: { outcome: 'fail' } });
    expect(failed.json().data).toMatchObject({ status: 'failed', redirectUrl: expect.stringContaining('/failure?eventId=') });
    expect((await t.app.inject(`/api/eventservices/public/orders/${order.id}`)).json().data).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    const retry = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/orders/${order.id}/payments`, payload: { provider: 'test' } });
    expect(retry.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${retry.json().data.sessionId}/complete`, payload: { outcome: 'pay' } });
    expect((await t.app.inject(`/api/eventservices/public/orders/${order.id}`)).json().data.status).toBe('paid');
    const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${order.attendees[0].id}/journey`, headers: bearer(host.accessToken) })).json().data;
    const types = journey.map((j: { type: string }) => j.type);
    expect(types.slice(0, 2)).toEqual(['REG', 'PAY_FAILED']);
    expect(types.slice(2).sort()).toEqual(['PAY_CAPTURED', 'SPEND']);
  });

  it('offline payment: no redirect, the organiser marks it paid; refunds full and partial', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 3000 });
    const { order, payment } = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 3000, paymentProvider: 'offline' }))).json().data;
    expect(payment).toMatchObject({ provider: 'offline', redirectUrl: null, instructions: expect.any(String) });
    const marked = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/orders/${order.id}/mark-paid`, headers: bearer(host.accessToken) });
    expect(marked.json().data).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    const again = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/orders/${order.id}/mark-paid`, headers: bearer(host.accessToken) });
    expect(again.statusCode).toBe(409);
    const refundUrl = `/api/productservices/api/events/${eventId}/orders/${order.id}/refunds`;
    const part = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(host.accessToken), payload: { amount: 1000 } });
    expect(part.statusCode).toBe(201);
    expect(part.json().data).toMatchObject({ amount: 1000, status: 'succeeded' });
    const tooMuch = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(host.accessToken), payload: { amount: 2001 } });
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', errors: [{ field: 'amount', key: 'refundTooLarge' }] });
    const rest = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(host.accessToken), payload: {} });
    expect(rest.json().data.amount).toBe(2000);
    const o = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/orders/${order.id}`, headers: bearer(host.accessToken) })).json().data;
    expect(o).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3000 });
    const foreign = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(other.accessToken), payload: { amount: 1 } });
    expect(foreign.statusCode).toBe(404);
  });

  it('an unpaid order expires after its payment window: seats and coupon use return', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 1 });
    await organiserPost(t.app, host.accessToken, `/${eventId}/coupons`, { code: 'ONCE', kind: 'fixed', value: 100, currency: 'EUR', maxUses: 1 });
    const { order } = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 900, couponCode: 'ONCE', paymentProvider: 'test' }))).json().data;
    expect((await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' }))).statusCode).toBe(409);
    await tick(31 * 60_000);
    const got = (await t.app.inject(`/api/eventservices/public/orders/${order.id}`)).json().data;
    expect(got.status).toBe('expired');
    const next = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 900, couponCode: 'ONCE', paymentProvider: 'test' }));
    expect(next.statusCode).toBe(201);
  });
});

describe('a payment that arrives after the order expired', () => {
  it('takes the seat again when it is still free, and flags a refund when it is gone', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 1 });
    const late = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' }))).json().data;
    await tick(31 * 60_000);
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${late.payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    expect((await t.app.inject(`/api/eventservices/public/orders/${late.order.id}`)).json().data).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect((await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' }))).statusCode).toBe(409);

    const ev2 = await createEvent(t.app, host.accessToken);
    const t2 = await createTicket(t.app, host.accessToken, ev2, { price: 1000, capacity: 1 });
    const slow = (await placeOrder(t.app, ev2, orderBody(t2.id, { expectedTotal: 1000, paymentProvider: 'test' }))).json().data;
    await tick(31 * 60_000);
    const fast = (await placeOrder(t.app, ev2, orderBody(t2.id, { expectedTotal: 0, paymentProvider: 'test' })));
    expect(fast.statusCode).toBe(409); // the price is 1000: the client total is checked before seats
    const winner = (await placeOrder(t.app, ev2, orderBody(t2.id, { expectedTotal: 1000, paymentProvider: 'offline' }))).json().data.order;
    await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${ev2}/orders/${winner.id}/mark-paid`, headers: bearer(host.accessToken) });
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${slow.payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    const flagged = (await t.app.inject({ url: `/api/eventservices/events/${ev2}/orders/${slow.order.id}`, headers: bearer(host.accessToken) })).json().data;
    expect(flagged).toMatchObject({ status: 'expired', paymentStatus: 'paid', needsRefund: true });
    const regs = (await t.app.inject({ url: `/api/eventservices/events/${ev2}/registrations?orderStatus=paid`, headers: bearer(host.accessToken) })).json().data;
    expect(regs.total).toBe(1);
  });
});

describe('refunds: a full refund cancels the order and returns its seats', () => {
  it('a partial refund leaves the order paid; the full refund cancels it, frees the seat and the coupon use, and writes the journey', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 3000, capacity: 1 });
    await organiserPost(t.app, host.accessToken, `/${eventId}/coupons`, { code: 'ONEUSE', kind: 'fixed', value: 500, currency: 'EUR', maxUses: 1 });
    const { order } = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 2500, couponCode: 'ONEUSE', paymentProvider: 'offline' }))).json().data;
    await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/orders/${order.id}/mark-paid`, headers: bearer(host.accessToken) });
    const orderUrl = `/api/eventservices/events/${eventId}/orders/${order.id}`;
    const refundUrl = `/api/productservices/api/events/${eventId}/orders/${order.id}/refunds`;
    const admissible = async () =>
      (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations?orderStatus=paid&approvalStatus=approved`, headers: bearer(host.accessToken) })).json().data.total;
    const tryBuy = () => placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 2500, couponCode: 'ONEUSE', paymentProvider: 'offline' }));

    const part = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(host.accessToken), payload: { amount: 1000, reason: 'Goodwill' } });
    expect(part.statusCode).toBe(201);
    expect((await t.app.inject({ url: orderUrl, headers: bearer(host.accessToken) })).json().data).toMatchObject({ status: 'paid', paymentStatus: 'partially_refunded', refundedAmount: 1000 });
    expect(await admissible()).toBe(1);
    // The seat and the coupon use are still the buyer's.
    const blocked = await tryBuy();
    expect(blocked.statusCode).toBe(409);
    expect((await t.app.inject({ url: `/api/eventservices/events/${eventId}/tickets`, headers: bearer(host.accessToken) })).json().data[0]).toMatchObject({ available: 0 });

    const rest = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(host.accessToken), payload: {} });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ amount: 1500, status: 'succeeded' });
    expect((await t.app.inject({ url: orderUrl, headers: bearer(host.accessToken) })).json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 2500 });
    expect(await admissible()).toBe(0);
    expect((await t.app.inject(`/api/eventservices/public/orders/${order.id}`)).json().data.status).toBe('cancelled');
    // Nothing left to refund, and a cancelled order cannot be marked paid again.
    const again = await t.app.inject({ method: 'POST', url: refundUrl, headers: bearer(host.accessToken), payload: {} });
    expect(again.json().code).toBe('ORDER_NOT_PAID');
    expect((await t.app.inject({ method: 'POST', url: `${orderUrl}/mark-paid`, headers: bearer(host.accessToken) })).statusCode).toBe(409);

    const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${order.attendees[0].id}/journey`, headers: bearer(host.accessToken) })).json().data as { type: string; detail: Record<string, unknown> }[];
    const updates = journey.filter((j) => j.type === 'UPDATE').map((j) => j.detail);
    expect(updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ change: 'partially_refunded', amount: 1000, refundedTotal: 1000, reason: 'Goodwill' }),
        expect.objectContaining({ change: 'refunded', amount: 1500, refundedTotal: 2500, orderStatus: 'cancelled', seatsReleased: true }),
      ]),
    );
    expect(updates).toHaveLength(2);

    // The seat and the single coupon use are free again: the next buyer gets both.
    const next = await tryBuy();
    expect(next.statusCode).toBe(201);
    expect(next.json().data.order).toMatchObject({ total: 2500, status: 'pending' });
  });

  it('refunds an order whose captured payment could not buy its seat (needsRefund), and clears the flag', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 1 });
    const slow = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' }))).json().data;
    await tick(31 * 60_000);
    const winner = (await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'offline' }))).json().data.order;
    await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/orders/${winner.id}/mark-paid`, headers: bearer(host.accessToken) });
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${slow.payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    const url = `/api/eventservices/events/${eventId}/orders/${slow.order.id}`;
    expect((await t.app.inject({ url, headers: bearer(host.accessToken) })).json().data).toMatchObject({ status: 'expired', needsRefund: true });
    const refund = await t.app.inject({ method: 'POST', url: `/api/productservices/api/events/${eventId}/orders/${slow.order.id}/refunds`, headers: bearer(host.accessToken), payload: {} });
    expect(refund.statusCode).toBe(201);
    expect((await t.app.inject({ url, headers: bearer(host.accessToken) })).json().data).toMatchObject({ status: 'expired', paymentStatus: 'refunded', needsRefund: false, refundedAmount: 1000 });
    // The winner keeps the seat.
    expect((await t.app.inject({ url: `/api/eventservices/events/${eventId}/orders/${winner.id}`, headers: bearer(host.accessToken) })).json().data.status).toBe('paid');
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer, refuses a reused key with another body (422) and a malformed key (400)', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, capacity: 5 });
    const key = newKey();
    const body = orderBody(ticket.id);
    const first = await placeOrder(t.app, eventId, body, key);
    const replay = await placeOrder(t.app, eventId, body, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const regs = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations`, headers: bearer(host.accessToken) })).json().data;
    expect(regs.total).toBe(1);
    const reused = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 2 }), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await placeOrder(t.app, eventId, body, 'short');
    expect(bad.statusCode).toBe(400);
    // A failed call is not stored: the same key works once the problem is fixed.
    const k2 = newKey();
    expect((await placeOrder(t.app, eventId, { ...body, expectedTotal: 5 }, k2)).statusCode).toBe(409);
    expect((await placeOrder(t.app, eventId, body, k2)).statusCode).toBe(201);
  });
});
