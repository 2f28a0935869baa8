import {
  ZInvoiceSettings,
  ZInvoiceSettingsUpdateRequest,
  ZPaymentResult,
  ZPaymentSessionParams,
  ZPaymentSettings,
  ZPaymentSettingsUpdateRequest,
  ZRedirectVerifyRequest,
  ZRefund,
  ZRefundList,
  ZRefundRequest,
  ZTestGatewayCompleteRequest,
  ZTestGatewayCompleteResponse,
  ZTestGatewayMerchantParams,
  ZTestGatewayPendingRefunds,
  ZTestGatewayRefundParams,
  ZTestGatewayRefundRequest,
  ZTestGatewayRefundResponse,
  ZTestGatewaySession,
  ZTransactionListQuery,
  ZTransactionPage,
  ZWebhookAck,
  ZWebhookParams,
} from './payments.schemas.ts';
import { ZOrderParams, ZRegEventParams } from './registration.schemas.ts';
import { defineRoutes } from '../common/route-contract.ts';

const tags = ['payments'];

/** Organiser payments (SPEC §7 productservices/api/): organisation settings, an event's transactions, order refunds. */
export const paymentsRoutes = defineRoutes({
  /**
   * The organisation's payment settings (one Stripe / Razorpay account per organiser); secrets are write-only. Without
   * keys the server falls back to STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,
   * RAZORPAY_WEBHOOK_SECRET, RAZORPAY_CHECKOUT_URL from process.env (STRIPE_API_BASE points the SDK at another host).
   * The `test` provider is available unless NODE_ENV=production and it is not enabled; `offline` must be enabled.
   */
  getSettings: {
    method: 'GET',
    path: '/api/productservices/api/payment-settings',
    auth: 'organiser',
    access: 'AP-203',
    tags,
    response: ZPaymentSettings,
  },
  /** Field key pattern for a malformed key. */
  updateSettings: {
    method: 'PUT',
    path: '/api/productservices/api/payment-settings',
    auth: 'organiser',
    access: 'AP-204',
    tags,
    body: ZPaymentSettingsUpdateRequest,
    response: ZPaymentSettings,
  },
  /** Invoice settings (the invoice counter is per organisation). */
  getInvoiceSettings: {
    method: 'GET',
    path: '/api/productservices/api/invoice-settings',
    auth: 'organiser',
    access: 'AP-195',
    tags,
    response: ZInvoiceSettings,
  },
  updateInvoiceSettings: {
    method: 'PUT',
    path: '/api/productservices/api/invoice-settings',
    auth: 'organiser',
    access: 'AP-196',
    tags,
    body: ZInvoiceSettingsUpdateRequest,
    response: ZInvoiceSettings,
  },
  transactions: {
    method: 'GET',
    path: '/api/productservices/api/events/:eventId/transactions',
    auth: 'organiser',
    access: 'AP-217',
    tags,
    params: ZRegEventParams,
    query: ZTransactionListQuery,
    response: ZTransactionPage,
  },
  listRefunds: {
    method: 'GET',
    path: '/api/productservices/api/events/:eventId/orders/:orderId/refunds',
    auth: 'organiser',
    access: 'AP-181',
    tags,
    params: ZOrderParams,
    response: ZRefundList,
  },
  /**
   * 400 REFUND_EXCEEDS_PAID (field amount, key refundTooLarge), 409 ORDER_NOT_PAID. `test` refunds succeed at once,
   * `offline` are recorded as done (the money goes back outside Pavilion), `stripe` and `razorpay` call the provider.
   * A refund neither cancels the order nor releases its seats.
   * A refund that succeeded (now, or when the provider confirms a `pending` one) of an invoiced order issues one credit
   * note (`creditNote`, from the organisation's credit-note series, tax in proportion), mailed to the buyer.
   */
  refund: {
    method: 'POST',
    path: '/api/productservices/api/events/:eventId/orders/:orderId/refunds',
    auth: 'organiser',
    access: 'AP-183',
    tags,
    params: ZOrderParams,
    body: ZRefundRequest,
    status: 201,
    response: ZRefund,
  },
});

/**
 * Public payments (eventservices/public/payments/), `auth: 'public'`: provider webhooks, the buyer's return pages and
 * Pavilion's test gateway. The server keeps these in their own scope: webhook signatures are over the exact bytes,
 * and the test gateway's form posts are urlencoded.
 */
