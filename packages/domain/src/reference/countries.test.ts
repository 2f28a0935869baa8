import { describe, it, expect } from 'vitest';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { ZCountry } from './country.ts';
import { activeCountries, COUNTRIES, findCountry, findCountryById } from './countries.ts';

describe('COUNTRIES', () => {
  it('holds about 240 valid rows with unique ids and codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(230);
    expect(COUNTRIES.length).toBeLessThanOrEqual(260);
    for (const c of COUNTRIES) ZCountry.parse(c);
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.countryCode)).size).toBe(COUNTRIES.length);
  });

  it('derives stable ids from the ISO code', () => {
    expect(findCountry('AD')?.id).toBe(4);
    expect(findCountry('IN')?.id).toBe(8 * 26 + 13 + 1);
    expect(findCountryById(findCountry('ZW')!.id)?.countryCode).toBe('ZW');
  });

  it.each([
    ['UY', 8, 11],
    ['UZ', 8, 9],
    ['VU', 5, 8],
    ['IN', 10, 10],
    ['PK', 10, 10],
  ])('SPEC §3.2 example: %s is %i to %i digits', (code, min, max) => {
    expect(findCountry(code)).toMatchObject({ minPhoneLength: min, maxPhoneLength: max });
  });

  it('has sane lengths, calling codes from libphonenumber and currencies', () => {
    for (const c of COUNTRIES) {
      expect(c.minPhoneLength).toBeLessThanOrEqual(c.maxPhoneLength);
      expect(c.maxPhoneLength).toBeLessThanOrEqual(17);
      expect(isSupportedCountry(c.countryCode)).toBe(true);
      expect(c.phoneCode).toBe(`+${getCountryCallingCode(c.countryCode as 'IN')}`);
      expect(c.currency).toMatch(/^[A-Z]{3}$/);
      expect(c.suspended).toBe(false);
    }
    expect(findCountry('IN')).toMatchObject({ name: 'India', phoneCode: '+91', currency: 'INR' });
    expect(findCountry('us')).toMatchObject({ name: 'United States', phoneCode: '+1', currency: 'USD' });
  });

  it('lists area codes for exactly AU, CA, RU and US', () => {
    expect(COUNTRIES.filter((c) => c.areaCode).map((c) => c.countryCode)).toEqual(['AU', 'CA', 'RU', 'US']);
    expect(findCountry('AU')?.areaCode).toEqual(['2', '3', '4', '7', '8']);
    const us = findCountry('US')!.areaCode!;
    const ca = findCountry('CA')!.areaCode!;
    expect(us).toEqual(expect.arrayContaining(['201', '212', '415', '646', '907']));
    expect(ca).toEqual(expect.arrayContaining(['204', '416', '514', '604', '867']));
    expect(us.filter((code) => ca.includes(code))).toEqual([]); // NANP area codes belong to one country
    expect(findCountry('RU')?.areaCode).toEqual(expect.arrayContaining(['495', '812', '916']));
    for (const list of [us, ca, findCountry('RU')!.areaCode!]) for (const code of list) expect(code).toMatch(/^[2-9]\d\d$/);
  });

  it('offers every non-suspended country', () => {
    expect(activeCountries()).toHaveLength(COUNTRIES.length);
    expect(findCountry('ZZ')).toBeUndefined();
  });
});
