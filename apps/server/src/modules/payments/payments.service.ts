import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  TInvoiceSettings,
  TInvoiceSettingsUpdateRequest,
  TOrderCreditNote,
  TPublicOrderCreditNote,
  TPage,
  TPaymentRecord,
  TPaymentResult,
  TPaymentSession,
  TPaymentSettings,
  TPaymentSettingsUpdateRequest,
  TRedirectVerifyRequest,
  TRefund,
  TRefundRequest,
  TTestGatewaySession,
  TTestGatewayCompleteResponse,
  TTestGatewayCompleteRequest,
  TTestGatewayPendingRefunds,
  TTestGatewayRefundResponse,
  TTransactionListQuery,
  TWebhookAck,
  TPaymentProvider,
} from '@pavilion/domain';
import { PAVILION_SIGNATURE_HEADER, refundableAmount } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { openOptional, sealOptional, type SecretBox } from '../../platform/secret-box.ts';
import type { EventOutbox } from '../../platform/event-outbox.ts';
import type { OrderPaid } from '../registration/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { creditNoteFigures, documentFileName, issueCreditNoteNumber, renderCreditNotePdf } from './credit-notes.ts';
import { createCompanyInvoices, invoiceReturnPath } from './company-invoices.service.ts';
import { refundAmountWithin, refundThroughProvider } from './payment-refunds.ts';
import type { InvoiceRow, OrderCreditNoteRow, PaymentRow, PaymentsRepository, RefundRow, Tx } from './payments.repository.ts';
import {
  offlineProvider,
  razorpayProvider,
  signPavilion,
  stripeProvider,
  testGatewayProvider,
  type Headers,
  type PaymentProvider,
  type ProviderEvent,
} from './providers.ts';

/** The order fields payments reads (owned by the registration module). */
export type OrderView = {
  id: string;
  organisationId: string;
  eventId: string;
  registrationNo: string;
  status: string;
  paymentStatus: string;
  total: number;
  currency: string;
  refundedAmount: number;
  buyerFirstName: string;
  buyerLastName: string;
  buyerEmail: string;
  invoiceNumber: string | null;
  lines: { ticketName: string; quantity: number; unitPrice: number; discount: number; tax: number; total: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  createdAt: Date;
  paidAt: Date | null;
  /** Money was captured for an order that could not be honoured (sold out meanwhile, or cancelled): refund it. */
  needsRefund?: boolean;
};

/**
 * The facts payments publishes (issue 13: payments and registration meet through these, never through each other's
 * transactions). Each is written in the transaction that makes it true (the event outbox) and delivered after the
 * commit, in the same request when all goes well, else by the outbox job: registration confirms, releases or
 * refunds the order in its own transaction, idempotently (delivery is at least once).
 */
export type PaymentsEvents = {
  /** A payment's money is in (webhook, redirect, test gateway, reconciliation, offline mark-paid). */
  'payment.captured': { paymentId: string; orderId: string; provider: string; amount: number | null; currency: string | null; actorUserId: string | null };
  /** An attempt failed; `hasOpenAttempt`: the buyer already opened another attempt of the same order. */
  'payment.failed': { orderId: string; provider: string; hasOpenAttempt: boolean };
  /**
   * Money went back; `refundedTotal` is the order's refunded sum after this refund. `creditNoteId`: the credit note it
   * issued (an invoiced order's), which registration mails to the buyer.
   */
  'payment.refunded': { orderId: string; refundedTotal: number; amount: number; reason: string | undefined; actorUserId: string | null; creditNoteId?: string };
  /**
   * An order's refund the provider answered `pending`: the amount is reserved on the payment, the order unchanged
   * until the provider's notice (`payment.refunded` when it succeeds, `payment.refund_failed` when it fails).
   */
  'payment.refund_pending': { orderId: string; refundId: string; amount: number; currency: string; reason: string; actorUserId: string | null };
  /** A pending refund of an order failed at the provider: its amount is refundable again. */
  'payment.refund_failed': { orderId: string; refundId: string; amount: number; currency: string; reason: string };
  /** A paid order's invoice got its number. */
  'invoice.issued': { orderId: string; number: string };
  /** An online payment came in for a company invoice already paid (or refunded): payments gives it back. */
  'company-invoice.overpaid': { paymentId: string };
};

/** What payments reads of orders (registration's port). */
export type OrdersPort = { order(orderId: string): Promise<OrderView | null> };

export type InjectFn = (opts: { method: 'POST'; url: string; headers: Record<string, string>; payload: string }) => Promise<{ statusCode: number; body: string }>;

export type PaymentsDeps = {
  repo: PaymentsRepository;
  orders: OrdersPort;
  /** Where payments' facts are written (in the transaction that makes them true) and delivered after commit. */
  outbox: Pick<EventOutbox<PaymentsEvents>, 'write' | 'deliver'>;
  /** 404 unless the event belongs to the caller's organisation and item scope. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEventName: (eventId: string) => Promise<string>;
  publicUrl: string;
  now: () => Date;
  /** Key of the built-in test gateway's webhook signature (derived from the instance secret). */
  testGatewaySecret: () => string;
  isProduction: boolean;
  /** Seals provider secrets at rest (platform/secret-box.ts). */
  secrets: SecretBox;
  env: { STRIPE_API_BASE?: string; STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string; RAZORPAY_WEBHOOK_SECRET?: string; RAZORPAY_CHECKOUT_URL?: string; RAZORPAY_API_BASE?: string };
  /** Delivers a request through the app's own HTTP pipeline (bound when the plugin registers). */
  inject: { current: InjectFn | null };
  log?: { error(obj: unknown, msg?: string): void };
};

const paymentErrors = {
  orderNotPaid: () => new AppError(409, 'ORDER_NOT_PAID', 'Only a paid order can be refunded'),
  signatureInvalid: () => new AppError(400, 'SIGNATURE_INVALID', 'The payment signature does not match'),
  sessionClosed: () => new AppError(409, 'SESSION_CLOSED', 'This payment session is already complete'),
  tryAgain: () => new AppError(503, 'TRY_AGAIN', 'Busy; the provider will retry'),
};

function toSession(p: PaymentRow, instructions: string | null): TPaymentSession {
  return { paymentId: p.id, provider: p.provider as TPaymentProvider, sessionId: p.sessionId, redirectUrl: p.redirectUrl, status: p.status as TPaymentSession['status'], instructions };
}
function toRecord(p: PaymentRow): TPaymentRecord {
  return {
    id: p.id,
    orderId: p.orderId,
    eventId: p.eventId,
    provider: p.provider as TPaymentProvider,
    sessionId: p.sessionId,
    providerPaymentId: p.providerPaymentId,
    amount: p.amount,
    currency: p.currency,
    status: p.status as TPaymentRecord['status'],
    refundedAmount: p.refundedAmount,
    createdAt: p.createdAt.toISOString(),
    capturedAt: p.capturedAt?.toISOString() ?? null,
  };
}
const isRetryable = (err: unknown) => {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const c = (e as { code?: unknown }).code;
    if (c === '55P03' || c === '40P01' || c === '40001') return true;
  }
  return false;
};

