import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { razorpayWebhookSignature, signPavilion } from './index.ts';

/**
 * Issue 15: a registration order's refund the provider answers `pending` tells registration when it settles: on
 * success the order is refunded as for an immediate refund, on failure its amount is refundable again and the order's
 * history says so; replays change nothing. The test gateway's pending-refunds page settles through its signed webhook;
 * Razorpay's refund.processed / refund.failed are mapped and verified by its webhook signature.
 * On Postgres (CI's DATABASE_URL or the local one); the environment is put back afterwards (shared worker).
 */
const envBefore = { DATABASE_URL: process.env.DATABASE_URL, RAZORPAY_API_BASE: process.env.RAZORPAY_API_BASE };
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
function restoreEnv() {
  for (const [k, v] of Object.entries(envBefore)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

const JWT = 'pending-refunds-test-secret-at-least-32-characters';
const RZP_SECRET = 'rzp_key_secret_pending_refunds';
const RZP_WEBHOOK = 'rzp_webhook_secret_pending_refunds';
const gatewaySecret = createHash('sha256').update(`pavilion-test-gateway:${JWT}`).digest('hex');

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let fakeRazorpay: Server;
let refundCounter = 0;

type Refund = { id: string; amount: number; status: string; settleUrl: string | null };
type Journey = { type: string; detail: Record<string, unknown> }[];

beforeAll(async () => {
  // A local stand-in for api.razorpay.com's refund call: it answers every refund `pending` (settled by webhook).
  fakeRazorpay = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && /^\/v1\/payments\/[^/]+\/refund$/.test(req.url ?? '')) {
        refundCounter++;
        res.end(JSON.stringify({ id: `rfnd_test_${refundCounter}`, entity: 'refund', amount: (JSON.parse(body) as { amount: number }).amount, status: 'pending' }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((r) => fakeRazorpay.listen(0, '127.0.0.1', r));
  process.env.RAZORPAY_API_BASE = `http://127.0.0.1:${(fakeRazorpay.address() as AddressInfo).port}`;
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, JWT_SECRET: JWT });
  host = await signupOrganiser(t.app);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/productservices/api/payment-settings',
    headers: bearer(host.accessToken),
    payload: { enabledProviders: ['razorpay', 'test', 'offline'], razorpay: { keyId: 'rzp_test_key', keySecret: RZP_SECRET, webhookSecret: RZP_WEBHOOK, checkoutUrl: 'https://pay.example.com/checkout' } },
  });
  expect(put.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await new Promise((r) => fakeRazorpay?.close(r));
  restoreEnv();
});

async function orderOf(provider: 'test' | 'razorpay', price = 2500) {
  const eventId = await createEvent(t.app, host.accessToken);
  const ticket = await createTicket(t.app, host.accessToken, eventId, { price, capacity: 5 });
  const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: price, paymentProvider: provider }));
  expect(res.statusCode).toBe(201);
  const data = res.json().data as { order: { id: string; attendees: { id: string }[] }; payment: { sessionId: string } };
  return { eventId, orderId: data.order.id, registrationId: data.order.attendees[0]!.id, sessionId: data.payment.sessionId };
}
/** Paid on the test gateway with "Pay (refunds settle later)": the gateway answers this payment's refunds pending. */
async function paidLater(price = 2500) {
  const o = await orderOf('test', price);
  const done = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${o.sessionId}/complete`, payload: { outcome: 'pay_refund_pending' } });
  expect(done.json().data.status).toBe('captured');
  return o;
}
const refundUrl = (o: { eventId: string; orderId: string }) => `/api/productservices/api/events/${o.eventId}/orders/${o.orderId}/refunds`;
const askRefund = (o: { eventId: string; orderId: string }, payload: object) => t.app.inject({ method: 'POST', url: refundUrl(o), headers: bearer(host.accessToken), payload });
const refunds = async (o: { eventId: string; orderId: string }) => (await t.app.inject({ url: refundUrl(o), headers: bearer(host.accessToken) })).json().data as Refund[];
async function order(o: { eventId: string; orderId: string }) {
  return (await t.app.inject({ url: `/api/eventservices/events/${o.eventId}/orders/${o.orderId}`, headers: bearer(host.accessToken) })).json().data as { status: string; paymentStatus: string; refundedAmount: number };
}
async function updates(o: { eventId: string; registrationId: string }) {
  const journey = (await t.app.inject({ url: `/api/eventservices/events/${o.eventId}/registrations/${o.registrationId}/journey`, headers: bearer(host.accessToken) })).json().data as Journey;
  return journey.filter((j) => j.type === 'UPDATE').map((j) => j.detail);
}
async function paymentRefunded(orderId: string) {
  const r = await t.ctx.database.db.execute(sql`select status, refunded_amount from payments where order_id = ${orderId}`);
  return r.rows[0] as { status: string; refunded_amount: number };
}
function gatewayWebhook(id: string, type: string, refundRef: string) {
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id, type, created, data: { refundRef } });
  return t.app.inject({ method: 'POST', url: '/api/eventservices/public/payments/webhooks/test', headers: { 'content-type': 'application/json', 'x-pavilion-signature': signPavilion(gatewaySecret, body, created) }, payload: body });
}
const refundRefOf = async (refundId: string) => ((await t.ctx.database.db.execute(sql`select provider_ref from refunds where id = ${refundId}`)).rows[0] as { provider_ref: string }).provider_ref;

describe('a pending refund of a registration order', () => {
  it('leaves the order paid with the amount reserved, then refunds it as an immediate refund would when the gateway settles it; replays change nothing', async () => {
    const o = await paidLater();
    const asked = await askRefund(o, { reason: 'Cannot come' });
    expect(asked.statusCode).toBe(201);
    const refund = asked.json().data as Refund;
    expect(refund).toMatchObject({ amount: 2500, status: 'pending', settleUrl: expect.stringMatching(/^\/api\/eventservices\/public\/payments\/test-gateway\/merchants\/[^/]+\/refunds$/) });
    // Registration is told it waits, not that it is done: the order stays paid and admissible.
    expect(await order(o)).toMatchObject({ status: 'paid', paymentStatus: 'paid', refundedAmount: 0 });
    expect(await updates(o)).toEqual([expect.objectContaining({ change: 'refund_pending', refundId: refund.id, amount: 2500, reason: 'Cannot come' })]);
    // The pending amount is reserved: nothing more can be refunded meanwhile.
    const more = await askRefund(o, { amount: 1 });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', errors: [{ field: 'amount', key: 'refundTooLarge' }] });

    // The gateway's page lists it, and its "Settle as succeeded" form goes through the signed webhook.
    const page = await t.app.inject({ url: refund.settleUrl!, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Pending refunds');
    expect(page.body).toContain('Settle as succeeded');
    const listed = (await t.app.inject({ url: refund.settleUrl!, headers: { accept: 'application/json' } })).json().data.items as { refundRef: string; label: string; amount: number; settleUrl: string }[];
    const ref = await refundRefOf(refund.id);
    const item = listed.find((i) => i.refundRef === ref)!;
    expect(item).toMatchObject({ amount: 2500, settleUrl: `/api/eventservices/public/payments/test-gateway/refunds/${ref}/complete` });
    const settle = await t.app.inject({ method: 'POST', url: item.settleUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=succeed' });
    expect(settle.statusCode).toBe(303);
    expect(settle.headers.location).toBe(refund.settleUrl);

    const settled = { order: await order(o), refunds: await refunds(o), updates: await updates(o), payment: await paymentRefunded(o.orderId) };
    expect(settled.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 2500 });
    expect(settled.refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'succeeded', settleUrl: null })]);
    expect(settled.updates).toEqual([
      expect.objectContaining({ change: 'refund_pending' }),
      expect.objectContaining({ change: 'refunded', amount: 2500, refundedTotal: 2500, orderStatus: 'cancelled', seatsReleased: true }),
    ]);
    expect(settled.payment).toEqual({ status: 'refunded', refunded_amount: 2500 });
    expect((await t.app.inject({ url: refund.settleUrl!, headers: { accept: 'application/json' } })).json().data.items.some((i: { refundRef: string }) => i.refundRef === ref)).toBe(false);

    // Replays: the same notice twice, a later contrary notice, and the gateway's settle again change nothing.
    const first = await gatewayWebhook('evt_replay_1', 'refund.failed', ref);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    expect((await gatewayWebhook('evt_replay_1', 'refund.failed', ref)).json().data).toEqual({ received: true, duplicate: true });
    expect((await gatewayWebhook('evt_replay_2', 'refund.succeeded', ref)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${ref}/complete`, payload: { outcome: 'fail' } });
    expect(again.json().data).toEqual({ status: 'succeeded' });
    await t.ctx.outbox.worker.idle();
    expect({ order: await order(o), refunds: await refunds(o), updates: await updates(o), payment: await paymentRefunded(o.orderId) }).toEqual(settled);
  });

  it('frees the amount when the refund fails, shows the failed refund and tells the order history; the next refund may take it again', async () => {
    const o = await paidLater(3000);
    const part = (await askRefund(o, { amount: 1000, reason: 'Wrong size' })).json().data as Refund;
    expect(part.status).toBe('pending');
    expect(await paymentRefunded(o.orderId)).toEqual({ status: 'partially_refunded', refunded_amount: 1000 });
    const ref = await refundRefOf(part.id);
    const failed = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${ref}/complete`, payload: { outcome: 'fail' } });
    expect(failed.json().data).toEqual({ status: 'failed' });

    expect(await order(o)).toMatchObject({ status: 'paid', paymentStatus: 'paid', refundedAmount: 0 });
    expect(await refunds(o)).toEqual([expect.objectContaining({ id: part.id, status: 'failed', settleUrl: null })]);
    expect(await paymentRefunded(o.orderId)).toEqual({ status: 'captured', refunded_amount: 0 });
    const history = await updates(o);
    expect(history).toEqual([
      expect.objectContaining({ change: 'refund_pending', refundId: part.id, amount: 1000 }),
      expect.objectContaining({ change: 'refund_failed', refundId: part.id, amount: 1000, currency: 'EUR', reason: 'Wrong size' }),
    ]);
    // A replayed success notice for the failed refund changes nothing.
    expect((await gatewayWebhook('evt_failed_replay', 'refund.succeeded', ref)).statusCode).toBe(200);
    await t.ctx.outbox.worker.idle();
    expect(await order(o)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(await updates(o)).toEqual(history);

    // The whole amount is refundable again.
    const whole = await askRefund(o, {});
    expect(whole.json().data).toMatchObject({ amount: 3000, status: 'pending' });
  });

  it('two pending part refunds settled in turn add up; a late fact with the smaller total does not lower the order', async () => {
    const o = await paidLater(3000);
    const a = (await askRefund(o, { amount: 1000 })).json().data as Refund;
    const b = (await askRefund(o, { amount: 500 })).json().data as Refund;
    expect((await askRefund(o, { amount: 1501 })).json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID' });
    for (const r of [a, b]) await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${await refundRefOf(r.id)}/complete`, payload: { outcome: 'succeed' } });
    expect(await order(o)).toMatchObject({ status: 'paid', paymentStatus: 'partially_refunded', refundedAmount: 1500 });
    // The first settlement's fact, delivered again after the second (at-least-once delivery, out of order).
    const late = await t.ctx.outbox.write(t.ctx.database.db, 'payment.refunded', { orderId: o.orderId, refundedTotal: 1000, amount: 1000, reason: undefined, actorUserId: null });
    await t.ctx.outbox.deliver(late);
    expect(await order(o)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1500 });
  });

  it('the pending-refunds page is only for its merchant, and only while the test gateway is enabled', async () => {
    const o = await paidLater();
    const { settleUrl } = (await askRefund(o, { amount: 500 })).json().data as Refund;
    const merchantId = settleUrl!.split('/').at(-2)!;
    const tampered = settleUrl!.replace(merchantId, `${merchantId.slice(0, -1)}${merchantId.endsWith('0') ? '1' : '0'}`);
    expect((await t.app.inject({ url: tampered, headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: settleUrl!.replace(merchantId, 'not-a-merchant'), headers: { accept: 'application/json' } })).json()).toMatchObject({ status: 'ERROR' });

    // Another organisation without the test gateway: its (correctly signed) page is not there.
    const other = await signupOrganiser(t.app);
    const put = await t.app.inject({ method: 'PUT', url: '/api/productservices/api/payment-settings', headers: bearer(other.accessToken), payload: { enabledProviders: ['offline'] } });
    expect(put.json().data.enabledProviders).toEqual(['offline']);
    const orgId = (JSON.parse(Buffer.from(other.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { org: string }).org;
    const signed = `${orgId}.${createHmac('sha256', gatewaySecret).update(`merchant:${orgId}`).digest('hex').slice(0, 32)}`;
    expect((await t.app.inject({ url: `/api/eventservices/public/payments/test-gateway/merchants/${signed}/refunds`, headers: { accept: 'application/json' } })).statusCode).toBe(404);
    // And this organisation's page lists only its own refunds.
    const items = (await t.app.inject({ url: settleUrl!, headers: { accept: 'application/json' } })).json().data.items as { amount: number }[];
    expect(items.map((i) => i.amount)).toContain(500);
  });
});

