import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isValidPhoneForCountry, zPhone } from './phone.ts';

describe('isValidPhoneForCountry', () => {
  it.each([
    // SPEC §3.2 examples: Uruguay 8–11, Uzbekistan 8–9, Vanuatu 5–8, India and Pakistan exactly 10
    ['UY', '1234567', 'phoneLength'],
    ['UY', '12345678', null],
    ['UY', '12345678901', null],
    ['UY', '123456789012', 'phoneLength'],
    ['UZ', '1234567', 'phoneLength'],
    ['UZ', '12345678', null],
    ['UZ', '123456789', null],
    ['UZ', '1234567890', 'phoneLength'],
    ['VU', '1234', 'phoneLength'],
    ['VU', '12345', null],
    ['VU', '12345678', null],
    ['VU', '123456789', 'phoneLength'],
    ['IN', '987654321', 'phoneLength'],
    ['IN', '9876543210', null],
    ['IN', '98765432101', 'phoneLength'],
    ['PK', '301234567', 'phoneLength'],
    ['PK', '3012345678', null],
    ['PK', '30123456789', 'phoneLength'],
    // separators are ignored, letters are not
    ['IN', '98765 43210', null],
    ['IN', '(987) 654-3210', null],
    ['IN', '98765x3210', 'phoneDigitsOnly'],
    ['IN', '९८७६५४३२१०', 'phoneDigitsOnly'], // Devanagari digits are not accepted
    ['IN', '', 'required'],
    ['IN', '   ', 'required'],
    // area codes: US, CA, RU (3 digits), AU (1 digit)
    ['US', '2125550100', null], // 212 New York
    ['US', '1125550100', 'phoneAreaCode'],
    ['US', '9995550100', 'phoneAreaCode'],
    ['US', '4165550100', 'phoneAreaCode'], // 416 is Toronto, not a US area code
    ['CA', '4165550100', null],
    ['CA', '2125550100', 'phoneAreaCode'],
    ['RU', '4951234567', null], // 495 Moscow
    ['RU', '9161234567', null], // mobile
    ['RU', '1001234567', 'phoneAreaCode'],
    ['AU', '212345678', null], // (02) Sydney
    ['AU', '412345678', null], // mobile
    ['AU', '512345678', 'phoneAreaCode'],
    ['us', '2125550100', null], // case-insensitive country code
    ['XX', '2125550100', 'invalidCountry'],
    ['', '2125550100', 'invalidCountry'],
  ] as const)('%s %j → %s', (country, number, expected) => {
    expect(isValidPhoneForCountry(country, number)).toBe(expected);
  });

  it('zPhone puts the key on contactNo', () => {
    const result = zPhone().safeParse({ countryCode: 'IN', contactNo: '123' });
    expect(result.error?.issues[0]).toEqual(expect.objectContaining({ message: 'phoneLength', path: ['contactNo'] }));
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (c, n) => {
      const r = isValidPhoneForCountry(c, n);
      return r === null || typeof r === 'string';
    }));
  });
});