export const paymentsPublicRoutes = defineRoutes({
  /**
   * A provider's webhook, verified over the raw body (signature: `x-pavilion-signature: t=<unix>,v1=<HMAC-SHA256 hex
   * of "t.body">` for test, `stripe-signature`, `x-razorpay-signature`; timestamp at most 300 s old), recorded once in
   * payment_events (unique provider event id), and in the same transaction (order row locked, conditional update) the
   * order moves pending to paid: only that transaction writes the PAY_CAPTURED journey entries, the invoice number and
   * the confirmation-mail outbox row. A duplicate event id answers `{ received: true, duplicate: true }`; another event
   * for an already-paid order answers `duplicate: false` and changes nothing. A captured amount or currency that
   * differs from the order total does not confirm it. A payment after the order expired takes its seats again under
   * the quota locks, or (if they are gone) leaves the order `expired` with `paymentStatus: paid` and `needsRefund`.
   * A failure of an attempt that was not captured marks the payment and the order's paymentStatus failed (PAY_FAILED,
   * `detail.seatsReleased`) and returns the seats at once; the order stays pending until `expiresAt` (coupon use
   * too); when a newer attempt is open, an old attempt's failure changes only the journey.
   * 400 WEBHOOK_SIGNATURE_INVALID / WEBHOOK_STALE / WEBHOOK_MALFORMED; 503 TRY_AGAIN when the lock is busy (the
   * provider retries). Without an account id the environment's keys apply.
   */
  webhook: {
    method: 'POST',
    path: '/api/eventservices/public/payments/webhooks/:provider',
    auth: 'public',
    tags,
    params: ZWebhookParams,
    response: ZWebhookAck,
  },
  /** As webhook, for the organisation whose webhook id (ZPaymentSettings.webhookPaths) is `accountId`. */
  webhookForAccount: {
    method: 'POST',
    path: '/api/eventservices/public/payments/webhooks/:provider/:accountId',
    auth: 'public',
    tags,
    params: ZWebhookParams,
    response: ZWebhookAck,
  },
  /** A payment session's outcome (eazy-res/{identifier}, the success page); 404 when unknown. */
  sessionResult: {
    method: 'GET',
    path: '/api/eventservices/public/payments/sessions/:sessionId',
    auth: 'public',
    tags,
    params: ZPaymentSessionParams,
    response: ZPaymentResult,
  },
  /**
   * Razorpay-style return (phipay-res/...): HMAC-SHA256 of `order_id|payment_id` with the key secret; a valid
   * signature confirms through the webhook's path (whichever comes first wins). 400 SIGNATURE_INVALID.
   */
  verifyRedirect: {
    method: 'POST',
    path: '/api/eventservices/public/payments/sessions/:sessionId/verify',
    auth: 'public',
    tags,
    params: ZPaymentSessionParams,
    body: ZRedirectVerifyRequest,
    response: ZPaymentResult,
  },
  /**
   * Pavilion's test gateway (no outside account): an order made with `paymentProvider: 'test'` has
   * `payment.redirectUrl` = this path. With `Accept: application/json` the session (an SPA may render it itself),
   * otherwise an HTML page (text/html) with the order number, amount and Pay / Fail buttons. 404 when unknown.
   */
  gatewaySession: {
    method: 'GET',
    path: '/api/eventservices/public/payments/test-gateway/:sessionId',
    auth: 'public',
    tags,
    params: ZPaymentSessionParams,
    response: ZTestGatewaySession,
  },
  /**
   * The test gateway's Pay / Fail: builds a provider event `{ id, type: 'payment.captured'|'payment.failed', created,
   * data: { sessionId, orderId, amount, currency } }`, signs it as the webhook expects and posts it to
   * webhooks/test through the app's own pipeline (app.inject: same parser, checks and confirmation as any provider).
   * A form post (`outcome=pay|fail`, urlencoded) answers 303 to `/success/{eventId}/{orderId}/{sessionId}` or
   * `/failure?eventId=…&orderId=…&sessionId=…`; JSON answers `{ redirectUrl, status }`. 409 SESSION_CLOSED. If the
   * webhook never landed (crash), the reconciliation job replays captured test-gateway sessions.
   */
  gatewayComplete: {
    method: 'POST',
    path: '/api/eventservices/public/payments/test-gateway/:sessionId/complete',
    auth: 'public',
    tags,
    params: ZPaymentSessionParams,
    body: ZTestGatewayCompleteRequest,
    response: ZTestGatewayCompleteResponse,
  },
  /**
   * The test gateway settles a refund it answered `pending` (a payment made with `pay_refund_pending`): it posts a
   * signed `refund.succeeded` / `refund.failed` webhook `{ id, type, created, data: { refundRef } }` to webhooks/test
   * through the app's pipeline, as a real provider's later refund notice. A succeeded refund of a company invoice
   * or of an invoiced order issues its credit note then; a failed one frees its amount again. Answers the refund's status; settling twice
   * changes nothing. 404 when the gateway has no such refund. A form post (urlencoded, from the pending-refunds page)
   * answers 303 back to that page.
   */
  gatewayRefund: {
    method: 'POST',
    path: '/api/eventservices/public/payments/test-gateway/refunds/:refundRef/complete',
    auth: 'public',
    tags,
    params: ZTestGatewayRefundParams,
    body: ZTestGatewayRefundRequest,
    response: ZTestGatewayRefundResponse,
  },
  /**
   * The test gateway's "Pending refunds" page for one merchant (an organisation; the id is in each pending test refund's
   * `settleUrl`): the refunds it answered `pending`, each with "Settle as succeeded" / "Settle as failed", which post
   * to gatewayRefund (the signed webhook path, as a real provider's notice). HTML, or the list with
   * `Accept: application/json`. 404 unless the id's signature holds and the organisation has the test gateway enabled.
   */
  gatewayPendingRefunds: {
    method: 'GET',
    path: '/api/eventservices/public/payments/test-gateway/merchants/:merchantId/refunds',
    auth: 'public',
    tags,
    params: ZTestGatewayMerchantParams,
    response: ZTestGatewayPendingRefunds,
  },
});
