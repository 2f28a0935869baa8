import { describe, expect, it } from 'vitest';
import { formatMinutes, isoToLocalInput, localInputToIso } from './datetime-local.ts';

describe('datetime-local', () => {
  it('round-trips an instant through the local input format', () => {
    const iso = '2026-11-21T09:30:00.000Z';
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
    expect(isoToLocalInput(null)).toBe('');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nonsense')).toBeNull();
  });
  it('formats minutes as hours and minutes', () => {
    expect(formatMinutes(5)).toBe('5 min');
    expect(formatMinutes(125)).toBe('2 h 05 min');
  });
});
