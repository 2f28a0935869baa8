import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILED_LABEL, seatStatus } from './registration-status.ts';

describe('seatStatus', () => {
  it('shows a failed payment as a failed payment, not as approved', () => {
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'failed', orderStatus: 'pending' })).toBe('payment_failed');
    expect(PAYMENT_FAILED_LABEL).toBe('Payment failed');
  });
  it('shows an unpaid approved order as payment pending, and a paid one by its approval', () => {
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'pending', orderStatus: 'pending' })).toBe('payment_pending');
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'paid', orderStatus: 'paid' })).toBe('approved');
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'not_required', orderStatus: 'paid' })).toBe('approved');
    expect(seatStatus({ approvalStatus: 'suspended', paymentStatus: 'paid', orderStatus: 'paid' })).toBe('suspended');
  });
  it('keeps an approval the organiser still has to give visible while the payment is pending', () => {
    expect(seatStatus({ approvalStatus: 'pending', paymentStatus: 'pending', orderStatus: 'pending' })).toBe('pending');
  });
  it('shows expired and cancelled orders as such, whatever their payment', () => {
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'failed', orderStatus: 'expired' })).toBe('expired');
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'paid', orderStatus: 'expired' })).toBe('expired');
    expect(seatStatus({ approvalStatus: 'approved', paymentStatus: 'refunded', orderStatus: 'cancelled' })).toBe('cancelled');
  });
  it('an order (no approval of its own) reads the same way', () => {
    expect(seatStatus({ paymentStatus: 'failed', orderStatus: 'pending' })).toBe('payment_failed');
    expect(seatStatus({ paymentStatus: 'paid', orderStatus: 'paid' })).toBe('approved');
  });
});
