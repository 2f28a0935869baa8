import type { TApprovalStatus, TPaymentStatus } from '@pavilion/domain/registration/registration.schemas';

/** SPEC §4 colours: amber pending, green done, red refused, grey inactive. */
export const APPROVAL_COLORS: Record<TApprovalStatus, string> = { pending: 'orange', approved: 'teal', disapproved: 'red', suspended: 'gray' };
export const PAYMENT_COLORS: Record<TPaymentStatus, string> = {
  not_required: 'gray',
  pending: 'orange',
  paid: 'teal',
  failed: 'red',
  refunded: 'grape',
  partially_refunded: 'grape',
};