export function createPaymentsService(deps: PaymentsDeps) {
  const { repo } = deps;

  async function keysFor(organisationId: string | null) {
    const s = organisationId ? await repo.settings(organisationId) : null;
    const open = (v: string | null | undefined) => openOptional(deps.secrets, v);
    return {
      stripe: { secretKey: open(s?.stripeSecretKey) ?? deps.env.STRIPE_SECRET_KEY ?? null, webhookSecret: open(s?.stripeWebhookSecret) ?? deps.env.STRIPE_WEBHOOK_SECRET ?? null, apiBase: deps.env.STRIPE_API_BASE ?? null },
      razorpay: {
        keyId: s?.razorpayKeyId ?? deps.env.RAZORPAY_KEY_ID ?? null,
        keySecret: open(s?.razorpayKeySecret) ?? deps.env.RAZORPAY_KEY_SECRET ?? null,
        webhookSecret: open(s?.razorpayWebhookSecret) ?? deps.env.RAZORPAY_WEBHOOK_SECRET ?? null,
        checkoutUrl: s?.razorpayCheckoutUrl ?? deps.env.RAZORPAY_CHECKOUT_URL ?? null,
        apiBase: deps.env.RAZORPAY_API_BASE ?? null,
      },
    };
  }

  async function providerFor(name: string, organisationId: string | null): Promise<PaymentProvider> {
    if (name === 'test') return testGatewayProvider(deps.testGatewaySecret());
    if (name === 'offline') return offlineProvider();
    const keys = await keysFor(organisationId);
    if (name === 'stripe') return stripeProvider(keys.stripe);
    return razorpayProvider(keys.razorpay);
  }

  async function enabledProviders(organisationId: string): Promise<string[]> {
    const s = await repo.settings(organisationId);
    if (s) return s.enabledProviders;
    // A fresh install can take a test payment at once; production needs the organiser to choose providers.
    const env = await keysFor(null);
    return [...(deps.isProduction ? [] : ['test', 'offline']), ...(env.stripe.secretKey ? ['stripe'] : []), ...(env.razorpay.keySecret ? ['razorpay'] : [])];
  }

  const companyInvoices = createCompanyInvoices({
    repo,
    now: deps.now,
    publicUrl: deps.publicUrl,
    enabledProviders,
    providerFor,
    invoiceSettings: async (organisationId) => {
      const s = await repo.invoiceSettings(organisationId);
      return { legalName: s?.legalName ?? '', address: s?.address ?? '', taxId: s?.taxId ?? '', email: s?.email ?? '' };
    },
    findEventName: deps.findEventName,
    log: deps.log,
  });

  /**
   * The one place a provider event changes state: recorded once (its provider event id is unique, so duplicates,
   * concurrent and out-of-order deliveries change nothing), then applied to its payment with a conditional
   * transition. A transition that happened writes its fact (payment.captured / payment.failed) in the same
   * transaction; registration acts on it after the commit. Answers the outbox ids to deliver.
   */
  async function applyEventInTx(tx: PaymentsRepository, raw: Tx, provider: string, ev: ProviderEvent, payload: unknown, actorUserId: string | null): Promise<{ duplicate: boolean; outcome: string; facts: string[] }> {
    const isNew = await tx.recordEvent({ provider, providerEventId: ev.providerEventId, kind: ev.kind, paymentId: null, outcome: 'recorded', payload: payload as object });
    if (!isNew) return { duplicate: true, outcome: 'duplicate', facts: [] };
    if (ev.kind === 'refund_succeeded' || ev.kind === 'refund_failed') return { duplicate: false, ...(await refundSettledInTx(tx, raw, provider, ev)) };
    if (ev.kind === 'ignored' || !ev.sessionId) return { duplicate: false, outcome: 'ignored', facts: [] };
    const payment = await tx.findBySession(ev.sessionId, true);
    if (!payment || payment.provider !== provider) return { duplicate: false, outcome: 'unknown_session', facts: [] };
    if (ev.kind === 'captured') {
      const moved = await tx.transitionPayment(payment.id, ['created', 'failed'], { status: 'captured', capturedAt: deps.now(), providerPaymentId: ev.providerPaymentId ?? payment.providerPaymentId });
      if (!moved) return { duplicate: false, outcome: 'already_captured', facts: [] };
      // A company invoice's payment: the invoice is paid in this transaction; registration has no order to settle.
      // Paid already (a second payment): its durable fact gives the money back after the commit, once.
      if (payment.companyInvoiceId) {
        const isOverpaid = await companyInvoices.capturedInTx(tx, payment);
        return { duplicate: false, outcome: 'captured', facts: isOverpaid ? [await deps.outbox.write(raw, 'company-invoice.overpaid', { paymentId: payment.id })] : [] };
      }
      const fact = await deps.outbox.write(raw, 'payment.captured', { paymentId: payment.id, orderId: payment.orderId, provider, amount: ev.amount, currency: ev.currency, actorUserId });
      return { duplicate: false, outcome: 'captured', facts: [fact] };
    }
    if (ev.kind === 'failed') {
      const moved = await tx.transitionPayment(payment.id, ['created'], { status: 'failed' });
      if (!moved) return { duplicate: false, outcome: 'ignored_failure', facts: [] };
      // A company invoice stays payable (pending, frozen at its total): no seats to release.
      if (payment.companyInvoiceId) return { duplicate: false, outcome: 'failed', facts: [] };
      // The buyer may already have opened a newer attempt (a retry): its seats are not this attempt's to release.
      const hasOpenAttempt = (await tx.paymentsOfOrder(payment.orderId)).some((p) => p.id !== payment.id && p.status === 'created');
      const fact = await deps.outbox.write(raw, 'payment.failed', { orderId: payment.orderId, provider, hasOpenAttempt });
      return { duplicate: false, outcome: 'failed', facts: [fact] };
    }
    return { duplicate: false, outcome: 'ignored', facts: [] };
  }

  /**
   * A provider's later answer on a refund it left `pending`: the refund moves once (payment row locked, then the
   * refund read again), and a company invoice's gets its credit note or its amount back (companyInvoices). An order's
   * tells registration in the same transaction (durable facts): `payment.refunded` as for an immediate refund, or
   * `payment.refund_failed` with the reserved amount freed on the payment.
   */
  async function refundSettledInTx(tx: PaymentsRepository, raw: Tx, provider: string, ev: ProviderEvent): Promise<{ outcome: string; facts: string[] }> {
    const found = ev.refundRef ? await tx.refundByProviderRef(provider, ev.refundRef) : null;
    if (!found) return { outcome: 'unknown_refund', facts: [] };
    const payment = (await tx.findById(found.paymentId, true))!;
    const refund = (await tx.findRefund(found.id))!;
    if (refund.status !== 'pending') return { outcome: 'already_settled', facts: [] };
    const outcome = ev.kind === 'refund_succeeded' ? 'succeeded' : 'failed';
    const settled = (await tx.updateRefund(refund.id, { status: outcome }))!;
    if (await companyInvoices.refundSettledInTx(tx, settled, payment, outcome)) return { outcome: `refund_${outcome}`, facts: [] };
    if (outcome === 'succeeded') {
      const note = await creditOrderRefundInTx(tx, settled, payment);
      const fact = await deps.outbox.write(raw, 'payment.refunded', {
        orderId: settled.orderId,
        refundedTotal: await refundedTotalOf(tx, settled.orderId),
        amount: settled.amount,
        reason: settled.reason || undefined,
        actorUserId: settled.byUserId,
        ...(note ? { creditNoteId: note.id } : {}),
      });
      return { outcome: 'refund_succeeded', facts: [fact] };
    }
    const left = Math.max(0, payment.refundedAmount - settled.amount);
    await tx.updatePayment(payment.id, { refundedAmount: left, status: left === 0 ? 'captured' : left >= payment.amount ? 'refunded' : 'partially_refunded' });
    const fact = await deps.outbox.write(raw, 'payment.refund_failed', { orderId: settled.orderId, refundId: settled.id, amount: settled.amount, currency: settled.currency, reason: settled.reason });
    return { outcome: 'refund_failed', facts: [fact] };
  }

  /**
   * A succeeded refund of an invoiced order gets its credit note, in the transaction that settles the refund (the
   * caller holds the payment's lock, so concurrent settle notices of one refund come one at a time, and the second finds
   * it issued; the unique refund id is the last guard). Numbered in the organisation's credit-note series; its tax in
   * proportion to the invoice's. None for a failed or pending refund, nor for an order without an invoice (free, or
   * paid for seats it could not get). Answers the note (also when it was issued already).
   */
  async function creditOrderRefundInTx(tx: PaymentsRepository, refund: RefundRow, payment: PaymentRow): Promise<OrderCreditNoteRow | null> {
    if (payment.companyInvoiceId || refund.status !== 'succeeded') return null;
    const invoice = await tx.invoiceOfOrder(refund.orderId);
    if (!invoice) return null;
    const notes = await tx.orderCreditNotesOf(refund.orderId);
    const issued = notes.find((n) => n.refundId === refund.id);
    if (issued) return issued;
    return tx.insertOrderCreditNote({
      id: newId(),
      organisationId: invoice.organisationId,
      eventId: invoice.eventId,
      orderId: refund.orderId,
      invoiceId: invoice.id,
      number: await issueCreditNoteNumber(tx, invoice.organisationId),
      ...creditNoteFigures(refund.amount, invoice, notes),
      currency: refund.currency,
      reason: refund.reason,
      provider: payment.provider,
      reference: refund.providerRef ?? refund.reference,
      paymentId: payment.id,
      refundId: refund.id,
      createdAt: deps.now(),
    });
  }

  function toCreditNote(n: OrderCreditNoteRow, invoice: InvoiceRow): TOrderCreditNote {
    return { id: n.id, number: n.number, invoiceNumber: invoice.number, subtotal: n.subtotal, tax: n.tax, total: n.total, currency: n.currency, createdAt: n.createdAt.toISOString() };
  }

  /** An order's credit notes as the API shows them (none without an invoice). */
  async function creditNotesOfOrder(orderId: string): Promise<TOrderCreditNote[]> {
    const invoice = await repo.invoiceOfOrder(orderId);
    return invoice ? (await repo.orderCreditNotesOf(orderId)).map((n) => toCreditNote(n, invoice)) : [];
  }

  /** What an order got back: its succeeded refunds (a pending one is reserved on the payment, not yet the buyer's). */
  async function refundedTotalOf(tx: PaymentsRepository, orderId: string): Promise<number> {
    return (await tx.refundsOfOrder(orderId)).filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  }

  /** The test gateway's merchant id of an organisation: `<organisationId>.<HMAC>`, so its pending-refunds page is unguessable. */
  function gatewayMerchantId(organisationId: string): string {
    return `${organisationId}.${createHmac('sha256', deps.testGatewaySecret()).update(`merchant:${organisationId}`).digest('hex').slice(0, 32)}`;
  }
  const gatewayRefundsPath = (organisationId: string) => `/api/eventservices/public/payments/test-gateway/merchants/${gatewayMerchantId(organisationId)}/refunds`;
  function toRefund(r: RefundRow, provider: string | null, creditNote: TOrderCreditNote | null): TRefund {
    return {
      id: r.id,
      paymentId: r.paymentId,
      orderId: r.orderId,
      amount: r.amount,
      currency: r.currency,
      status: r.status as TRefund['status'],
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      settleUrl: r.status === 'pending' && provider === 'test' ? gatewayRefundsPath(r.organisationId) : null,
      creditNote,
    };
  }

  /** The test gateway's webhook: signed with its key, posted through the app's own pipeline (same checks as any provider's). */
  async function postGatewayWebhook(type: string, data: Record<string, unknown>): Promise<void> {
    const created = Math.floor(deps.now().getTime() / 1000);
    const body = JSON.stringify({ id: `evt_test_${newId()}`, type, created, data });
    if (!deps.inject.current) return;
    const res = await deps.inject.current({
      method: 'POST',
      url: '/api/eventservices/public/payments/webhooks/test',
      headers: { 'content-type': 'application/json', [PAVILION_SIGNATURE_HEADER]: signPavilion(deps.testGatewaySecret(), body, created) },
      payload: body,
    });
    if (res.statusCode >= 300) deps.log?.error({ status: res.statusCode, body: res.body }, 'test gateway webhook was refused');
  }

  /** Delivers committed facts now (their subscribers' effects are done when this returns; a failure is left to the job). */
  async function deliver(facts: readonly string[]): Promise<void> {
    for (const id of facts) await deps.outbox.deliver(id);
  }

  async function processEvent(provider: string, ev: ProviderEvent, payload: unknown, actorUserId: string | null = null): Promise<{ duplicate: boolean; outcome: string }> {
    let result: { duplicate: boolean; outcome: string; facts: string[] };
    try {
      result = await repo.transaction((tx, raw) => applyEventInTx(tx, raw, provider, ev, payload, actorUserId));
    } catch (err) {
      if (isRetryable(err)) throw paymentErrors.tryAgain();
      throw err;
    }
    await deliver(result.facts);
    return { duplicate: result.duplicate, outcome: result.outcome };
  }

  /** An offline payment for the order: the one not failed, or a new one. */
  async function offlinePaymentOf(tx: PaymentsRepository, order: Pick<OrderView, 'id' | 'organisationId' | 'eventId' | 'total' | 'currency'>) {
    const existing = (await tx.paymentsOfOrder(order.id)).find((p) => p.provider === 'offline' && p.status !== 'failed');
    return existing ?? (await tx.insertPayment({ id: newId(), organisationId: order.organisationId, eventId: order.eventId, orderId: order.id, provider: 'offline', sessionId: newId(), amount: order.total, currency: order.currency }));
  }

  const manualCapture = (order: Pick<OrderView, 'id' | 'total' | 'currency'>, sessionId: string): ProviderEvent => ({ providerEventId: `manual:${order.id}`, kind: 'captured', sessionId, providerPaymentId: null, amount: order.total, currency: order.currency });

  async function orderInEvent(caller: AuthUser, organisationId: string, eventId: string, orderId: string): Promise<OrderView> {
    await deps.assertEvent(caller, organisationId, eventId);
    const order = await deps.orders.order(orderId);
    if (!order || order.eventId !== eventId || order.organisationId !== organisationId) throw errors.notFound('Order');
    return order;
  }

  async function replayGatewayPayments(orderId: string | null): Promise<void> {
    for (const p of await repo.paidButUncaptured(orderId)) {
      await processEvent(p.provider, { providerEventId: `reconcile:${p.id}`, kind: 'captured', sessionId: p.sessionId, providerPaymentId: p.providerPaymentId, amount: p.amount, currency: p.currency }, { reconciled: true });
    }
  }

  const service = {
    /** Company invoices of exhibition's priced service-form orders (its port: exhibition never reads these tables). */
    companyInvoices,

    enabledProviders,

    async offlineInstructions(organisationId: string): Promise<string> {
      return (await repo.settings(organisationId))?.offlineInstructions || 'Pay by bank transfer or at the venue; the organiser will confirm your payment.';
    },

    async startCheckout(order: OrderView, providerName: string): Promise<TPaymentSession> {
      const sessionId = newId();
      const settings = await repo.settings(order.organisationId);
      const payment = await repo.insertPayment({
        id: newId(),
        organisationId: order.organisationId,
        eventId: order.eventId,
        orderId: order.id,
        provider: providerName,
        sessionId,
        amount: order.total,
        currency: order.currency,
        webhookAccountId: settings?.webhookAccountId ?? null,
      });
      const provider = await providerFor(providerName, order.organisationId);
      const result = await provider.createCheckout({
        sessionId,
        orderId: order.id,
        eventId: order.eventId,
        registrationNo: order.registrationNo,
        amount: order.total,
        currency: order.currency,
        buyerEmail: order.buyerEmail,
        // An outside provider's page sends the buyer back: it needs an absolute address, PUBLIC_URL's.
        successUrl: `${deps.publicUrl}/success/${order.eventId}/${order.id}/${sessionId}`,
        failureUrl: `${deps.publicUrl}/failure?eventId=${order.eventId}&orderId=${order.id}&sessionId=${sessionId}`,
        returnUrl: `${deps.publicUrl}/phipay-res/${sessionId}/${order.eventId}/${order.id}`,
      });
      const updated = (await repo.updatePayment(payment.id, { redirectUrl: result.redirectUrl, providerSessionId: result.providerSessionId }))!;
      return toSession(updated, providerName === 'offline' ? await this.offlineInstructions(order.organisationId) : null);
    },

    async handleWebhook(providerName: 'stripe' | 'razorpay' | 'test', accountId: string | undefined, raw: Buffer, headers: Headers): Promise<TWebhookAck> {
      let organisationId: string | null = null;
      if (accountId) {
        const s = await repo.settingsByWebhookAccount(accountId);
        if (!s) throw errors.notFound('Webhook account');
        organisationId = s.organisationId;
      }
      const provider = await providerFor(providerName, organisationId);
      const ev = provider.verifyWebhook(raw, headers, deps.now().getTime());
      let payload: unknown = null;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        payload = null;
      }
      const r = await processEvent(providerName, ev, payload);
      return { received: true, duplicate: r.duplicate };
    },

    async sessionResult(sessionId: string): Promise<TPaymentResult> {
      const p = await repo.findBySession(sessionId);
      if (!p) throw errors.notFound('Payment session');
      const order = await deps.orders.order(p.orderId);
      return {
        sessionId,
        provider: p.provider as TPaymentProvider,
        status: p.status as TPaymentResult['status'],
        eventId: p.eventId,
        orderId: p.orderId,
        orderStatus: (order?.status ?? 'pending') as TPaymentResult['orderStatus'],
        amount: p.amount,
        currency: p.currency,
      };
    },

    /** Razorpay-style return redirect: HMAC(order_id|payment_id) proves the payment; confirmation as for a webhook. */
    async verifyRedirect(sessionId: string, input: TRedirectVerifyRequest): Promise<TPaymentResult> {
      const p = await repo.findBySession(sessionId);
      if (!p || p.provider !== 'razorpay') throw errors.notFound('Payment session');
      const keys = await keysFor(p.organisationId);
      const provider = razorpayProvider(keys.razorpay);
      if (input.providerOrderId !== sessionId || !provider.verifyRedirect(input.providerOrderId, input.providerPaymentId, input.signature)) throw paymentErrors.signatureInvalid();
      await processEvent('razorpay', { providerEventId: `redirect:${input.providerPaymentId}`, kind: 'captured', sessionId, providerPaymentId: input.providerPaymentId, amount: null, currency: null }, input);
      return this.sessionResult(sessionId);
    },

    async gatewaySession(sessionId: string): Promise<TTestGatewaySession> {
      const p = await repo.findBySession(sessionId);
      if (!p || p.provider !== 'test') throw errors.notFound('Payment session');
      const order = p.companyInvoiceId ? null : await deps.orders.order(p.orderId);
      const invoice = p.companyInvoiceId ? await repo.companyInvoiceById(p.companyInvoiceId) : null;
      return {
        sessionId,
        eventId: p.eventId,
        orderId: p.orderId,
        registrationNo: invoice ? `Invoice ${invoice.number}` : (order?.registrationNo ?? ''),
        amount: p.amount,
        currency: p.currency,
        status: p.status as TTestGatewaySession['status'],
        completeUrl: `/api/eventservices/public/payments/test-gateway/${sessionId}/complete`,
      };
    },

    /**
     * The test gateway's "Pay" / "Fail": it records what the buyer chose (its own state, used by reconciliation),
     * then sends a signed webhook to Pavilion's webhook endpoint through the app's HTTP pipeline.
     */
    async gatewayComplete(sessionId: string, outcome: TTestGatewayCompleteRequest['outcome']): Promise<TTestGatewayCompleteResponse> {
      const p = await repo.findBySession(sessionId);
      if (!p || p.provider !== 'test') throw errors.notFound('Payment session');
      // The test gateway's page is on this origin: back to the success page by path, at the host name the buyer used.
      const successUrl = p.companyInvoiceId ? invoiceReturnPath(p.eventId, p.companyInvoiceId, 'paid') : `/success/${p.eventId}/${p.orderId}/${sessionId}`;
      const failureUrl = p.companyInvoiceId ? invoiceReturnPath(p.eventId, p.companyInvoiceId, 'failed') : `/failure?eventId=${p.eventId}&orderId=${p.orderId}&sessionId=${sessionId}`;
      const pays = outcome !== 'fail';
      if (p.status === 'captured' || p.status === 'refunded' || p.status === 'partially_refunded') {
        if (pays) return { redirectUrl: successUrl, status: p.status as 'captured' };
        throw paymentErrors.sessionClosed();
      }
      await repo.updatePayment(p.id, { gatewayOutcome: outcome, providerPaymentId: p.providerPaymentId ?? `test_pay_${newId()}` });
      await postGatewayWebhook(pays ? 'payment.captured' : 'payment.failed', { sessionId, orderId: p.orderId, paymentId: `test_pay_${p.id}`, amount: p.amount, currency: p.currency });
      const after = (await repo.findBySession(sessionId))!;
      return {
        redirectUrl: pays ? successUrl : failureUrl,
        status: after.status as TTestGatewayCompleteResponse['status'],
      };
    },

    /**
     * The test gateway settles a refund it answered `pending`: a signed `refund.succeeded` / `refund.failed` webhook
     * through the app's pipeline, as a provider's later notice. Answers the refund's status after it.
     */
    async gatewayRefund(refundRef: string, outcome: 'succeed' | 'fail'): Promise<TTestGatewayRefundResponse & { pagePath: string }> {
      const refund = await repo.refundByProviderRef('test', refundRef);
      if (!refund) throw errors.notFound('Refund');
      if (refund.status === 'pending') await postGatewayWebhook(outcome === 'succeed' ? 'refund.succeeded' : 'refund.failed', { refundRef });
      return { status: (await repo.findRefund(refund.id))!.status as TTestGatewayRefundResponse['status'], pagePath: gatewayRefundsPath(refund.organisationId) };
    },

    /**
     * The test gateway's pending refunds of one merchant (organisation), for its page: 404 unless the merchant id's
     * HMAC holds and the organisation has the test gateway enabled (as its payments can only be made then).
     */
    async gatewayPendingRefunds(merchantId: string): Promise<TTestGatewayPendingRefunds> {
      const organisationId = merchantId.slice(0, merchantId.lastIndexOf('.'));
      const expected = gatewayMerchantId(organisationId);
      const isValid = expected.length === merchantId.length && timingSafeEqual(Buffer.from(expected), Buffer.from(merchantId));
      if (!isValid || !(await enabledProviders(organisationId)).includes('test')) throw errors.notFound('Test gateway merchant');
      const items = [];
      for (const r of await repo.pendingRefundsOf('test', organisationId)) {
        const invoice = await repo.companyInvoiceById(r.orderId);
        const label = invoice ? `Invoice ${invoice.number}` : ((await deps.orders.order(r.orderId))?.registrationNo ?? r.orderId);
        items.push({ refundRef: r.providerRef ?? '', label, amount: r.amount, currency: r.currency, reason: r.reason, createdAt: r.createdAt.toISOString(), settleUrl: `/api/eventservices/public/payments/test-gateway/refunds/${r.providerRef}/complete` });
      }
      return { items };
    },

    /** Offline / manual payment marked by the organiser: the same idempotent confirmation as a webhook. */
    async markPaidManually(order: OrderView, actorUserId: string | null): Promise<void> {
      const payment = await offlinePaymentOf(repo, order);
      await processEvent('offline', manualCapture(order, payment.sessionId), { actorUserId }, actorUserId);
    },

    /**
     * registration's `order.paid`: the order's invoice (numbered in sequence per organisation, once per order), and
     * for a walk-in paid at the badge desk the offline payment that records the money taken. Idempotent (the fact
     * may come again after a crash): the counter row is locked before the order's invoice is looked for.
     */
    async onOrderPaid(e: OrderPaid): Promise<void> {
      // What the invoice bills (read before the transaction: a paid order's figures no longer change).
      const order = e.total > 0 ? await deps.orders.order(e.orderId) : null;
      const facts = await repo.transaction(async (tx, raw) => {
        if (e.atDesk) {
          const payment = await offlinePaymentOf(tx, { id: e.orderId, organisationId: e.organisationId, eventId: e.eventId, total: e.total, currency: e.currency });
          if (await tx.recordEvent({ provider: 'offline', providerEventId: `manual:${e.orderId}`, kind: 'captured', paymentId: payment.id, outcome: 'recorded', payload: { actorUserId: e.actorUserId, desk: true } })) {
            await tx.transitionPayment(payment.id, ['created', 'failed'], { status: 'captured', capturedAt: deps.now() });
          }
        }
        if (e.total <= 0) return [];
        await tx.lockInvoiceCounter(e.organisationId);
        if (await tx.invoiceOfOrder(e.orderId)) return [];
        const { n, prefix } = await tx.nextInvoiceNumber(e.organisationId);
        const number = `${prefix}${String(n).padStart(6, '0')}`;
        await tx.insertInvoice({ id: newId(), organisationId: e.organisationId, eventId: e.eventId, orderId: e.orderId, number, total: e.total, tax: order?.tax ?? 0, currency: e.currency });
        return [await deps.outbox.write(raw, 'invoice.issued', { orderId: e.orderId, number })];
      });
      await deliver(facts);
    },

    reconcileOrder: (orderId: string) => replayGatewayPayments(orderId),
    /** Job body: payments the gateway saw paid but Pavilion never confirmed (a crash between the two). */
    reconcile: () => replayGatewayPayments(null),

    async refund(caller: AuthUser, organisationId: string, eventId: string, orderId: string, input: TRefundRequest): Promise<TRefund> {
      const order = await orderInEvent(caller, organisationId, eventId, orderId);
      // A paid order, or one flagged because its captured money could not buy the seats (needsRefund).
      if (!(order.status === 'paid' || order.needsRefund) || !['paid', 'partially_refunded'].includes(order.paymentStatus)) throw paymentErrors.orderNotPaid();
      // Reserved under the payment row's lock first, so two refunds can never exceed what was paid.
      const done = await refundThroughProvider(repo, (p) => providerFor(p.provider, organisationId), {
        reserve: async (tx) => {
          // A payment whose whole amount is with the provider (a pending refund) is `refunded` already: it answers
          // REFUND_EXCEEDS_PAID (nothing remains), not ORDER_NOT_PAID.
          const payments = (await tx.paymentsOfOrder(orderId)).filter((p) => ['captured', 'partially_refunded', 'refunded'].includes(p.status));
          const first = payments.find((p) => p.status !== 'refunded') ?? payments[0];
          const payment = first ? await tx.findById(first.id, true) : null;
          if (!payment) throw paymentErrors.orderNotPaid();
          const amount = refundAmountWithin(input.amount, refundableAmount({ total: payment.amount, refundedAmount: payment.refundedAmount }), payment.currency);
          const p = (await tx.updatePayment(payment.id, { refundedAmount: payment.refundedAmount + amount }))!;
          const refund = await tx.insertRefund({ id: newId(), organisationId, eventId, paymentId: payment.id, orderId, amount, currency: payment.currency, status: 'pending', reason: input.reason, byUserId: caller.userId });
          return { payment: p, refund };
        },
        // Paid back now: registration books it. Pending at the provider: registration notes it, and books it (or
        // learns it failed) from the provider's later notice (refundSettledInTx).
        finalize: async (tx, raw, { payment, refund }) => {
          if (refund.status === 'pending') {
            const fact = await deps.outbox.write(raw, 'payment.refund_pending', { orderId, refundId: refund.id, amount: refund.amount, currency: refund.currency, reason: input.reason, actorUserId: caller.userId });
            return { refund, fact, provider: payment.provider, note: null };
          }
          const note = await creditOrderRefundInTx(tx, refund, payment);
          const fact = await deps.outbox.write(raw, 'payment.refunded', {
            orderId,
            refundedTotal: await refundedTotalOf(tx, orderId),
            amount: refund.amount,
            reason: input.reason,
            actorUserId: caller.userId,
            ...(note ? { creditNoteId: note.id } : {}),
          });
          return { refund, fact, provider: payment.provider, note };
        },
      });
      await deliver([done!.result.fact]);
      const { refund, provider, note } = done!.result;
      const invoice = note ? await repo.invoiceOfOrder(orderId) : null;
      return toRefund(refund, provider, note && invoice ? toCreditNote(note, invoice) : null);
    },

    async listRefunds(caller: AuthUser, organisationId: string, eventId: string, orderId: string): Promise<TRefund[]> {
      await orderInEvent(caller, organisationId, eventId, orderId);
      const refunds = await repo.refundsOfOrder(orderId);
      const providers = new Map((await repo.paymentsOfOrder(orderId)).map((p) => [p.id, p.provider]));
      const invoice = await repo.invoiceOfOrder(orderId);
      const noteOf = new Map(invoice ? (await repo.orderCreditNotesOf(orderId)).map((n) => [n.refundId, toCreditNote(n, invoice)]) : []);
      return refunds.map((r) => toRefund(r, providers.get(r.paymentId) ?? null, noteOf.get(r.id) ?? null));
    },

    /** The buyer's view of an order's credit notes (the order's unguessable id is the key); 404 for no such order. */
    async publicCreditNotes(orderId: string): Promise<TPublicOrderCreditNote[]> {
      if (!(await deps.orders.order(orderId))) throw errors.notFound('Order');
      return (await creditNotesOfOrder(orderId)).map((n) => ({ ...n, pdfUrl: `/api/eventservices/public/orders/${orderId}/credit-notes/${n.id}/credit-note.pdf` }));
    },

    /**
     * One credit note of an order, with its PDF (what it credits, negative, naming the invoice); null unless the note
     * is that order's. The caller checks who may see the order (organiser scope, or the buyer's order id).
     */
    async orderCreditNote(orderId: string, creditNoteId: string): Promise<{ note: TOrderCreditNote; fileName: string; bytes: Buffer } | null> {
      const row = (await repo.orderCreditNotesOf(orderId)).find((n) => n.id === creditNoteId);
      const [order, invoice] = row ? await Promise.all([deps.orders.order(orderId), repo.invoiceOfOrder(orderId)]) : [null, null];
      if (!row || !order || !invoice) return null;
      const s = await this.getInvoiceSettings(order.organisationId);
      const how = row.provider === 'offline' ? 'refunded offline' : `refunded online (${row.provider})`;
      const bytes = await renderCreditNotePdf({
        number: row.number,
        issuedAt: row.createdAt,
        seller: { legalName: s.legalName, address: s.address, taxId: s.taxId, email: s.email },
        buyer: { name: `${order.buyerFirstName} ${order.buyerLastName}`.trim(), email: order.buyerEmail },
        eventName: await deps.findEventName(order.eventId),
        registrationNo: order.registrationNo,
        reference: `Credit for invoice ${invoice.number} (registration ${order.registrationNo}), ${how}${row.reason ? `. Reason: ${row.reason}` : ''}`,
        currency: row.currency,
        invoice: {
          number: invoice.number,
          total: invoice.total,
          lines: order.lines.map((l) => ({ description: l.ticketName, quantity: l.quantity, unitPrice: l.unitPrice, discount: l.discount, tax: l.tax, total: l.total })),
        },
        credit: row,
      });
      return { note: toCreditNote(row, invoice), fileName: documentFileName('credit-note', row.number), bytes };
    },

    async transactions(caller: AuthUser, organisationId: string, eventId: string, q: TTransactionListQuery): Promise<TPage<TPaymentRecord>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { rows, total } = await repo.listPayments(eventId, q);
      return { items: rows.map(toRecord), total, page: q.page, pageSize: q.pageSize };
    },

    async getSettings(organisationId: string): Promise<TPaymentSettings> {
      const s = await repo.settings(organisationId);
      const accountId = s?.webhookAccountId ?? null;
      return {
        enabledProviders: (s?.enabledProviders ?? (await this.enabledProviders(organisationId))) as TPaymentProvider[],
        webhookPaths: {
          stripe: `/api/eventservices/public/payments/webhooks/stripe${accountId ? `/${accountId}` : ''}`,
          razorpay: `/api/eventservices/public/payments/webhooks/razorpay${accountId ? `/${accountId}` : ''}`,
        },
        stripe: { publishableKey: s?.stripePublishableKey ?? null, hasSecretKey: !!s?.stripeSecretKey, hasWebhookSecret: !!s?.stripeWebhookSecret },
        razorpay: { keyId: s?.razorpayKeyId ?? null, hasKeySecret: !!s?.razorpayKeySecret, hasWebhookSecret: !!s?.razorpayWebhookSecret, checkoutUrl: s?.razorpayCheckoutUrl ?? null },
        offline: { instructions: s?.offlineInstructions ?? '' },
      };
    },

    async updateSettings(organisationId: string, input: TPaymentSettingsUpdateRequest): Promise<TPaymentSettings> {
      const patch: Record<string, unknown> = {};
      if (input.enabledProviders) patch.enabledProviders = [...new Set(input.enabledProviders)];
      if (input.stripe) {
        if (input.stripe.publishableKey !== undefined) patch.stripePublishableKey = input.stripe.publishableKey;
        // Secrets are sealed at rest; null clears one.
        if (input.stripe.secretKey !== undefined) patch.stripeSecretKey = sealOptional(deps.secrets, input.stripe.secretKey);
        if (input.stripe.webhookSecret !== undefined) patch.stripeWebhookSecret = sealOptional(deps.secrets, input.stripe.webhookSecret);
      }
      if (input.razorpay) {
        if (input.razorpay.keyId !== undefined) patch.razorpayKeyId = input.razorpay.keyId;
        if (input.razorpay.keySecret !== undefined) patch.razorpayKeySecret = sealOptional(deps.secrets, input.razorpay.keySecret);
        if (input.razorpay.webhookSecret !== undefined) patch.razorpayWebhookSecret = sealOptional(deps.secrets, input.razorpay.webhookSecret);
        if (input.razorpay.checkoutUrl !== undefined) patch.razorpayCheckoutUrl = input.razorpay.checkoutUrl;
      }
      if (input.offline) patch.offlineInstructions = input.offline.instructions;
      const current = await this.enabledProviders(organisationId);
      await repo.upsertSettings(organisationId, { organisationId, webhookAccountId: newId(), enabledProviders: current, ...patch }, patch);
      return this.getSettings(organisationId);
    },

    async getInvoiceSettings(organisationId: string): Promise<TInvoiceSettings> {
      const s = await repo.invoiceSettings(organisationId);
      return { legalName: s?.legalName ?? '', address: s?.address ?? '', taxId: s?.taxId ?? '', email: s?.email ?? '', invoicePrefix: s?.invoicePrefix ?? 'INV-', creditNotePrefix: s?.creditNotePrefix ?? 'CN-' };
    },
    async updateInvoiceSettings(organisationId: string, input: TInvoiceSettingsUpdateRequest): Promise<TInvoiceSettings> {
      await repo.upsertInvoiceSettings(organisationId, input);
      return this.getInvoiceSettings(organisationId);
    },

    /** The invoice PDF of a paid order; null when the order has none (free or unpaid). */
    async invoicePdf(orderId: string): Promise<Buffer | null> {
      const order = await deps.orders.order(orderId);
      const invoice = order ? await repo.invoiceOfOrder(orderId) : null;
      if (!order || !invoice) return null;
      const [s, notes] = await Promise.all([this.getInvoiceSettings(order.organisationId), repo.orderCreditNotesOf(orderId)]);
      return renderInvoicePdf({
        number: invoice.number,
        issuedAt: invoice.createdAt,
        seller: { legalName: s.legalName, address: s.address, taxId: s.taxId, email: s.email },
        buyer: { name: `${order.buyerFirstName} ${order.buyerLastName}`.trim(), email: order.buyerEmail },
        eventName: await deps.findEventName(order.eventId),
        registrationNo: order.registrationNo,
        currency: order.currency,
        lines: order.lines.map((l) => ({ description: l.ticketName, quantity: l.quantity, unitPrice: l.unitPrice, discount: l.discount, tax: l.tax, total: l.total })),
        subtotal: order.subtotal,
        discount: order.discount,
        tax: order.tax,
        total: order.total,
        refunded: order.refundedAmount,
        creditNotes: notes.filter((n) => n.invoiceId === invoice.id).map((n) => ({ number: n.number, issuedAt: n.createdAt, total: n.total })),
      });
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
