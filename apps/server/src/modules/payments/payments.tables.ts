import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One payment account per organisation. Secrets are write-only through the API. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    organisationId: text('organisation_id').primaryKey(),
    /** Unguessable id in the organisation's webhook URLs. */
    webhookAccountId: text('webhook_account_id').notNull(),
    enabledProviders: jsonb('enabled_providers').$type<string[]>().notNull(),
    stripePublishableKey: text('stripe_publishable_key'),
    stripeSecretKey: text('stripe_secret_key'),
    stripeWebhookSecret: text('stripe_webhook_secret'),
    razorpayKeyId: text('razorpay_key_id'),
    razorpayKeySecret: text('razorpay_key_secret'),
    razorpayWebhookSecret: text('razorpay_webhook_secret'),
    razorpayCheckoutUrl: text('razorpay_checkout_url'),
    offlineInstructions: text('offline_instructions').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_settings_webhook_uq').on(t.webhookAccountId)],
);

export const invoiceSettings = pgTable('invoice_settings', {
  organisationId: text('organisation_id').primaryKey(),
  legalName: text('legal_name').notNull().default(''),
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  email: text('email').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
  /** Sequential per organisation; bumped in the confirming transaction. */
  invoiceCounter: integer('invoice_counter').notNull().default(0),
});

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    /** Pavilion's public session id (URLs, webhooks' metadata). */
    sessionId: text('session_id').notNull(),
    /** The provider's own checkout/session id (Stripe cs_…), when it has one. */
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    webhookAccountId: text('webhook_account_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('created'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Test gateway only: what the buyer pressed (the gateway's own record, used by reconciliation). */
    gatewayOutcome: text('gateway_outcome'),
    redirectUrl: text('redirect_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
    capturedAt: ts('captured_at'),
  },
  (t) => [
    uniqueIndex('payments_session_uq').on(t.sessionId),
    index('payments_order_idx').on(t.orderId),
    index('payments_event_created_idx').on(t.eventId, t.createdAt),
  ],
);

/** Every webhook event processed, once: the unique key makes duplicate deliveries no-ops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    kind: text('kind').notNull(),
    paymentId: text('payment_id'),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.providerEventId)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id').notNull(),
    orderId: text('order_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    providerRef: text('provider_ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    orderId: text('order_id').notNull(),
    number: text('number').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_order_uq').on(t.orderId), uniqueIndex('invoices_org_number_uq').on(t.organisationId, t.number)],
);
