import { z } from 'zod';
import { proportionalShare } from '../registration/refunds.ts';

/**
 * Company invoices (issue 15): an exhibiting company's priced service-form orders, billed through the payments
 * module. One open invoice per company, event and currency takes every approved priced submission; a payment
 * started freezes it (`pending`), and a paid one never changes (a later approval opens a new invoice). Amounts are
 * in minor units (cents), computed by the server.
 */
export const COMPANY_INVOICE_STATUSES = ['open', 'pending', 'paid', 'partially_refunded', 'refunded'] as const;
export type TCompanyInvoiceStatus = (typeof COMPANY_INVOICE_STATUSES)[number];
/** How the organiser says an offline payment came in. */
export const OFFLINE_PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash'] as const;
export type TOfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
/** The providers a company may pay online with (enabled in the organisation's payment settings). */
export const ONLINE_INVOICE_PROVIDERS = ['test', 'stripe', 'razorpay'] as const;

/** Error keys (the web translates them under `validation.`). */
export const CompanyInvoiceKey = { ReferenceRequired: 'referenceRequired', ReasonRequired: 'refundReasonRequired', TaxRate: 'taxRateInvalid' } as const;

/** Credit notes are numbered `CN-000001`, … in their own series per organisation (the prefix is the organiser's). */
export const CREDIT_NOTE_PREFIX = 'CN-';
/** A refund of a company invoice: with the provider (`pending`), done (`succeeded`, its credit note issued) or `failed`. */
export const INVOICE_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * The tax of a company-invoice line, in minor units: the net times the rate (basis points, 1900 = 19 %), rounded per
 * line half up (x.5 cents up), in integers only. The invoice's tax is the sum of its lines' taxes.
 */
export function lineTax(net: number, taxRateBp: number): number {
  return Math.floor((net * taxRateBp + 5000) / 10_000);
}

/**
 * The net and tax a credit note of `amount` carries: the invoice's tax in proportion (rounded half up, in integers,
 * like a line's tax), and the last credit note (the one that completes the refund) takes what remains of the tax, so
 * the invoice's credit notes always add up to its figures exactly.
 */
export function creditNoteSplit(amount: number, invoice: { total: number; tax: number }, credited: { total: number; tax: number }): { subtotal: number; tax: number } {
  const taxLeft = invoice.tax - credited.tax;
  const tax = credited.total + amount >= invoice.total ? taxLeft : Math.min(taxLeft, proportionalShare(amount, invoice.tax, invoice.total));
  return { subtotal: amount - tax, tax };
}

const zId = z.string().min(1).max(64);

export const ZCompanyInvoiceLine = z.object({
  id: z.string(),
  submissionId: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  /** quantity × unit price. */
  net: z.number().int(),
  tax: z.number().int(),
  /** net + tax (gross). */
  total: z.number().int(),
});
export type TCompanyInvoiceLine = z.infer<typeof ZCompanyInvoiceLine>;

export const ZCompanyInvoice = z.object({
  id: z.string(),
  number: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  currency: z.string(),
  status: z.enum(COMPANY_INVOICE_STATUSES),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** The tax applied (basis points), its name (VAT) and the organiser's tax id: kept once the invoice is frozen. */
  taxRateBp: z.number().int(),
  taxName: z.string(),
  taxId: z.string(),
  lines: z.array(ZCompanyInvoiceLine),
  createdAt: z.string(),
  paid: z
    .object({
      via: z.enum(['online', 'offline']),
      provider: z.string().nullable(),
      method: z.enum(OFFLINE_PAYMENT_METHODS).nullable(),
      reference: z.string().nullable(),
      byName: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** What was given back (succeeded refunds) and what may still be refunded (the paid total less every refund not failed). */
  refundedAmount: z.number().int(),
  refundableAmount: z.number().int(),
  /** The organiser's refunds, oldest first; each succeeded one carries its own credit note (figures positive here). */
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      status: z.enum(INVOICE_REFUND_STATUSES),
      reason: z.string(),
      via: z.enum(['online', 'offline']),
      provider: z.string(),
      reference: z.string(),
      byName: z.string(),
      at: z.string(),
      creditNote: z.object({ id: z.string(), number: z.string(), subtotal: z.number().int(), tax: z.number().int(), total: z.number().int(), at: z.string() }).nullable(),
    }),
  ),
  /**
   * Payments that came in after the invoice was already paid (e.g. paid online while the organiser had marked it paid
   * offline): each given back automatically through its provider.
   */
  returnedPayments: z.array(z.object({ provider: z.string(), amount: z.number().int(), status: z.enum(['succeeded', 'pending', 'failed']), reference: z.string(), at: z.string() })),
});
export type TCompanyInvoice = z.infer<typeof ZCompanyInvoice>;
export const ZCompanyInvoiceList = z.object({ items: z.array(ZCompanyInvoice) });
export type TCompanyInvoiceList = z.infer<typeof ZCompanyInvoiceList>;

