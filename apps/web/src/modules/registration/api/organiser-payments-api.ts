import type {
  TInvoiceSettings,
  TInvoiceSettingsUpdateRequest,
  TPaymentRecord,
  TPaymentSettings,
  TPaymentSettingsUpdateRequest,
  TRefund,
  TRefundRequest,
  TTransactionListQuery,
} from '@pavilion/domain/registration/payments.schemas';
import type { TPage } from '@pavilion/domain/common/pagination';
import { api } from '../../../app/api-client.ts';

const enc = encodeURIComponent;
const base = 'productservices/api';
const ev = (eventId: string) => `${base}/events/${enc(eventId)}`;

/** Organiser calls of API.md "Organiser — payments": organisation settings, an event's transactions, order refunds. */
export const organiserPaymentsApi = {
  paymentSettings: (signal?: AbortSignal) => api.get<TPaymentSettings>(`${base}/payment-settings`, { signal }),
  updatePaymentSettings: (body: TPaymentSettingsUpdateRequest) => api.put<TPaymentSettings>(`${base}/payment-settings`, body),
  invoiceSettings: (signal?: AbortSignal) => api.get<TInvoiceSettings>(`${base}/invoice-settings`, { signal }),
  updateInvoiceSettings: (body: TInvoiceSettingsUpdateRequest) => api.put<TInvoiceSettings>(`${base}/invoice-settings`, body),
  transactions: (eventId: string, q: Partial<TTransactionListQuery>, signal?: AbortSignal) =>
    api.get<TPage<TPaymentRecord>>(`${ev(eventId)}/transactions`, { query: q, signal }),
  refunds: (eventId: string, orderId: string, signal?: AbortSignal) => api.get<TRefund[]>(`${ev(eventId)}/orders/${enc(orderId)}/refunds`, { signal }),
  refund: (eventId: string, orderId: string, body: TRefundRequest) => api.post<TRefund>(`${ev(eventId)}/orders/${enc(orderId)}/refunds`, body),
};
