import { COUNTRIES } from './countries.data.ts';
import type { TCountry } from './country.ts';

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
