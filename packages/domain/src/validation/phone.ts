import { z } from 'zod';
import { findCountry } from '../reference/countries.ts';
import { ValidationKey, type TValidationKey } from './error-keys.ts';

/** Separators people type inside a national number; they are ignored before counting digits. */
const SEPARATORS = /[\s().-]/g;

export function normalisePhoneDigits(nationalNumber: string): string {
  return nationalNumber.replace(SEPARATORS, '');
}

/**
 * SPEC §5 phone rule for a national number (without the country's calling code): digits only, length within the
 * country's min and max (SPEC §3.2), and, for countries with an areaCode list (AU, CA, RU, US), starting with one of
 * the allowed area codes. Returns the error key, or null when valid.
 */
export function isValidPhoneForCountry(countryCode: string, nationalNumber: string): TValidationKey | null {
  const country = findCountry(countryCode);
  if (!country) return ValidationKey.InvalidCountry;
  const digits = normalisePhoneDigits(nationalNumber);
  if (digits.length === 0) return ValidationKey.Required;
  if (!/^\d+$/.test(digits)) return ValidationKey.PhoneDigitsOnly;
  if (digits.length < country.minPhoneLength || digits.length > country.maxPhoneLength) return ValidationKey.PhoneLength;
  if (country.areaCode && country.areaCode.length > 0 && !country.areaCode.some((code) => digits.startsWith(code))) {
    return ValidationKey.PhoneAreaCode;
  }
  return null;
}

/** `.superRefine` callback for an object with a country code and a national number; the issue lands on the number. */
export function refinePhone<C extends string, N extends string>(countryKey: C, numberKey: N) {
  return (value: Record<C | N, string>, ctx: z.RefinementCtx) => {
    const key = isValidPhoneForCountry(value[countryKey], value[numberKey]);
    if (key) ctx.addIssue({ code: 'custom', message: key, path: [key === ValidationKey.InvalidCountry ? countryKey : numberKey] });
  };
}

export const zPhone = () =>
  z
    .object({ countryCode: z.string().length(2), contactNo: z.string().max(32) })
    .superRefine(refinePhone('countryCode', 'contactNo'));
