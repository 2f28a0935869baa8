import type { TPaymentResult } from '@pavilion/domain/registration/payments.schemas';

/** Where a provider's answer sends the buyer: success, failure, or nowhere yet (still open). */
export function outcomePath(r: Pick<TPaymentResult, 'eventId' | 'orderId' | 'sessionId' | 'status'>): string | null {
  const e = encodeURIComponent;
  if (r.status === 'captured' || r.status === 'refunded' || r.status === 'partially_refunded') return `/success/${e(r.eventId)}/${e(r.orderId)}/${e(r.sessionId)}`;
  if (r.status === 'failed') return `/failure?eventId=${e(r.eventId)}&orderId=${e(r.orderId)}&sessionId=${e(r.sessionId)}`;
  return null;
}
