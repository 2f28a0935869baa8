import { refundAmountProblem } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';
import type { PaymentRow, PaymentsRepository, RefundRow, Tx } from './payments.repository.ts';
import type { PaymentProvider, RefundResult } from './providers.ts';

export type Reserved = { payment: PaymentRow; refund: RefundRow };

/** 400 REFUND_EXCEEDS_PAID (field amount, key refundTooLarge): more than what remains refundable, or not a positive amount. */
export const refundExceeds = (remaining?: { amount: number; currency: string }) =>
  new AppError(
    400,
    'REFUND_EXCEEDS_PAID',
    remaining ? `The refund is larger than what remains refundable (${remaining.currency} ${(remaining.amount / 100).toFixed(2)})` : 'The refund is larger than what remains paid',
    [{ field: 'amount', key: 'refundTooLarge' }],
  );

/**
 * The amount to reserve of what remains refundable (`requested`, or all of it when omitted), under the payment's or
 * its invoice's lock; throws REFUND_EXCEEDS_PAID when it is not a positive amount within it (the registration rule).
 */
export function refundAmountWithin(requested: number | undefined, remaining: number, currency?: string): number {
  const amount = requested ?? remaining;
  if (refundAmountProblem(amount, remaining)) throw refundExceeds(currency === undefined ? undefined : { amount: remaining, currency });
  return amount;
}

/**
 * Money back through the provider that took it, in three steps, used by order refunds and company-invoice refunds:
 * 1. `reserve` (one transaction, the payment row locked): checks, adds the amount to the payment's refunded sum and
 *    writes the refund `pending`, so two refunds can never give back more than was paid (the second sees the sum);
 * 2. the provider's refund call, outside any transaction (no lock is held over the network);
 * 3. `finalize` in a transaction: the payment is (partially) refunded, the refund carries the provider's answer, and
 *    the caller writes what follows from it (a fact, a credit note).
 * When the provider refuses, the reservation is undone (the refund stays as `failed`) and the error is rethrown; once
 * it has paid back, nothing is undone.
 * `reserve` answering null means there is nothing to refund (an idempotent caller's replay).
 */
export async function refundThroughProvider<R>(
  repo: PaymentsRepository,
  providerFor: (payment: PaymentRow) => Promise<PaymentProvider>,
  steps: {
    reserve: (tx: PaymentsRepository) => Promise<Reserved | null>;
    finalize: (tx: PaymentsRepository, raw: Tx, reserved: Reserved, result: RefundResult) => Promise<R>;
  },
): Promise<{ reserved: Reserved; result: R } | null> {
  const reserved = await repo.transaction((tx) => steps.reserve(tx));
  if (!reserved) return null;
  let r: RefundResult;
  try {
    r = await (await providerFor(reserved.payment)).refund(reserved.payment, reserved.refund.amount);
  } catch (err) {
    await repo.transaction(async (tx) => {
      const p = (await tx.findById(reserved.payment.id, true))!;
      await tx.updatePayment(p.id, { refundedAmount: p.refundedAmount - reserved.refund.amount });
      await tx.updateRefund(reserved.refund.id, { status: 'failed' });
    });
    throw err;
  }
  // The provider gave the money back: from here a failure leaves the refund pending and reserved, never undone.
  const result = await repo.transaction(async (tx, raw) => {
    const p = (await tx.findById(reserved.payment.id, true))!;
    await tx.updatePayment(p.id, { status: p.refundedAmount >= p.amount ? 'refunded' : 'partially_refunded' });
    const refund = (await tx.updateRefund(reserved.refund.id, { status: r.status, providerRef: r.providerRef }))!;
    return steps.finalize(tx, raw, { payment: p, refund }, r);
  });
  return { reserved, result };
}
