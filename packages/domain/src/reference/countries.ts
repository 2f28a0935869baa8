import { z } from 'zod';
import { COUNTRIES } from './countries.data.ts';
import type { TCountry } from './country.ts';
import { findTimeZone } from './time-zones.ts';

export { COUNTRIES };

const byCode = new Map<string, TCountry>(COUNTRIES.map((c) => [c.countryCode, c]));
const byId = new Map<number, TCountry>(COUNTRIES.map((c) => [c.id, c]));

/** Case-insensitive lookup by ISO alpha-2 code. */
export function findCountry(countryCode: string): TCountry | undefined {
  return byCode.get(countryCode.trim().toUpperCase());
}

export function findCountryById(id: number): TCountry | undefined {
  return byId.get(id);
}

/** Countries that may be offered in pickers (not suspended). */
export function activeCountries(): readonly TCountry[] {
  return COUNTRIES.filter((c) => !c.suspended);
}

/**
 * The currency of the country a time zone belongs to (SPEC §3.3 time zone → country, §3.2 country → currency):
 * "Asia/Kolkata" → INR. An event has a time zone, not a country, so this is its default currency. Null for zones
 * with no country (UTC, Etc/*) or a country without a currency.
 */
export function currencyOfTimeZone(timeZone: string): string | null {
  const country = findTimeZone(timeZone)?.country;
  const currency = country ? findCountry(country)?.currency : undefined;
  return currency && /^[A-Z]{3}$/.test(currency) ? currency : null;
}

/** The key a country code outside SPEC §3.2's table is refused with. */
export const UNKNOWN_COUNTRY_KEY = 'unknownCountry';

/** An ISO 3166 alpha-2 code of SPEC §3.2's country table (any case, stored upper), or '' (not given). */
export const zCountryCode = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => c === '' || findCountry(c) !== undefined, { message: UNKNOWN_COUNTRY_KEY });
