import { sql } from 'drizzle-orm';
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
  /** Credit notes (CN-…) have their own series per organisation, bumped under the same row lock. */
  creditNoteCounter: integer('credit_note_counter').notNull().default(0),
  /** The credit notes' prefix (1–10 letters, digits, hyphens), for those issued from then on. */
  creditNotePrefix: text('credit_note_prefix').notNull().default('CN-'),
});

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    /** The registration order it pays, or (with `companyInvoiceId`) the company invoice's id. */
    orderId: text('order_id').notNull(),
    /** Set when the payment pays an exhibiting company's invoice (company_invoices) instead of an order. */
    companyInvoiceId: text('company_invoice_id'),
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
    /** Who asked for it (a company-invoice refund's credit note names them, also when issued on a later notice). */
    byUserId: text('by_user_id'),
    byName: text('by_name').notNull().default(''),
    /** The organiser's reference of an offline refund. */
    reference: text('reference').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), index('refunds_provider_ref_idx').on(t.providerRef)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    orderId: text('order_id').notNull(),
    number: text('number').notNull(),
    /**
     * What it bills, as the order stood when it was paid (gross total and its tax, minor units): a refund's credit note
     * splits its tax in proportion to these, in the refund's own transaction (which cannot read registration's tables).
     */
    total: integer('total').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    currency: text('currency').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_order_uq').on(t.orderId), uniqueIndex('invoices_org_number_uq').on(t.organisationId, t.number)],
);

/**
 * A credit note of a registration order's invoice (issue 15): one succeeded refund (whole or part) of an invoiced
 * order, numbered in the organisation's credit-note series (shared with company invoices' credit notes). One per
 * refund: the unique index is the last guard against issuing it twice (replayed or concurrent settle notices).
 */
export const orderCreditNotes = pgTable(
  'order_credit_notes',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    orderId: text('order_id').notNull(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull().default(''),
    provider: text('provider').notNull(),
    /** The provider's refund id. */
    reference: text('reference').notNull().default(''),
    paymentId: text('payment_id').notNull(),
    refundId: text('refund_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_credit_notes_order_idx').on(t.orderId), uniqueIndex('order_credit_notes_refund_uq').on(t.refundId), uniqueIndex('order_credit_notes_org_number_uq').on(t.organisationId, t.number)],
);

/**
 * An exhibiting company's invoice for its priced service-form orders (issue 15): one open invoice per company, event
 * and currency collects every approved priced submission; it is frozen once a payment starts (`pending`) and never
 * changed once `paid`, so a later approval opens a new one. Numbered from the organisation's invoice series. The
 * company is exhibition's (its id and a snapshot of its name and billing email; no foreign key across modules).
 */
export const companyInvoices = pgTable(
  'company_invoices',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    companyId: text('company_id').notNull(),
    companyName: text('company_name').notNull(),
    billingEmail: text('billing_email').notNull().default(''),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    /** open (takes new lines) → pending (a payment started; frozen) → paid → refunded (a credit note reverses it). */
    status: text('status').notNull().default('open'),
    /**
     * The tax applied (basis points, its name and the organiser's tax id): the event's company-invoice tax while the
     * invoice is open, kept as it was once it is frozen or paid.
     */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxName: text('tax_name').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    subtotal: integer('subtotal').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** online (a provider's captured payment) or offline (marked by the organiser). */
    paidVia: text('paid_via'),
    paidProvider: text('paid_provider'),
    /** Offline: bank_transfer, cheque or cash. */
    paidMethod: text('paid_method'),
    paidReference: text('paid_reference'),
    paidByUserId: text('paid_by_user_id'),
    paidByName: text('paid_by_name'),
    paidAt: ts('paid_at'),
    /** The payment that paid it (the one a refund gives back). */
    paidPaymentId: text('paid_payment_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invoices_org_number_uq').on(t.organisationId, t.number),
    uniqueIndex('company_invoices_one_open_uq').on(t.eventId, t.companyId, t.currency).where(sql`status = 'open'`),
    index('company_invoices_event_company_idx').on(t.eventId, t.companyId),
  ],
);

/** A line of a company invoice: one approved priced submission's item; a submission is invoiced once. */
export const companyInvoiceLines = pgTable(
  'company_invoice_lines',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => companyInvoices.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_invoice_lines_submission_uq').on(t.submissionId, t.position), index('company_invoice_lines_invoice_idx').on(t.invoiceId)],
);

/** The tax an event's company invoices carry (issue 15): one rate per event, set by the organiser. */
export const companyInvoiceTax = pgTable('company_invoice_tax', {
  eventId: text('event_id').primaryKey(),
  organisationId: text('organisation_id').notNull(),
  /** 1900 = 19 % (0 to 10000). */
  taxRateBp: integer('tax_rate_bp').notNull().default(0),
  taxName: text('tax_name').notNull().default(''),
  /** The organiser's tax id printed on the invoices (else the organisation's invoice settings' one). */
  taxId: text('tax_id').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A credit note: one succeeded refund (whole or part) of a paid company invoice, numbered in the organisation's own
 * credit-note series. One per refund (the unique index is the last guard against issuing it twice). Amounts are the
 * refund's (its tax in proportion), positive; the document shows them negative.
 */
export const companyCreditNotes = pgTable(
  'company_credit_notes',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => companyInvoices.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** online (through the provider that took the money) or offline (given back outside Pavilion). */
    via: text('via').notNull(),
    provider: text('provider').notNull(),
    /** The provider's refund id, or the organiser's reference of an offline refund. */
    reference: text('reference').notNull().default(''),
    paymentId: text('payment_id').notNull(),
    refundId: text('refund_id').notNull(),
    byUserId: text('by_user_id').notNull(),
    byName: text('by_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('company_credit_notes_invoice_idx').on(t.invoiceId),
    uniqueIndex('company_credit_notes_refund_uq').on(t.refundId),
    uniqueIndex('company_credit_notes_org_number_uq').on(t.organisationId, t.number),
  ],
);