export const ZCompanyInvoiceQuery = z.strictObject({ companyId: zId.optional(), status: z.enum(COMPANY_INVOICE_STATUSES).optional() });
export type TCompanyInvoiceQuery = z.infer<typeof ZCompanyInvoiceQuery>;
export const ZCompanyInvoiceParams = z.strictObject({ eventId: zId, invoiceId: zId });
/** Which of an invoice's credit notes (its id); without one, the first. */
export const ZCreditNoteQuery = z.strictObject({ creditNoteId: zId.optional() });

/** The organiser records an offline payment (bank transfer, cheque, cash) with its reference. */
export const ZMarkInvoicePaidInput = z.strictObject({
  method: z.enum(OFFLINE_PAYMENT_METHODS),
  reference: z
    .string()
    .trim()
    .max(120)
    .refine((r) => r.length > 0, { message: CompanyInvoiceKey.ReferenceRequired }),
});
export type TMarkInvoicePaidInput = z.infer<typeof ZMarkInvoicePaidInput>;

/** The company admin pays online: the provider's hosted page (the built-in test gateway outside production). */
export const ZPayInvoiceInput = z.strictObject({ provider: z.enum(ONLINE_INVOICE_PROVIDERS) });
export type TPayInvoiceInput = z.infer<typeof ZPayInvoiceInput>;
export const ZInvoicePaymentStart = z.object({ paymentId: z.string(), sessionId: z.string(), provider: z.string(), redirectUrl: z.string().nullable() });
export type TInvoicePaymentStart = z.infer<typeof ZInvoicePaymentStart>;
/** The company's own invoices, and the online providers it may pay with (the organisation's enabled ones). */
export const ZMyInvoices = z.object({ items: z.array(ZCompanyInvoice), providers: z.array(z.enum(ONLINE_INVOICE_PROVIDERS)) });
export type TMyInvoices = z.infer<typeof ZMyInvoices>;

/**
 * The tax of the event's company invoices, set by the organiser: a rate in percent (0–100, at most two decimals), its
 * name as printed (VAT, GST) and optionally the organiser's tax id. A change applies to open invoices at once; an
 * invoice frozen by a started payment, paid or refunded keeps its figures.
 */
export const ZCompanyInvoiceTaxInput = z.strictObject({
  ratePercent: z.number().refine((v) => v >= 0 && v <= 100 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: CompanyInvoiceKey.TaxRate }),
  taxName: z.string().trim().max(40),
  taxId: z.string().trim().max(60),
});
export type TCompanyInvoiceTaxInput = z.infer<typeof ZCompanyInvoiceTaxInput>;
export const ZCompanyInvoiceTax = z.object({ ratePercent: z.number(), taxRateBp: z.number().int(), taxName: z.string(), taxId: z.string() });
export type TCompanyInvoiceTax = z.infer<typeof ZCompanyInvoiceTax>;

/**
 * The organiser refunds a paid company invoice, whole or in part, with a reason: `amount` in the invoice currency's
 * minor units, at most what is still refundable (omitted: all of it). An online payment goes back through its
 * provider; an offline one is recorded as given back outside Pavilion, with its reference (required then).
 */
export const ZRefundCompanyInvoiceInput = z.strictObject({
  amount: z.number().int().min(1).max(100_000_000).optional(),
  reason: z
    .string()
    .trim()
    .max(500)
    .refine((r) => r.length > 0, { message: CompanyInvoiceKey.ReasonRequired }),
  reference: z.string().trim().max(120).default(''),
});
export type TRefundCompanyInvoiceInput = z.infer<typeof ZRefundCompanyInvoiceInput>;
