import type { TInvoiceSettingsUpdateRequest, TPaymentSettingsUpdateRequest, TRefundRequest, TTransactionListQuery } from '@pavilion/domain/registration/payments.schemas';
import { api } from '../../../app/api-client.ts';

/** Organiser payment calls (packages/domain/src/registration/payments.routes.ts): organisation settings, an event's transactions, order refunds. */
export const organiserPaymentsApi = {
  paymentSettings: (signal?: AbortSignal) => api.call('GET /api/productservices/api/payment-settings', { signal }),
  updatePaymentSettings: (body: TPaymentSettingsUpdateRequest) => api.call('PUT /api/productservices/api/payment-settings', { body }),
  invoiceSettings: (signal?: AbortSignal) => api.call('GET /api/productservices/api/invoice-settings', { signal }),
  updateInvoiceSettings: (body: TInvoiceSettingsUpdateRequest) => api.call('PUT /api/productservices/api/invoice-settings', { body }),
  transactions: (eventId: string, q: Partial<TTransactionListQuery>, signal?: AbortSignal) =>
    api.call('GET /api/productservices/api/events/:eventId/transactions', { params: { eventId }, query: q, signal }),
  refunds: (eventId: string, orderId: string, signal?: AbortSignal) =>
    api.call('GET /api/productservices/api/events/:eventId/orders/:orderId/refunds', { params: { eventId, orderId }, signal }),
  refund: (eventId: string, orderId: string, body: TRefundRequest) =>
    api.call('POST /api/productservices/api/events/:eventId/orders/:orderId/refunds', { params: { eventId, orderId }, body }),
};
