import { describe, it, expect } from 'vitest';
import { ZTimeZone } from './time-zone.ts';
import { findTimeZone, formatUtcOffset, TIME_ZONES, timeZonesOfCountry } from './time-zones.ts';
import { isValidTimeZone } from '../validation/time-zone.ts';

describe('TIME_ZONES', () => {
  it('holds valid, unique, runtime-known zones', () => {
    expect(TIME_ZONES.length).toBeGreaterThan(300);
    expect(new Set(TIME_ZONES.map((z) => z.name)).size).toBe(TIME_ZONES.length);
    for (const tz of TIME_ZONES) {
      ZTimeZone.parse(tz);
      expect(isValidTimeZone(tz.name), tz.name).toBe(true);
      expect(tz.minutes).toBeGreaterThanOrEqual(-12 * 60);
      expect(tz.minutes).toBeLessThanOrEqual(14 * 60);
    }
  });

  it('describes known zones', () => {
    expect(findTimeZone('Asia/Kolkata')).toMatchObject({ minutes: 330, country: 'IN' });
    expect(findTimeZone('Asia/Kolkata')?.description).toMatch(/^\+05:30 India Time/);
    expect(findTimeZone('Asia/Calcutta')?.name).toBe('Asia/Kolkata'); // alias
    expect(findTimeZone('America/New_York')).toMatchObject({ minutes: -300, country: 'US' });
    expect(findTimeZone('Asia/Kathmandu')?.minutes).toBe(345);
    expect(findTimeZone('Mars/Olympus')).toBeUndefined();
  });

  it('is sorted by offset and filters by country', () => {
    const minutes = TIME_ZONES.map((z) => z.minutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(timeZonesOfCountry('in').map((z) => z.name)).toEqual(['Asia/Kolkata']);
  });

  it.each([
    [330, '+05:30'],
    [-210, '-03:30'],
    [0, '+00:00'],
    [840, '+14:00'],
  ])('formats %i as %s', (m, label) => {
    expect(formatUtcOffset(m)).toBe(label);
  });
});