describe('Razorpay refund webhooks', () => {
  // The organisation's own webhook address (its keys).
  let rzpPath = '';
  async function razorpayPaid() {
    const o = await orderOf('razorpay');
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', created_at: Math.floor(Date.now() / 1000), payload: { payment: { entity: { id: `pay_${o.sessionId}`, order_id: o.sessionId, amount: 2500, currency: 'EUR' } } } });
    rzpPath = (await t.app.inject({ url: '/api/productservices/api/payment-settings', headers: bearer(host.accessToken) })).json().data.webhookPaths.razorpay;
    const res = await t.app.inject({ method: 'POST', url: rzpPath, headers: { 'content-type': 'application/json', 'x-razorpay-signature': razorpayWebhookSignature(RZP_WEBHOOK, body), 'x-razorpay-event-id': `evt_cap_${o.sessionId}` }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(await order(o)).toMatchObject({ status: 'paid' });
    return o;
  }
  function refundEvent(event: 'refund.processed' | 'refund.failed', refundId: string, paymentId: string) {
    return JSON.stringify({
      entity: 'event',
      event,
      contains: ['refund', 'payment'],
      created_at: Math.floor(Date.now() / 1000),
      payload: { refund: { entity: { id: refundId, entity: 'refund', amount: 2500, currency: 'EUR', payment_id: paymentId, status: event === 'refund.processed' ? 'processed' : 'failed' } }, payment: { entity: { id: paymentId, amount: 2500, currency: 'EUR' } } },
    });
  }
  const send = (body: string, sig: string, eventId: string) =>
    t.app.inject({ method: 'POST', url: rzpPath, headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': eventId }, payload: body });

  it('refund.processed settles a pending refund as succeeded; a badly signed one is refused and changes nothing', async () => {
    const o = await razorpayPaid();
    const refund = (await askRefund(o, {})).json().data as Refund;
    expect(refund).toMatchObject({ status: 'pending', settleUrl: null });
    const ref = await refundRefOf(refund.id);
    expect(ref).toMatch(/^rfnd_test_/);
    const body = refundEvent('refund.processed', ref, `pay_${o.sessionId}`);

    const forged = await send(body, razorpayWebhookSignature('not-the-secret', body), 'evt_rfnd_forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    const tamperedBody = body.replace('"amount":2500', '"amount":1');
    expect((await send(tamperedBody, razorpayWebhookSignature(RZP_WEBHOOK, body), 'evt_rfnd_tampered')).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await send(body, '', 'evt_rfnd_nosig')).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await refunds(o)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await order(o)).toMatchObject({ status: 'paid', refundedAmount: 0 });

    const ok = await send(body, razorpayWebhookSignature(RZP_WEBHOOK, body), 'evt_rfnd_ok');
    expect(ok.json().data).toEqual({ received: true, duplicate: false });
    expect(await refunds(o)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await order(o)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 2500 });
    expect((await send(body, razorpayWebhookSignature(RZP_WEBHOOK, body), 'evt_rfnd_ok')).json().data).toEqual({ received: true, duplicate: true });
    expect((await updates(o)).map((u) => u.change)).toEqual(['refund_pending', 'refunded']);
  });

  it('refund.failed frees the amount; a refund id Razorpay never gave is acknowledged and ignored', async () => {
    const o = await razorpayPaid();
    const refund = (await askRefund(o, { amount: 2000 })).json().data as Refund;
    const ref = await refundRefOf(refund.id);
    const body = refundEvent('refund.failed', ref, `pay_${o.sessionId}`);
    expect((await send(body, razorpayWebhookSignature(RZP_WEBHOOK, body), 'evt_rfnd_failed')).statusCode).toBe(200);
    expect(await refunds(o)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await order(o)).toMatchObject({ status: 'paid', paymentStatus: 'paid', refundedAmount: 0 });
    expect(await paymentRefunded(o.orderId)).toEqual({ status: 'captured', refunded_amount: 0 });
    expect((await updates(o)).map((u) => u.change)).toEqual(['refund_pending', 'refund_failed']);

    const unknown = refundEvent('refund.processed', 'rfnd_nobody', `pay_${o.sessionId}`);
    expect((await send(unknown, razorpayWebhookSignature(RZP_WEBHOOK, unknown), 'evt_rfnd_unknown')).json().data).toEqual({ received: true, duplicate: false });
    const malformed = JSON.stringify({ entity: 'event', event: 'refund.processed', created_at: Math.floor(Date.now() / 1000), payload: {} });
    expect((await send(malformed, razorpayWebhookSignature(RZP_WEBHOOK, malformed), 'evt_rfnd_malformed')).json().code).toBe('WEBHOOK_MALFORMED');
    expect(await order(o)).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });
});
