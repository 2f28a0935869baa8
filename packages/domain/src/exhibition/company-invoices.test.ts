import { describe, expect, it } from 'vitest';
import { ZCompanyInvoiceTaxInput, lineTax } from './company-invoices.ts';

describe('lineTax', () => {
  it('rounds a line half up in whole cents', () => {
    expect(lineTax(1250, 1900)).toBe(238); // 237.5
    expect(lineTax(1050, 1900)).toBe(200); // 199.5
    expect(lineTax(333, 1900)).toBe(63); // 63.27
    expect(lineTax(3750, 1900)).toBe(713); // 712.5
    expect(lineTax(1, 4999)).toBe(0); // 0.4999
    expect(lineTax(1, 5000)).toBe(1); // 0.5
  });
  it('is exact for no tax, full tax and large amounts (integers only)', () => {
    expect(lineTax(123_456, 0)).toBe(0);
    expect(lineTax(123_456, 10_000)).toBe(123_456);
    expect(lineTax(999_999_999, 1925)).toBe(192_500_000); // 192 499 999.8075
  });
});

describe('ZCompanyInvoiceTaxInput', () => {
  it('takes 0 to 100 percent with at most two decimals', () => {
    for (const ratePercent of [0, 7.5, 19, 19.25, 100]) expect(ZCompanyInvoiceTaxInput.safeParse({ ratePercent, taxName: 'VAT', taxId: '' }).success).toBe(true);
    for (const ratePercent of [-0.01, 100.01, 19.125, Number.NaN]) expect(ZCompanyInvoiceTaxInput.safeParse({ ratePercent, taxName: 'VAT', taxId: '' }).success).toBe(false);
  });
});
