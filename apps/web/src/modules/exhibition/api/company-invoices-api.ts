import type { TCompanyInvoiceQuery, TCompanyInvoiceTaxInput, TMarkInvoicePaidInput, TPayInvoiceInput, TRefundCompanyInvoiceInput } from '@pavilion/domain/exhibition/company-invoices';
import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

const EV = '/api/eventservices/events/:eventId/exhibition';
const MINE = '/api/eventservices/events/:eventId/my-stand';

/**
 * Organiser: the event's company invoices (AP-191 view, AP-193 download, AP-180 mark paid offline), their tax (AP-206
 * view, AP-207 edit), refunds (AP-183) and credit notes (AP-199 download).
 */
export const companyInvoicesApi = {
  list: (eventId: string, query: TCompanyInvoiceQuery, signal?: AbortSignal) => api.call(`GET ${EV}/company-invoices`, { params: { eventId }, query, signal }),
  markPaid: (eventId: string, invoiceId: string, body: TMarkInvoicePaidInput) => api.call(`POST ${EV}/company-invoices/:invoiceId/mark-paid`, { params: { eventId, invoiceId }, body }),
  downloadPdf: (eventId: string, invoiceId: string, number: string) =>
    downloadFile(api.url(`GET ${EV}/company-invoices/:invoiceId/invoice.pdf`, { params: { eventId, invoiceId } }), {}, `invoice-${number}.pdf`),
  tax: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/company-invoice-tax`, { params: { eventId }, signal }),
  saveTax: (eventId: string, body: TCompanyInvoiceTaxInput) => api.call(`PUT ${EV}/company-invoice-tax`, { params: { eventId }, body }),
  refund: (eventId: string, invoiceId: string, body: TRefundCompanyInvoiceInput) => api.call(`POST ${EV}/company-invoices/:invoiceId/refund`, { params: { eventId, invoiceId }, body }),
  downloadCreditNote: (eventId: string, invoiceId: string, creditNoteId: string, number: string) =>
    downloadFile(api.url(`GET ${EV}/company-invoices/:invoiceId/credit-note.pdf`, { params: { eventId, invoiceId }, query: { creditNoteId } }), {}, `credit-note-${number}.pdf`),
};

/** The company admin's own invoices: list, PDF, pay online. */
export const myInvoicesApi = {
  list: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/invoices`, { params: { eventId }, signal, isSilent: true }),
  pay: (eventId: string, invoiceId: string, body: TPayInvoiceInput) => api.call(`POST ${MINE}/invoices/:invoiceId/pay`, { params: { eventId, invoiceId }, body }),
  downloadPdf: (eventId: string, invoiceId: string, number: string) => downloadFile(api.url(`GET ${MINE}/invoices/:invoiceId/invoice.pdf`, { params: { eventId, invoiceId } }), {}, `invoice-${number}.pdf`),
  downloadCreditNote: (eventId: string, invoiceId: string, creditNoteId: string, number: string) =>
    downloadFile(api.url(`GET ${MINE}/invoices/:invoiceId/credit-note.pdf`, { params: { eventId, invoiceId }, query: { creditNoteId } }), {}, `credit-note-${number}.pdf`),
};

/** Query keys of company invoices (under the module's `exhibition` root). */
export const invoiceKeys = {
  all: ['exhibition', 'company-invoices'] as const,
  org: (eventId: string) => [...invoiceKeys.all, 'org', eventId] as const,
  mine: (eventId: string) => [...invoiceKeys.all, 'mine', eventId] as const,
  tax: (eventId: string) => [...invoiceKeys.all, 'tax', eventId] as const,
};
