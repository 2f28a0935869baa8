import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, toMajor, toMinor } from './money.ts';

describe('money', () => {
  it('knows the minor-unit digits of a currency', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });
  it('formats minor units', () => {
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
    expect(formatMoney(0, 'INR')).toBe('₹0.00');
  });
  it('falls back for unknown codes', () => {
    expect(formatMoney(1250, 'notacode')).toBe('12.50 notacode');
  });
  it('converts typed amounts to minor units without float drift', () => {
    expect(toMinor('19.99', 'EUR')).toBe(1999);
    expect(toMinor('0.1', 'EUR')).toBe(10);
    expect(toMinor('12,5', 'EUR')).toBe(1250);
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('-1', 'EUR')).toBeNull();
    expect(toMinor('abc', 'EUR')).toBeNull();
    expect(toMajor(1999, 'EUR')).toBe(19.99);
  });
});
