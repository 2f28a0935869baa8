import { z } from 'zod';

/**
 * Company invoices (issue 15): an exhibiting company's priced service-form orders, billed through the payments
 * module. One open invoice per company, event and currency takes every approved priced submission; a payment
 * started freezes it (`pending`), and a paid one never changes (a later approval opens a new invoice). Amounts are
 * in minor units (cents), computed by the server.
 */
export const COMPANY_INVOICE_STATUSES = ['open', 'pending', 'paid'] as const;
export type TCompanyInvoiceStatus = (typeof COMPANY_INVOICE_STATUSES)[number];
/** How the organiser says an offline payment came in. */
export const OFFLINE_PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash'] as const;
export type TOfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
/** The providers a company may pay online with (enabled in the organisation's payment settings). */
export const ONLINE_INVOICE_PROVIDERS = ['test', 'stripe', 'razorpay'] as const;

/** Error keys (the web translates them under `validation.`). */
export const CompanyInvoiceKey = { ReferenceRequired: 'referenceRequired' } as const;

const zId = z.string().min(1).max(64);

export const ZCompanyInvoiceLine = z.object({
  id: z.string(),
  submissionId: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  tax: z.number().int(),
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
});
export type TCompanyInvoice = z.infer<typeof ZCompanyInvoice>;
export const ZCompanyInvoiceList = z.object({ items: z.array(ZCompanyInvoice) });
export type TCompanyInvoiceList = z.infer<typeof ZCompanyInvoiceList>;

export const ZCompanyInvoiceQuery = z.strictObject({ companyId: zId.optional(), status: z.enum(COMPANY_INVOICE_STATUSES).optional() });
export type TCompanyInvoiceQuery = z.infer<typeof ZCompanyInvoiceQuery>;
export const ZCompanyInvoiceParams = z.strictObject({ eventId: zId, invoiceId: zId });

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
