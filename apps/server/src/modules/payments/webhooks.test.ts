import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { razorpayRedirectSignature, razorpayWebhookSignature, signPavilion } from './index.ts';

// Concurrent deliveries need real connections: this file runs on Postgres (CI's DATABASE_URL or the local one). The
// unit project shares a worker process between files (isolate: false), so the environment is put back afterwards.
const envBefore = { DATABASE_URL: process.env.DATABASE_URL, STRIPE_API_BASE: process.env.STRIPE_API_BASE };
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
function restoreEnv() {
  for (const [k, v] of Object.entries(envBefore)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

const WHSEC = 'whsec_testsecretforpavilionwebhooks';
const RZP_SECRET = 'rzp_key_secret_123456';
const RZP_WEBHOOK = 'rzp_webhook_secret_123456';
const stripe = new Stripe('sk_test_fake');

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let fakeStripe: Server;
let sessionCounter = 0;

beforeAll(async () => {
  // A local stand-in for api.stripe.com: checkout.sessions.create and refunds.create are real SDK calls to it.
  fakeStripe = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/checkout/sessions') {
        sessionCounter++;
        res.end(JSON.stringify({ id: `cs_test_${sessionCounter}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_${sessionCounter}` }));
      } else if (req.url === '/v1/refunds') {
        res.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded', amount: Number(new URLSearchParams(body).get('amount')) }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((r) => fakeStripe.listen(0, '127.0.0.1', r));
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(fakeStripe.address() as AddressInfo).port}`;
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, JWT_SECRET: 'webhook-test-secret-at-least-32-characters' });
  host = await signupOrganiser(t.app);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/productservices/api/payment-settings',
    headers: bearer(host.accessToken),
    payload: {
      enabledProviders: ['stripe', 'razorpay', 'test', 'offline'],
      stripe: { secretKey: 'sk_test_fake', webhookSecret: WHSEC },
      razorpay: { keyId: 'rzp_test_key', keySecret: RZP_SECRET, webhookSecret: RZP_WEBHOOK, checkoutUrl: 'https://pay.example.com/checkout' },
    },
  });
  expect(put.statusCode).toBe(200);
  expect(put.json().data.stripe).toEqual({ publishableKey: null, hasSecretKey: true, hasWebhookSecret: true });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await new Promise((r) => fakeStripe?.close(r));
  restoreEnv();
});

async function settingsPath(provider: 'stripe' | 'razorpay'): Promise<string> {
  return (await t.app.inject({ url: '/api/productservices/api/payment-settings', headers: bearer(host.accessToken) })).json().data.webhookPaths[provider];
}
async function paidOrder(provider: string, price = 2500) {
  const eventId = await createEvent(t.app, host.accessToken);
  const ticket = await createTicket(t.app, host.accessToken, eventId, { price, capacity: 10 });
  const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: price, paymentProvider: provider }));
  expect(res.statusCode).toBe(201);
  return { eventId, ...(res.json().data as { order: { id: string; attendees: { id: string }[] }; payment: { sessionId: string; redirectUrl: string } }) };
}
async function count(q: ReturnType<typeof sql>) {
  return Number(((await t.ctx.database.db.execute(q)).rows[0] as { n: string }).n);
}
async function effects(eventId: string, orderId: string, registrationId: string) {
  // The confirmation mail leaves from the mail job after the webhook's answer: let it finish first.
  await t.ctx.registration.mailWorker.idle();
  const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${registrationId}/journey`, headers: bearer(host.accessToken) })).json().data as { type: string }[];
  return {
    status: (await t.app.inject(`/api/eventservices/public/orders/${orderId}`)).json().data.status as string,
    captured: journey.filter((j) => j.type === 'PAY_CAPTURED').length,
    spent: journey.filter((j) => j.type === 'SPEND').length,
    failed: journey.filter((j) => j.type === 'PAY_FAILED').length,
    mails: await count(sql`select count(*) as n from reg_outbox where order_id = ${orderId} and status = 'sent'`),
    invoices: await count(sql`select count(*) as n from invoices where order_id = ${orderId}`),
  };
}
function stripeEvent(id: string, type: string, sessionId: string, amount = 2500) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cs_test_x', object: 'checkout.session', payment_status: 'paid', amount_total: amount, currency: 'eur', payment_intent: `pi_${id}`, metadata: { pavilionSessionId: sessionId } } },
  });
}
function deliverStripe(path: string, payload: string, opts: { timestamp?: number; secret?: string; signature?: string | null } = {}) {
  const sig = opts.signature === null ? undefined : (opts.signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WHSEC, timestamp: opts.timestamp }));
  return t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...(sig ? { 'stripe-signature': sig } : {}) }, payload });
}

