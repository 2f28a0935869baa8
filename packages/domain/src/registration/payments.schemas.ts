import { z } from 'zod';
import { ZPageQuery, zPage } from '../common/pagination.ts';
import { PAYMENT_PROVIDERS, zMoney } from './registration.schemas.ts';

// Payments: provider settings, payment sessions, transactions, refunds, invoices (STYLE "The API").

const zId = z.string().min(1).max(64);
const zSecret = z.string().trim().min(8).max(300);

/** Seconds a signed webhook stays acceptable (older deliveries are refused as stale). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Header of Pavilion's own (test-gateway) webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const PAVILION_SIGNATURE_HEADER = 'x-pavilion-signature';

export const PAYMENT_RECORD_STATUSES = ['created', 'captured', 'failed', 'refunded', 'partially_refunded'] as const;
export type TPaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

// ---------------------------------------------------------------- organiser payment settings (per organisation)
export const ZPaymentSettings = z.object({
  enabledProviders: z.array(z.enum(PAYMENT_PROVIDERS)),
  /** Webhook endpoint paths to paste into Stripe / Razorpay (relative to PUBLIC_URL). */
  webhookPaths: z.object({ stripe: z.string(), razorpay: z.string() }),
  stripe: z.object({ publishableKey: z.string().nullable(), hasSecretKey: z.boolean(), hasWebhookSecret: z.boolean() }),
  razorpay: z.object({ keyId: z.string().nullable(), hasKeySecret: z.boolean(), hasWebhookSecret: z.boolean(), checkoutUrl: z.string().nullable() }),
  offline: z.object({ instructions: z.string() }),
});
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;
/** Secrets are write-only: answers only say whether one is set. Send null to clear one. */
export const ZPaymentSettingsUpdateRequest = z
  .strictObject({
    enabledProviders: z.array(z.enum(PAYMENT_PROVIDERS)).max(4),
    stripe: z
      .strictObject({
        publishableKey: z.string().trim().refine((v) => /^pk_(test|live)_[A-Za-z0-9]+$/.test(v), { message: 'pattern' }).nullable(),
        secretKey: z.string().trim().refine((v) => /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(v), { message: 'pattern' }).nullable(),
        webhookSecret: z.string().trim().refine((v) => /^whsec_[A-Za-z0-9+/=]+$/.test(v), { message: 'pattern' }).nullable(),
      })
      .partial(),
    razorpay: z
      .strictObject({
        keyId: z.string().trim().min(4).max(100).nullable(),
        keySecret: zSecret.nullable(),
        webhookSecret: zSecret.nullable(),
        checkoutUrl: z.url().max(500).nullable(),
      })
      .partial(),
    offline: z.strictObject({ instructions: z.string().trim().max(2000) }),
  })
  .partial();
export type TPaymentSettingsUpdateRequest = z.infer<typeof ZPaymentSettingsUpdateRequest>;

// ---------------------------------------------------------------- invoice settings (per organisation)
/** A credit-note prefix: 1 to 10 letters, digits or hyphens. */
export const CREDIT_NOTE_PREFIX_PATTERN = /^[A-Za-z0-9-]{1,10}$/;
export const ZInvoiceSettings = z.object({
  legalName: z.string(),
  address: z.string(),
  taxId: z.string(),
  email: z.string(),
  /** Invoice numbers are `${prefix}${counter}`, sequential per organisation. */
  invoicePrefix: z.string(),
  /** Credit notes (refunds of company invoices and of invoiced orders) are `${prefix}000001`, … in their own series per organisation. */
  creditNotePrefix: z.string(),
});
export type TInvoiceSettings = z.infer<typeof ZInvoiceSettings>;
export const ZInvoiceSettingsUpdateRequest = z
  .strictObject({
    legalName: z.string().trim().max(200),
    address: z.string().trim().max(1000),
    taxId: z.string().trim().max(60),
    email: z.string().trim().max(254),
    invoicePrefix: z.string().refine((v) => /^[A-Z0-9-]{0,12}$/.test(v), { message: 'pattern' }),
    /** 1–10 letters, digits or hyphens (CN-). Applies to credit notes issued from then on. */
    creditNotePrefix: z.string().refine((v) => CREDIT_NOTE_PREFIX_PATTERN.test(v), { message: 'creditNotePrefixInvalid' }),
  })
  .partial();
export type TInvoiceSettingsUpdateRequest = z.infer<typeof ZInvoiceSettingsUpdateRequest>;

// ---------------------------------------------------------------- transactions and refunds
export const ZPaymentRecord = z.object({
  id: z.string(),
  orderId: z.string(),
  eventId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  sessionId: z.string(),
  providerPaymentId: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  capturedAt: z.string().nullable(),
});
export type TPaymentRecord = z.infer<typeof ZPaymentRecord>;
export const ZTransactionListQuery = ZPageQuery.extend({ status: z.enum(PAYMENT_RECORD_STATUSES).optional(), provider: z.enum(PAYMENT_PROVIDERS).optional() });
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;
export const ZTransactionPage = zPage(ZPaymentRecord);

