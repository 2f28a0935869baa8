import { TIME_ZONES } from './time-zones.data.ts';
import type { TTimeZone } from './time-zone.ts';

export { TIME_ZONES };

const byName = new Map<string, TTimeZone>();
for (const tz of TIME_ZONES) {
  byName.set(tz.name, tz);
  for (const alias of tz.aliases) if (!byName.has(alias)) byName.set(alias, tz);
}

/** Finds a zone by its IANA name or one of its aliases ("Asia/Calcutta" → Asia/Kolkata). */
export function findTimeZone(name: string): TTimeZone | undefined {
  return byName.get(name);
}

export function timeZonesOfCountry(countryCode: string): readonly TTimeZone[] {
  const code = countryCode.toUpperCase();
  return TIME_ZONES.filter((tz) => tz.country === code);
}

/** "+05:30" style label of an offset in minutes. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
