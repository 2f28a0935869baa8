import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { PAVILION_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { loadStripe } from '../../platform/libraries.ts';

// One provider interface, four adapters. Each adapter turns a provider's webhook into one normalised event after
// checking its signature and age; what happens next (idempotent confirmation) is the same for every provider.

export type CheckoutInput = {
  sessionId: string;
  orderId: string;
  eventId: string;
  registrationNo: string;
  amount: number;
  currency: string;
  buyerEmail: string;
  successUrl: string;
  failureUrl: string;
  /** Where a redirect provider sends the buyer back (phipay-res/...). */
  returnUrl: string;
};
export type CheckoutResult = { redirectUrl: string | null; providerSessionId: string | null };
export type WebhookKind = 'captured' | 'failed' | 'refunded' | 'refund_succeeded' | 'refund_failed' | 'ignored';
export type ProviderEvent = {
  providerEventId: string;
  kind: WebhookKind;
  /** Pavilion's session id (carried in metadata/notes), or null when the event is not ours. */
  sessionId: string | null;
  providerPaymentId: string | null;
  amount: number | null;
  currency: string | null;
  /** A refund's later outcome (`refund_succeeded` / `refund_failed`): the provider's refund id. */
  refundRef?: string | null;
};
export type Headers = Record<string, string | string[] | undefined>;
export type RefundResult = { providerRef: string; status: 'succeeded' | 'pending' };

export type PaymentProvider = {
  name: 'stripe' | 'razorpay' | 'offline' | 'test';
  createCheckout(input: CheckoutInput): Promise<CheckoutResult>;
  /** Verifies signature and age over the raw body; throws WEBHOOK_SIGNATURE_INVALID / WEBHOOK_STALE. */
  verifyWebhook(rawBody: Buffer, headers: Headers, nowMs: number): ProviderEvent;
  /** `pending`: the provider settles it later and says so by webhook (`refund_succeeded` / `refund_failed`). */
  refund(payment: { providerPaymentId: string | null; sessionId: string; currency: string; gatewayOutcome?: string | null }, amount: number): Promise<RefundResult>;
};

export const webhookErrors = {
  signature: () => new AppError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is missing or does not match'),
  stale: () => new AppError(400, 'WEBHOOK_STALE', `The webhook is older than ${WEBHOOK_TOLERANCE_SECONDS} seconds`),
  malformed: () => new AppError(400, 'WEBHOOK_MALFORMED', 'The webhook body is not a valid event'),
  notConfigured: (provider: string) => new AppError(400, 'PROVIDER_NOT_CONFIGURED', `${provider} has no keys configured`),
};

function header(headers: Headers, name: string): string | null {
  const v = headers[name];
  return typeof v === 'string' && v.length > 0 ? v : null;
}
function hmacHex(key: string, data: string | Buffer): string {
  return createHmac('sha256', key).update(data).digest('hex');
}
export function safeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && ba.length > 0 && timingSafeEqual(ba, bb);
}
function parseJson(raw: Buffer): Record<string, unknown> {
  try {
    const v = JSON.parse(raw.toString('utf8')) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw webhookErrors.malformed();
  }
}

