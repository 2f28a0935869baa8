/**
 * The refund rules shared by registration's orders and exhibition's company invoices (both refund through payments):
 * what remains refundable, whether an amount may be refunded, and a half-up proportional share in integers (a
 * credit note's tax). Amounts are in minor units.
 */

/** What can still be refunded of a paid total, in minor units (never below 0). */
export function refundableAmount(paid: { total: number; refundedAmount: number }): number {
  return Math.max(0, paid.total - paid.refundedAmount);
}

/** Why `amount` cannot be refunded of what remains (`invalid`: not a positive integer; `refundTooLarge`), else null. */
export function refundAmountProblem(amount: number, remaining: number): 'invalid' | 'refundTooLarge' | null {
  if (!Number.isInteger(amount) || amount <= 0) return 'invalid';
  if (amount > remaining) return 'refundTooLarge';
  return null;
}

/**
 * `part × amount / whole`, rounded half up (x.5 up), in integers (BigInt inside: money times money exceeds 2^53).
 * 0 when the whole is 0.
 */
export function proportionalShare(amount: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const w = BigInt(whole);
  return Number((2n * BigInt(amount) * BigInt(part) + w) / (2n * w));
}