export const ZRefundRequest = z.strictObject({
  /** Minor units; omit for a full refund of what remains. */
  amount: zMoney.min(1).optional(),
  reason: z.string().trim().max(500).default(''),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;
/**
 * A credit note of a refunded registration order (issue 15): one per succeeded refund of an invoiced order, numbered in
 * the organisation's credit-note series. Amounts are what it credits (positive; the document shows them negative).
 */
export const ZOrderCreditNote = z.object({
  id: z.string(),
  number: z.string(),
  /** The order's invoice it credits. */
  invoiceNumber: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type TOrderCreditNote = z.infer<typeof ZOrderCreditNote>;
/** The buyer's view of one: with its PDF's public address (the order's unguessable id is the key). */
export const ZPublicOrderCreditNote = ZOrderCreditNote.extend({ pdfUrl: z.string() });
export type TPublicOrderCreditNote = z.infer<typeof ZPublicOrderCreditNote>;
export const ZPublicOrderCreditNoteList = z.array(ZPublicOrderCreditNote);
export const ZOrderCreditNoteParams = z.object({ eventId: zId, orderId: zId, creditNoteId: zId });
export const ZPublicOrderCreditNoteParams = z.object({ orderId: zId, creditNoteId: zId });
export const ZRefund = z.object({
  id: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  reason: z.string(),
  createdAt: z.string(),
  /** A `pending` refund through the built-in test gateway: its pending-refunds page (settle it there); else null. */
  settleUrl: z.string().nullable(),
  /** Its credit note once it succeeded (an order without an invoice, e.g. a free one, has none). */
  creditNote: ZOrderCreditNote.nullable(),
});
export type TRefund = z.infer<typeof ZRefund>;
export const ZRefundList = z.array(ZRefund);

// ---------------------------------------------------------------- public payment calls
export const ZPaymentSessionParams = z.object({ sessionId: zId });
/** What outcome pages (success/…, failure, eazy-res/{identifier}, phipay-res/{identifier}/…) show. */
export const ZPaymentResult = z.object({
  sessionId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  eventId: z.string(),
  orderId: z.string(),
  orderStatus: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  amount: z.number().int(),
  currency: z.string(),
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;
/** Razorpay-style redirect: HMAC-SHA256(`${providerOrderId}|${providerPaymentId}`, keySecret) as hex. */
export const ZRedirectVerifyRequest = z.strictObject({
  providerOrderId: z.string().min(1).max(100),
  providerPaymentId: z.string().min(1).max(100),
  signature: z.string().refine((v) => /^[a-f0-9]{64}$/.test(v), { message: 'pattern' }),
});
export type TRedirectVerifyRequest = z.infer<typeof ZRedirectVerifyRequest>;
/** Test gateway: what the hosted page (or an SPA rendering it) shows. */
export const ZTestGatewaySession = z.object({
  sessionId: z.string(),
  eventId: z.string(),
  orderId: z.string(),
  registrationNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  completeUrl: z.string(),
});
export type TTestGatewaySession = z.infer<typeof ZTestGatewaySession>;
/**
 * `pay_refund_pending`: paid, and the gateway answers this payment's refunds `pending` (as Stripe's test cards do);
 * each refund then settles on the gateway's refund call below.
 */
export const ZTestGatewayCompleteRequest = z.strictObject({ outcome: z.enum(['pay', 'fail', 'pay_refund_pending']) });
export type TTestGatewayCompleteRequest = z.infer<typeof ZTestGatewayCompleteRequest>;
export const ZTestGatewayCompleteResponse = z.object({ redirectUrl: z.string(), status: z.enum(PAYMENT_RECORD_STATUSES) });
export type TTestGatewayCompleteResponse = z.infer<typeof ZTestGatewayCompleteResponse>;
/** The test gateway settles a pending refund: it succeeds, or fails (the provider's later answer). */
export const ZTestGatewayRefundParams = z.object({ refundRef: zId });
export const ZTestGatewayRefundRequest = z.strictObject({ outcome: z.enum(['succeed', 'fail']) });
export type TTestGatewayRefundRequest = z.infer<typeof ZTestGatewayRefundRequest>;
export const ZTestGatewayRefundResponse = z.object({ status: z.enum(['succeeded', 'pending', 'failed']) });
export type TTestGatewayRefundResponse = z.infer<typeof ZTestGatewayRefundResponse>;
/** The test gateway's merchant (one per organisation): `<organisationId>.<32 hex of its HMAC>`, unguessable. */
export const ZTestGatewayMerchantParams = z.object({ merchantId: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[0-9a-f]{32}$/) });
export const ZTestGatewayPendingRefunds = z.object({
  items: z.array(
    z.object({
      refundRef: z.string(),
      /** The order's registration number, or `Invoice <number>` for a company invoice. */
      label: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      reason: z.string(),
      createdAt: z.string(),
      settleUrl: z.string(),
    }),
  ),
});
export type TTestGatewayPendingRefunds = z.infer<typeof ZTestGatewayPendingRefunds>;
export const ZWebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type TWebhookAck = z.infer<typeof ZWebhookAck>;
export const ZWebhookParams = z.object({ provider: z.enum(['stripe', 'razorpay', 'test']), accountId: zId.optional() });