// ---------------------------------------------------------------- Pavilion's own signature (test gateway)
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` — the same scheme as Stripe's, with Pavilion's key. */
export function signPavilion(secret: string, body: string, timestampSec: number): string {
  return `t=${timestampSec},v1=${hmacHex(secret, `${timestampSec}.${body}`)}`;
}
function verifyPavilion(secret: string, raw: Buffer, sig: string | null, nowMs: number): void {
  if (!sig) throw webhookErrors.signature();
  const parts = Object.fromEntries(sig.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) throw webhookErrors.signature();
  const expected = hmacHex(secret, Buffer.concat([Buffer.from(`${t}.`), raw]));
  if (!safeEqualHex(expected, parts.v1)) throw webhookErrors.signature();
  if (Math.abs(nowMs / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) throw webhookErrors.stale();
}

/**
 * The built-in test gateway: no outside account; its hosted page posts a signed webhook to Pavilion itself. Its page
 * is on Pavilion's own origin, so the buyer is sent there by path and stays at the host name they opened.
 */
export function testGatewayProvider(secret: string): PaymentProvider {
  return {
    name: 'test',
    async createCheckout(input) {
      return { redirectUrl: `/api/eventservices/public/payments/test-gateway/${input.sessionId}`, providerSessionId: null };
    },
    verifyWebhook(raw, headers, nowMs) {
      verifyPavilion(secret, raw, header(headers, PAVILION_SIGNATURE_HEADER), nowMs);
      const body = parseJson(raw);
      const data = (body.data ?? {}) as Record<string, unknown>;
      if (typeof body.id !== 'string' || typeof body.type !== 'string') throw webhookErrors.malformed();
      const kinds: Record<string, WebhookKind> = { 'payment.captured': 'captured', 'payment.failed': 'failed', 'refund.succeeded': 'refund_succeeded', 'refund.failed': 'refund_failed' };
      const kind: WebhookKind = kinds[body.type] ?? 'ignored';
      return {
        providerEventId: body.id,
        kind,
        refundRef: typeof data.refundRef === 'string' ? data.refundRef : null,
        sessionId: typeof data.sessionId === 'string' ? data.sessionId : null,
        providerPaymentId: typeof data.paymentId === 'string' ? data.paymentId : null,
        amount: typeof data.amount === 'number' ? data.amount : null,
        currency: typeof data.currency === 'string' ? data.currency : null,
      };
    },
    // At once, unless the buyer paid with "refunds settle later": then pending until the gateway's refund call.
    async refund(payment) {
      return { providerRef: `test_re_${newId()}`, status: payment.gatewayOutcome === 'pay_refund_pending' ? 'pending' : 'succeeded' };
    },
  };
}

// ---------------------------------------------------------------- Stripe
export type StripeKeys = { secretKey: string | null; webhookSecret: string | null; apiBase?: string | null };

export async function stripeProvider(keys: StripeKeys): Promise<PaymentProvider> {
  const StripeSdk = await loadStripe();
  // The client is only for outgoing calls; webhook verification is offline (HMAC), so tests never touch the network.
  // STRIPE_API_BASE points it elsewhere (stripe-mock, or a local fake in tests).
  const base = keys.apiBase ? new URL(keys.apiBase) : null;
  const client = new StripeSdk(keys.secretKey ?? 'sk_test_unconfigured', {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    name: 'stripe',
    async createCheckout(input) {
      if (!keys.secretKey) throw webhookErrors.notConfigured('Stripe');
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: input.sessionId,
        customer_email: input.buyerEmail,
        metadata: { pavilionSessionId: input.sessionId, orderId: input.orderId, eventId: input.eventId },
        payment_intent_data: { metadata: { pavilionSessionId: input.sessionId, orderId: input.orderId } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: `Registration ${input.registrationNo}` } },
          },
        ],
        success_url: `${input.successUrl}`,
        cancel_url: input.failureUrl,
      });
      return { redirectUrl: session.url, providerSessionId: session.id };
    },
    verifyWebhook(raw, headers, nowMs) {
      if (!keys.webhookSecret) throw webhookErrors.notConfigured('Stripe');
      const sig = header(headers, 'stripe-signature');
      if (!sig) throw webhookErrors.signature();
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(raw, sig, keys.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
      } catch (err) {
        if (err instanceof Error && /tolerance/i.test(err.message)) throw webhookErrors.stale();
        throw webhookErrors.signature();
      }
      const obj = event.data.object as unknown as Record<string, unknown>;
      const meta = (obj.metadata ?? {}) as Record<string, string>;
      const sessionId = meta.pavilionSessionId ?? (typeof obj.client_reference_id === 'string' ? obj.client_reference_id : null);
      const paymentIntent = typeof obj.payment_intent === 'string' ? obj.payment_intent : null;
      const amount = typeof obj.amount_total === 'number' ? obj.amount_total : null;
      const currency = typeof obj.currency === 'string' ? obj.currency.toUpperCase() : null;
      let kind: WebhookKind = 'ignored';
      if (event.type === 'checkout.session.completed') kind = obj.payment_status === 'paid' ? 'captured' : 'ignored';
      else if (event.type === 'checkout.session.async_payment_succeeded') kind = 'captured';
      else if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') kind = 'failed';
      else if (event.type === 'refund.updated' || event.type === 'charge.refund.updated') {
        // A refund Stripe answered `pending`, settled: its id is the refund's provider reference.
        const status = obj.status;
        if (status === 'succeeded' || status === 'failed' || status === 'canceled') {
          return { providerEventId: event.id, kind: status === 'succeeded' ? 'refund_succeeded' : 'refund_failed', refundRef: typeof obj.id === 'string' ? obj.id : null, sessionId: null, providerPaymentId: paymentIntent, amount: null, currency: null };
        }
      }
      return { providerEventId: event.id, kind, sessionId, providerPaymentId: paymentIntent, amount, currency };
    },
    async refund(payment, amount) {
      if (!keys.secretKey) throw webhookErrors.notConfigured('Stripe');
      if (!payment.providerPaymentId) throw new AppError(409, 'REFUND_NOT_POSSIBLE', 'The Stripe payment intent is unknown');
      const r = await client.refunds.create({ payment_intent: payment.providerPaymentId, amount });
      return { providerRef: r.id, status: r.status === 'succeeded' ? 'succeeded' : 'pending' };
    },
  };
}

// ---------------------------------------------------------------- Razorpay-style HMAC redirect provider
/** `apiBase`: RAZORPAY_API_BASE, where refunds are asked (default api.razorpay.com; a local fake in tests). */
export type RazorpayKeys = { keyId: string | null; keySecret: string | null; webhookSecret: string | null; checkoutUrl: string | null; apiBase?: string | null };

/** Signature of the buyer's return redirect: HMAC-SHA256(`${providerOrderId}|${providerPaymentId}`, keySecret). */
export function razorpayRedirectSignature(keySecret: string, providerOrderId: string, providerPaymentId: string): string {
  return hmacHex(keySecret, `${providerOrderId}|${providerPaymentId}`);
}
export function razorpayWebhookSignature(webhookSecret: string, raw: Buffer | string): string {
  return hmacHex(webhookSecret, raw);
}

/**
 * Razorpay-style: the buyer is sent to the provider's hosted page with our session id as the provider order id;
 * the provider returns the buyer with an HMAC of order_id|payment_id (checked by verifyRedirect) and also posts a
 * webhook signed with HMAC-SHA256 of the raw body (x-razorpay-signature). Debt: real Razorpay wants an order made
 * through its Orders API first; this adapter targets the signed-redirect protocol and is not tested against it.
 */
export function razorpayProvider(keys: RazorpayKeys): PaymentProvider & { verifyRedirect(providerOrderId: string, providerPaymentId: string, signature: string): boolean } {
  return {
    name: 'razorpay',
    async createCheckout(input) {
      if (!keys.keyId || !keys.keySecret || !keys.checkoutUrl) throw webhookErrors.notConfigured('Razorpay');
      const u = new URL(keys.checkoutUrl);
      u.searchParams.set('key_id', keys.keyId);
      u.searchParams.set('order_id', input.sessionId);
      u.searchParams.set('amount', String(input.amount));
      u.searchParams.set('currency', input.currency);
      u.searchParams.set('callback_url', input.returnUrl);
      u.searchParams.set('cancel_url', input.failureUrl);
      return { redirectUrl: u.toString(), providerSessionId: input.sessionId };
    },
    verifyRedirect(providerOrderId, providerPaymentId, signature) {
      if (!keys.keySecret) return false;
      return safeEqualHex(razorpayRedirectSignature(keys.keySecret, providerOrderId, providerPaymentId), signature);
    },
    verifyWebhook(raw, headers, nowMs) {
      if (!keys.webhookSecret) throw webhookErrors.notConfigured('Razorpay');
      const sig = header(headers, 'x-razorpay-signature');
      if (!sig || !safeEqualHex(razorpayWebhookSignature(keys.webhookSecret, raw), sig)) throw webhookErrors.signature();
      const body = parseJson(raw);
      const created = Number(body.created_at);
      if (!Number.isFinite(created) || Math.abs(nowMs / 1000 - created) > WEBHOOK_TOLERANCE_SECONDS) throw webhookErrors.stale();
      const payload = (body.payload ?? {}) as Record<string, unknown>;
      const entityOf = (name: string) => (payload[name] as Record<string, unknown> | undefined)?.entity as Record<string, unknown> | undefined;
      const eventId = header(headers, 'x-razorpay-event-id') ?? (typeof body.id === 'string' ? body.id : null);
      if (!eventId) throw webhookErrors.malformed();
      if (body.event === 'refund.processed' || body.event === 'refund.failed') {
        // A refund Razorpay answered `pending`, settled: its refund id (rfnd_…) is the refund's provider reference.
        const refund = entityOf('refund');
        if (!refund || typeof refund.id !== 'string') throw webhookErrors.malformed();
        return {
          providerEventId: eventId,
          kind: body.event === 'refund.processed' ? 'refund_succeeded' : 'refund_failed',
          refundRef: refund.id,
          sessionId: null,
          providerPaymentId: typeof refund.payment_id === 'string' ? refund.payment_id : null,
          amount: null,
          currency: null,
        };
      }
      const entity = entityOf('payment');
      if (!entity) throw webhookErrors.malformed();
      const kind: WebhookKind = body.event === 'payment.captured' ? 'captured' : body.event === 'payment.failed' ? 'failed' : 'ignored';
      return {
        providerEventId: eventId,
        kind,
        sessionId: typeof entity.order_id === 'string' ? entity.order_id : null,
        providerPaymentId: typeof entity.id === 'string' ? entity.id : null,
        amount: typeof entity.amount === 'number' ? entity.amount : null,
        currency: typeof entity.currency === 'string' ? entity.currency : null,
      };
    },
    async refund(payment, amount) {
      if (!keys.keyId || !keys.keySecret) throw webhookErrors.notConfigured('Razorpay');
      if (!payment.providerPaymentId) throw new AppError(409, 'REFUND_NOT_POSSIBLE', 'The provider payment id is unknown');
      const res = await fetch(`${(keys.apiBase ?? 'https://api.razorpay.com').replace(/\/$/, '')}/v1/payments/${encodeURIComponent(payment.providerPaymentId)}/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}` },
        body: JSON.stringify({ amount }),
      });
      if (!res.ok) throw new AppError(502, 'PROVIDER_ERROR', 'The payment provider refused the refund');
      const body = (await res.json()) as { id?: string; status?: string };
      return { providerRef: body.id ?? '', status: body.status === 'processed' ? 'succeeded' : 'pending' };
    },
  };
}

// ---------------------------------------------------------------- offline / manual
/** Bank transfer or pay at the venue: no redirect, no webhook; the organiser marks the order paid. */
export function offlineProvider(): PaymentProvider {
  return {
    name: 'offline',
    async createCheckout() {
      return { redirectUrl: null, providerSessionId: null };
    },
    verifyWebhook() {
      throw webhookErrors.signature();
    },
    async refund() {
      // Money goes back outside Pavilion (bank transfer, cash); the refund is recorded as done.
      return { providerRef: `manual_${newId()}`, status: 'succeeded' };
    },
  };
}
