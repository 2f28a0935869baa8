import type { TRedirectVerifyRequest } from '@pavilion/domain/registration/payments.schemas';
import type {
  TCartCreateRequest,
  TOrderCreateRequest,
  TPaymentRetryRequest,
  TPublicRegistrationQuery,
  TQuoteRequest,
} from '@pavilion/domain/registration/registration.schemas';
import { api } from '../../../app/api-client.ts';

/** Header name of the contract (IDEMPOTENCY_KEY_HEADER); spelled here so public pages need no schema runtime. */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Public registration and checkout calls (packages/domain/src/registration/registration.routes.ts and
 * payments.routes.ts). Contracts and schemas are imported as types only: public pages stay free of zod.
 */
export const publicRegistrationApi = {
  info: (eventId: string, q: TPublicRegistrationQuery, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/public/events/:eventId/registration', { params: { eventId }, query: q, signal }),
  cartLink: (cartLinkId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/cart-links/:cartLinkId', { params: { cartLinkId }, signal }),
  categories: (eventId: string, name: string | undefined, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/public/events/:eventId/visitor-categories', { params: { eventId }, query: { name }, signal }),
  dates: (categoryId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/visitor-categories/:categoryId/dates', { params: { categoryId }, signal }),
  quote: (eventId: string, body: TQuoteRequest) => api.call('POST /api/eventservices/public/events/:eventId/quote', { params: { eventId }, body, isSilent: true }),
  createCart: (eventId: string, body: TCartCreateRequest) => api.call('POST /api/eventservices/public/events/:eventId/carts', { params: { eventId }, body }),
  releaseCart: (cartId: string) => api.call('DELETE /api/eventservices/public/carts/:cartId', { params: { cartId }, isSilent: true }),
  createOrder: (eventId: string, body: TOrderCreateRequest, idempotencyKey: string) =>
    api.call('POST /api/eventservices/public/events/:eventId/orders', { params: { eventId }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  order: (orderId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/orders/:orderId', { params: { orderId }, signal, isSilent: true }),
  creditNotes: (orderId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/orders/:orderId/credit-notes', { params: { orderId }, signal, isSilent: true }),
  retryPayment: (orderId: string, body: TPaymentRetryRequest, idempotencyKey: string) =>
    api.call('POST /api/eventservices/public/orders/:orderId/payments', { params: { orderId }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  paymentSession: (sessionId: string, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/public/payments/sessions/:sessionId', { params: { sessionId }, signal, isSilent: true }),
  verifyRedirect: (sessionId: string, body: TRedirectVerifyRequest) =>
    api.call('POST /api/eventservices/public/payments/sessions/:sessionId/verify', { params: { sessionId }, body }),
};

export const publicAssetUrl = {
  invoice: (orderId: string) => api.url('GET /api/eventservices/public/orders/:orderId/invoice.pdf', { params: { orderId } }),
  creditNote: (orderId: string, creditNoteId: string) =>
    api.url('GET /api/eventservices/public/orders/:orderId/credit-notes/:creditNoteId/credit-note.pdf', { params: { orderId, creditNoteId } }),
  qr: (orderId: string, registrationId: string) =>
    api.url('GET /api/eventservices/public/orders/:orderId/attendees/:registrationId/qr.png', { params: { orderId, registrationId } }),
};

/** A fresh Idempotency-Key: one per "Pay" intent, reused when the same submission is retried. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
