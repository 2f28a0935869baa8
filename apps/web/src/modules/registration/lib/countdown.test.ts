import { describe, expect, it } from 'vitest';
import { crossedThreshold, formatRemaining, remainingMs } from './countdown.ts';

describe('countdown', () => {
  it('counts down to an instant and never goes negative', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(remainingMs('2026-01-01T10:10:00Z', now)).toBe(600_000);
    expect(remainingMs('2026-01-01T09:00:00Z', now)).toBe(0);
    expect(remainingMs(null, now)).toBe(0);
    expect(remainingMs('garbage', now)).toBe(0);
  });
  it('formats minutes and seconds, rounding up', () => {
    expect(formatRemaining(545_000)).toBe('9:05');
    expect(formatRemaining(544_001)).toBe('9:05');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
  });
  it('reports the announcement threshold crossed between ticks', () => {
    expect(crossedThreshold(61_000, 60_000)).toBe(60_000);
    expect(crossedThreshold(300_500, 299_500)).toBe(300_000);
    expect(crossedThreshold(59_000, 58_000)).toBeNull();
  });
});