describe('Stripe webhooks (signed with stripe.webhooks.generateTestHeaderString, verified offline)', () => {
  it('creates a real Checkout session through the SDK and confirms once when the same event arrives 5 times', async () => {
    const { eventId, order, payment } = await paidOrder('stripe');
    expect(payment.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const path = await settingsPath('stripe');
    const body = stripeEvent('evt_five', 'checkout.session.completed', payment.sessionId);
    const acks = [];
    for (let i = 0; i < 5; i++) acks.push((await deliverStripe(path, body)).json().data);
    expect(acks.map((a) => a.duplicate)).toEqual([false, true, true, true, true]);
    expect(await effects(eventId, order.id, order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
  });

  it('confirms once when 5 deliveries (same and different event ids) arrive concurrently', async () => {
    const { eventId, order, payment } = await paidOrder('stripe');
    const path = await settingsPath('stripe');
    const same = stripeEvent('evt_conc', 'checkout.session.completed', payment.sessionId);
    const res = await Promise.all([
      ...Array.from({ length: 5 }, () => deliverStripe(path, same)),
      deliverStripe(path, stripeEvent('evt_conc_async', 'checkout.session.async_payment_succeeded', payment.sessionId)),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(res.slice(0, 5).filter((r) => !r.json().data.duplicate)).toHaveLength(1);
    expect(await effects(eventId, order.id, order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
  });

  it('handles events out of order: a failure after the capture changes nothing; a capture after a failure confirms', async () => {
    const a = await paidOrder('stripe');
    const path = await settingsPath('stripe');
    await deliverStripe(path, stripeEvent('evt_ooo_ok', 'checkout.session.completed', a.payment.sessionId));
    await deliverStripe(path, stripeEvent('evt_ooo_fail', 'checkout.session.async_payment_failed', a.payment.sessionId));
    expect(await effects(a.eventId, a.order.id, a.order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
    const b = await paidOrder('stripe');
    await deliverStripe(path, stripeEvent('evt_ooo_fail2', 'checkout.session.async_payment_failed', b.payment.sessionId));
    expect((await effects(b.eventId, b.order.id, b.order.attendees[0]!.id)).failed).toBe(1);
    await deliverStripe(path, stripeEvent('evt_ooo_ok2', 'checkout.session.async_payment_succeeded', b.payment.sessionId));
    expect(await effects(b.eventId, b.order.id, b.order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 1, mails: 1, invoices: 1 });
  });

  it('rejects stale (older than 300 s), badly signed and unsigned deliveries, and records nothing', async () => {
    const { eventId, order, payment } = await paidOrder('stripe');
    const path = await settingsPath('stripe');
    const body = stripeEvent('evt_bad', 'checkout.session.completed', payment.sessionId);
    const stale = await deliverStripe(path, body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('WEBHOOK_STALE');
    const forged = await deliverStripe(path, body, { secret: 'whsec_someoneelse' });
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await deliverStripe(path, body, { signature: null });
    expect(unsigned.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await deliverStripe(path, body.replace('2500', '1'), { signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: WHSEC }) });
    expect(tampered.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await count(sql`select count(*) as n from payment_events where provider_event_id = 'evt_bad'`)).toBe(0);
    expect((await effects(eventId, order.id, order.attendees[0]!.id)).status).toBe('pending');
    // The genuine one still works afterwards.
    expect((await deliverStripe(path, body)).statusCode).toBe(200);
    expect((await effects(eventId, order.id, order.attendees[0]!.id)).status).toBe('paid');
  });

  it('does not confirm when the captured amount differs from the order total', async () => {
    const { eventId, order, payment } = await paidOrder('stripe');
    await deliverStripe(await settingsPath('stripe'), stripeEvent('evt_short', 'checkout.session.completed', payment.sessionId, 100));
    expect((await effects(eventId, order.id, order.attendees[0]!.id)).status).toBe('pending');
  });

  it('refunds through the Stripe SDK (partial, then the rest)', async () => {
    const { eventId, order, payment } = await paidOrder('stripe');
    await deliverStripe(await settingsPath('stripe'), stripeEvent('evt_refund', 'checkout.session.completed', payment.sessionId));
    const url = `/api/productservices/api/events/${eventId}/orders/${order.id}/refunds`;
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(host.accessToken), payload: { amount: 500 } })).json().data).toMatchObject({ amount: 500, status: 'succeeded' });
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(host.accessToken), payload: {} })).json().data.amount).toBe(2000);
    const tx = (await t.app.inject({ url: `/api/productservices/api/events/${eventId}/transactions`, headers: bearer(host.accessToken) })).json().data;
    expect(tx.items[0]).toMatchObject({ provider: 'stripe', status: 'refunded', refundedAmount: 2500, providerPaymentId: 'pi_evt_refund' });
  });
});

describe('test gateway and Razorpay-style webhooks', () => {
  const pavilionSecret = () => {
    // The gateway's key is derived from the instance secret exactly as the module does.
    return import('node:crypto').then(({ createHash }) => createHash('sha256').update('pavilion-test-gateway:webhook-test-secret-at-least-32-characters').digest('hex'));
  };

  it('test gateway: replays, stale and forged deliveries change nothing', async () => {
    const { eventId, order, payment } = await paidOrder('test');
    const secret = await pavilionSecret();
    const body = JSON.stringify({ id: 'evt_tg_1', type: 'payment.captured', created: 0, data: { sessionId: payment.sessionId, amount: 2500, currency: 'EUR' } });
    const now = Math.floor(Date.now() / 1000);
    const send = (sig: string) => t.app.inject({ method: 'POST', url: '/api/eventservices/public/payments/webhooks/test', headers: { 'content-type': 'application/json', 'x-pavilion-signature': sig }, payload: body });
    expect((await send(signPavilion(secret, body, now - 400))).json().code).toBe('WEBHOOK_STALE');
    expect((await send(signPavilion('wrong', body, now))).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await send('t=1,v1=zz')).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const five = await Promise.all(Array.from({ length: 5 }, () => send(signPavilion(secret, body, now))));
    expect(five.filter((r) => r.json().data.duplicate === false)).toHaveLength(1);
    expect(await effects(eventId, order.id, order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
  });

  it('razorpay: HMAC-signed webhook and redirect both confirm through the same path, once', async () => {
    const { eventId, order, payment } = await paidOrder('razorpay');
    expect(payment.redirectUrl).toContain(`order_id=${payment.sessionId}`);
    const path = await settingsPath('razorpay');
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      created_at: Math.floor(Date.now() / 1000),
      payload: { payment: { entity: { id: 'pay_1', order_id: payment.sessionId, amount: 2500, currency: 'EUR' } } },
    });
    const send = (sig: string, b = body) => t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'rzp_evt_1' }, payload: b });
    expect((await send('0'.repeat(64))).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const staleBody = body.replace(/"created_at":\d+/, `"created_at":${Math.floor(Date.now() / 1000) - 400}`);
    expect((await send(razorpayWebhookSignature(RZP_WEBHOOK, staleBody), staleBody)).json().code).toBe('WEBHOOK_STALE');
    const badRedirect = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/sessions/${payment.sessionId}/verify`, payload: { providerOrderId: payment.sessionId, providerPaymentId: 'pay_1', signature: 'a'.repeat(64) } });
    expect(badRedirect.json().code).toBe('SIGNATURE_INVALID');
    const redirect = await t.app.inject({
      method: 'POST',
      url: `/api/eventservices/public/payments/sessions/${payment.sessionId}/verify`,
      payload: { providerOrderId: payment.sessionId, providerPaymentId: 'pay_1', signature: razorpayRedirectSignature(RZP_SECRET, payment.sessionId, 'pay_1') },
    });
    expect(redirect.json().data).toMatchObject({ status: 'captured', orderStatus: 'paid', orderId: order.id, eventId });
    expect((await send(razorpayWebhookSignature(RZP_WEBHOOK, body))).statusCode).toBe(200);
    expect(await effects(eventId, order.id, order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
  });
});

describe('recovery after a crash between payment and confirmation', () => {
  it('the reconciliation job confirms a payment the gateway took but Pavilion never confirmed; the late webhook is a no-op', async () => {
    const { eventId, order, payment } = await paidOrder('test');
    // The gateway recorded "paid", then the process died before its webhook was handled.
    await t.ctx.database.db.execute(sql`update payments set gateway_outcome = 'pay' where session_id = ${payment.sessionId}`);
    expect((await effects(eventId, order.id, order.attendees[0]!.id)).status).toBe('paid'); // the lazy check on read
    const b = await paidOrder('test');
    await t.ctx.database.db.execute(sql`update payments set gateway_outcome = 'pay' where session_id = ${b.payment.sessionId}`);
    await t.ctx.registration.reconcile();
    const after = await t.ctx.database.db.execute(sql`select status from orders where id = ${b.order.id}`);
    expect((after.rows[0] as { status: string }).status).toBe('paid');
    const late = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${b.payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    expect(late.statusCode).toBe(200);
    expect(await effects(b.eventId, b.order.id, b.order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
  });

  it('a capture whose confirmation fails stays owed: the webhook is answered, and the outbox job confirms once the fault is gone', async () => {
    const { eventId, order, payment } = await paidOrder('stripe');
    const path = await settingsPath('stripe');
    const db = t.ctx.database.db;
    // registration's step (its own transaction) fails: here, writing the order's journey entries.
    await db.execute(sql.raw(`create or replace function pv_test_fail_journey() returns trigger language plpgsql as $$ begin raise exception 'injected journey fault'; end $$`));
    await db.execute(sql.raw(`create trigger pv_test_fail_journey before insert on journey_entries for each row execute function pv_test_fail_journey()`));
    try {
      const res = await deliverStripe(path, stripeEvent('evt_owed', 'checkout.session.completed', payment.sessionId));
      expect(res.statusCode).toBe(200);
      const state = await db.execute(sql`select o.status, p.status as payment from orders o join payments p on p.order_id = o.id where o.id = ${order.id}`);
      expect(state.rows[0]).toEqual({ status: 'pending', payment: 'captured' });
    } finally {
      await db.execute(sql.raw(`drop trigger pv_test_fail_journey on journey_entries`));
    }
    t.ctx.outbox.worker.wake();
    await t.ctx.outbox.worker.idle();
    expect(await effects(eventId, order.id, order.attendees[0]!.id)).toEqual({ status: 'paid', captured: 1, spent: 1, failed: 0, mails: 1, invoices: 1 });
  });

  it('a mail claimed by a sender that died is sent by the next reconciliation, once', async () => {
    const { eventId, order, payment } = await paidOrder('test');
    await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${payment.sessionId}/complete`, payload: { outcome: 'pay' } });
    await t.ctx.database.db.execute(sql`update reg_outbox set status = 'sending', claimed_at = now() - interval '10 minutes' where order_id = ${order.id}`);
    await t.ctx.registration.reconcile();
    await t.ctx.registration.reconcile();
    expect((await effects(eventId, order.id, order.attendees[0]!.id)).mails).toBe(1);
  });
});
