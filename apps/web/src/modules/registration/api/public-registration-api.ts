import type { TPaymentResult, TRedirectVerifyRequest } from '@pavilion/domain/registration/payments.schemas';
import type {
  TCart,
  TCartCreateRequest,
  TDateOption,
  TOrderCreateRequest,
  TOrderCreateResponse,
  TPaymentRetryRequest,
  TPaymentSession,
  TPriceQuote,
  TPublicCartLink,
  TPublicOrder,
  TPublicRegistrationInfo,
  TPublicRegistrationQuery,
  TQuoteRequest,
  TVisitorCategory,
} from '@pavilion/domain/registration/registration.schemas';
import { api } from '../../../app/api-client.ts';

const enc = encodeURIComponent;
const PUBLIC = 'eventservices/public';
/** Header name of the contract (IDEMPOTENCY_KEY_HEADER); spelled here so public pages need no schema runtime. */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Public registration and checkout calls (API.md "Public"). Type-only schema imports keep zod out of this file. */
export const publicRegistrationApi = {
  info: (eventId: string, q: TPublicRegistrationQuery, signal?: AbortSignal) =>
    api.get<TPublicRegistrationInfo>(`${PUBLIC}/events/${enc(eventId)}/registration`, { query: q, signal }),
  cartLink: (cartLinkId: string, signal?: AbortSignal) => api.get<TPublicCartLink>(`${PUBLIC}/cart-links/${enc(cartLinkId)}`, { signal }),
  categories: (eventId: string, name: string | undefined, signal?: AbortSignal) =>
    api.get<TVisitorCategory[]>(`${PUBLIC}/events/${enc(eventId)}/visitor-categories`, { query: { name }, signal }),
  dates: (categoryId: string, signal?: AbortSignal) => api.get<TDateOption[]>(`${PUBLIC}/visitor-categories/${enc(categoryId)}/dates`, { signal }),
  quote: (eventId: string, body: TQuoteRequest) => api.post<TPriceQuote>(`${PUBLIC}/events/${enc(eventId)}/quote`, body, { isSilent: true }),
  createCart: (eventId: string, body: TCartCreateRequest) => api.post<TCart>(`${PUBLIC}/events/${enc(eventId)}/carts`, body),
  releaseCart: (cartId: string) => api.delete<TCart>(`${PUBLIC}/carts/${enc(cartId)}`, undefined, { isSilent: true }),
  createOrder: (eventId: string, body: TOrderCreateRequest, idempotencyKey: string) =>
    api.post<TOrderCreateResponse>(`${PUBLIC}/events/${enc(eventId)}/orders`, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  order: (orderId: string, signal?: AbortSignal) => api.get<TPublicOrder>(`${PUBLIC}/orders/${enc(orderId)}`, { signal, isSilent: true }),
  retryPayment: (orderId: string, body: TPaymentRetryRequest, idempotencyKey: string) =>
    api.post<TPaymentSession>(`${PUBLIC}/orders/${enc(orderId)}/payments`, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  paymentSession: (sessionId: string, signal?: AbortSignal) =>
    api.get<TPaymentResult>(`${PUBLIC}/payments/sessions/${enc(sessionId)}`, { signal, isSilent: true }),
  verifyRedirect: (sessionId: string, body: TRedirectVerifyRequest) =>
    api.post<TPaymentResult>(`${PUBLIC}/payments/sessions/${enc(sessionId)}/verify`, body),
};

export const publicAssetUrl = {
  invoice: (orderId: string) => `/api/${PUBLIC}/orders/${enc(orderId)}/invoice.pdf`,
  qr: (orderId: string, registrationId: string) => `/api/${PUBLIC}/orders/${enc(orderId)}/attendees/${enc(registrationId)}/qr.png`,
};

/** A fresh Idempotency-Key: one per "Pay" intent, reused when the same submission is retried. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
