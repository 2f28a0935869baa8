import { describe, expect, it } from 'vitest';
import { ZInvoiceSettingsUpdateRequest, ZPaymentSettingsUpdateRequest, ZRefundRequest } from '@pavilion/domain/registration/payments.schemas';
import { canRefund, invoiceSettingsRequest, paymentSettingsRequest, paymentSettingsValues, refundableMinor, refundRequest } from './payments.ts';

const settings = {
  enabledProviders: ['offline' as const],
  webhookPaths: { stripe: '/api/x/stripe', razorpay: '/api/x/razorpay' },
  stripe: { publishableKey: 'pk_test_abc', hasSecretKey: true, hasWebhookSecret: false },
  razorpay: { keyId: null, hasKeySecret: false, hasWebhookSecret: false, checkoutUrl: null },
  offline: { instructions: 'Pay by bank transfer' },
};

describe('payment settings form', () => {
  it('never pre-fills secrets and sends them only when typed', () => {
    const v = paymentSettingsValues(settings);
    expect(v.stripe.secretKey).toBe('');
    const req = paymentSettingsRequest(v);
    expect(req.stripe).toEqual({ publishableKey: 'pk_test_abc' });
    expect(req.razorpay).toEqual({ keyId: null, checkoutUrl: null });
    expect(ZPaymentSettingsUpdateRequest.safeParse(req).success).toBe(true);
  });
  it('sends a replaced secret, trimmed, and the schema checks its pattern', () => {
    const v = paymentSettingsValues(settings);
    v.stripe.secretKey = ' sk_test_123 ';
    expect(paymentSettingsRequest(v).stripe?.secretKey).toBe('sk_test_123');
    v.stripe.webhookSecret = 'nope';
    const parsed = ZPaymentSettingsUpdateRequest.safeParse(paymentSettingsRequest(v));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['stripe', 'webhookSecret']);
  });
  it('upper-cases the invoice and credit-note prefixes', () => {
    const req = invoiceSettingsRequest({ legalName: ' Acme ', address: '', taxId: '', email: '', invoicePrefix: 'inv-', creditNotePrefix: ' cr-26 ' });
    expect(req).toMatchObject({ legalName: 'Acme', invoicePrefix: 'INV-', creditNotePrefix: 'CR-26' });
    expect(ZInvoiceSettingsUpdateRequest.safeParse(req).success).toBe(true);
  });
});

describe('refunds', () => {
  const order = { status: 'paid' as const, paymentStatus: 'paid' as const, total: 27500, refundedAmount: 0 };
  it('knows what remains and when a refund is offered', () => {
    expect(refundableMinor({ total: 27500, refundedAmount: 5000 })).toBe(22500);
    expect(canRefund(order)).toBe(true);
    expect(canRefund({ ...order, paymentStatus: 'partially_refunded', refundedAmount: 5000 })).toBe(true);
    expect(canRefund({ ...order, refundedAmount: 27500 })).toBe(false);
    expect(canRefund({ ...order, status: 'pending', paymentStatus: 'pending' })).toBe(false);
  });
  it('keeps a refund pending with the provider out of what remains, and ignores failed ones', () => {
    const refunds = [
      { amount: 5000, status: 'pending' as const },
      { amount: 2500, status: 'failed' as const },
      { amount: 1000, status: 'succeeded' as const },
    ];
    expect(refundableMinor({ total: 27500, refundedAmount: 1000 }, refunds)).toBe(21500);
    expect(canRefund(order, [{ amount: 27500, status: 'pending' }])).toBe(false);
    expect(canRefund(order, [{ amount: 27500, status: 'failed' }])).toBe(true);
  });
  it('omits the amount for a full refund', () => {
    expect(refundRequest({ mode: 'full', amount: '', reason: ' dup ' }, 'EUR', 27500)).toEqual({ request: { reason: 'dup' }, error: null });
  });
  it('converts a partial amount to minor units for the currency', () => {
    expect(refundRequest({ mode: 'partial', amount: '50.5', reason: '' }, 'EUR', 27500).request).toEqual({ amount: 5050, reason: '' });
    expect(refundRequest({ mode: 'partial', amount: 1500, reason: '' }, 'JPY', 3000).request?.amount).toBe(1500);
    const ok = refundRequest({ mode: 'partial', amount: 10, reason: 'x' }, 'EUR', 27500);
    expect(ZRefundRequest.safeParse(ok.request).success).toBe(true);
  });
  it('refuses empty, zero, malformed and too large amounts', () => {
    expect(refundRequest({ mode: 'partial', amount: '', reason: '' }, 'EUR', 100).error).toBe('required');
    expect(refundRequest({ mode: 'partial', amount: 0, reason: '' }, 'EUR', 100).error).toBe('invalid');
    expect(refundRequest({ mode: 'partial', amount: '-1', reason: '' }, 'EUR', 100).error).toBe('invalid');
    expect(refundRequest({ mode: 'partial', amount: '1.01', reason: '' }, 'EUR', 100).error).toBe('refundTooLarge');
  });
});
