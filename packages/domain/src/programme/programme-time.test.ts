import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcToZonedLocal, zonedLocalToUtc } from './programme-time.ts';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC'];

describe('session times in the event time zone', () => {
  it('reads a wall-clock time in the zone as its UTC instant', () => {
    expect(zonedLocalToUtc('2027-03-02T09:30', 'Europe/Berlin').toISOString()).toBe('2027-03-02T08:30:00.000Z');
    expect(zonedLocalToUtc('2027-07-02T09:30', 'Europe/Berlin').toISOString()).toBe('2027-07-02T07:30:00.000Z');
    expect(zonedLocalToUtc('2027-03-02T09:30', 'Asia/Kolkata').toISOString()).toBe('2027-03-02T04:00:00.000Z');
  });

  it('keeps the real length of a session across a daylight-saving change', () => {
    // Berlin moves from 02:00 to 03:00 on 28 March 2027: 01:00 to 04:00 on the clock is two hours.
    const start = zonedLocalToUtc('2027-03-28T01:00', 'Europe/Berlin');
    const end = zonedLocalToUtc('2027-03-28T04:00', 'Europe/Berlin');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(2);
    // A time the jump skips reads with the offset before it.
    expect(utcToZonedLocal(zonedLocalToUtc('2027-03-28T02:30', 'Europe/Berlin'), 'Europe/Berlin')).toBe('2027-03-28T03:30');
    // An autumn time that happens twice is its first occurrence (summer time).
    expect(zonedLocalToUtc('2027-10-31T02:30', 'Europe/Berlin').toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });

  it('shows every UTC instant back as the wall-clock time that reads as it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2035, 0, 1) / 60_000 }), fc.constantFrom(...ZONES), (minute, zone) => {
        const at = new Date(minute * 60_000);
        const local = utcToZonedLocal(at, zone);
        const back = zonedLocalToUtc(local, zone);
        // Equal, except in the autumn hour that happens twice, where the first occurrence is chosen.
        expect(utcToZonedLocal(back, zone)).toBe(local);
        expect(at.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
        expect(at.getTime() - back.getTime()).toBeLessThanOrEqual(3_600_000);
      }),
      { numRuns: 300 },
    );
  });
});
