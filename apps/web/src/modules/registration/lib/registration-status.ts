import { USER_JOURNEY_EVENT_LABELS } from '@pavilion/domain/registration/registration.enums';
import type { TApprovalStatus, TOrderStatus, TPaymentStatus } from '@pavilion/domain/registration/registration.schemas';
import { APPROVAL_COLORS } from './status-colors.ts';

/**
 * What the registration and order lists show as the status of a seat. Approval alone misleads: an attendee whose
 * payment failed is "approved" (auto approval) but holds no seat, so a failed payment shows as "Payment failed" (the
 * PAY_FAILED journey label), an unpaid approved order as "Payment pending", and an expired or cancelled order as such.
 */
export type TSeatStatus = TApprovalStatus | 'payment_failed' | 'payment_pending' | 'expired' | 'cancelled';

export function seatStatus(r: { approvalStatus?: TApprovalStatus; paymentStatus: TPaymentStatus; orderStatus: TOrderStatus }): TSeatStatus {
  if (r.orderStatus === 'cancelled' || r.orderStatus === 'expired') return r.orderStatus;
  if (r.orderStatus === 'pending' && r.paymentStatus === 'failed') return 'payment_failed';
  const approval = r.approvalStatus ?? 'approved';
  if (r.orderStatus === 'pending' && approval === 'approved') return 'payment_pending';
  return approval;
}

export const SEAT_STATUS_COLORS: Record<TSeatStatus, string> = { ...APPROVAL_COLORS, payment_failed: 'red', payment_pending: 'orange', expired: 'gray', cancelled: 'gray' };

/** The exact label of a failed payment, shared with the journey (SPEC §3.10 PAY_FAILED). */
export const PAYMENT_FAILED_LABEL = USER_JOURNEY_EVENT_LABELS.PAY_FAILED;
