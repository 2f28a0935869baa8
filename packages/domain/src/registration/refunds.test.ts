import { describe, expect, it } from 'vitest';
import { creditNoteSplit } from '../exhibition/company-invoices.ts';
import { proportionalShare, refundAmountProblem, refundableAmount } from './refunds.ts';

describe('refund rules', () => {
  it('refunds a positive integer amount within what remains', () => {
    expect(refundableAmount({ total: 1000, refundedAmount: 400 })).toBe(600);
    expect(refundableAmount({ total: 1000, refundedAmount: 1200 })).toBe(0);
    expect(refundAmountProblem(600, 600)).toBeNull();
    expect(refundAmountProblem(601, 600)).toBe('refundTooLarge');
    expect(refundAmountProblem(0, 600)).toBe('invalid');
    expect(refundAmountProblem(1.5, 600)).toBe('invalid');
  });

  it('shares in proportion, half up, without losing precision on large amounts', () => {
    expect(proportionalShare(500, 253, 1586)).toBe(80); // 79.76
    expect(proportionalShare(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(proportionalShare(1, 1, 3)).toBe(0);
    expect(proportionalShare(100_000_000, 99_999_999, 100_000_000)).toBe(99_999_999);
    expect(proportionalShare(5, 5, 0)).toBe(0);
  });

  it('splits credit notes so that together they carry the invoice exactly', () => {
    const invoice = { total: 1586, tax: 253 };
    const first = creditNoteSplit(500, invoice, { total: 0, tax: 0 });
    expect(first).toEqual({ subtotal: 420, tax: 80 });
    const second = creditNoteSplit(333, invoice, { total: 500, tax: 80 });
    expect(second).toEqual({ subtotal: 280, tax: 53 }); // 53.12
    const last = creditNoteSplit(753, invoice, { total: 833, tax: 133 });
    expect(last).toEqual({ subtotal: 633, tax: 120 });
    expect(first.tax + second.tax + last.tax).toBe(253);
    expect(first.subtotal + second.subtotal + last.subtotal).toBe(1333);
    expect(creditNoteSplit(1586, invoice, { total: 0, tax: 0 })).toEqual({ subtotal: 1333, tax: 253 });
  });
});
