import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './datetime.ts';

describe('datetime-local round trip', () => {
  it('keeps the wall time', () => {
    const iso = fromLocalInput('2027-03-01T09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2027-03-01T09:30');
  });
  it('treats empty and invalid as null', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('nope')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});

describe('datetime-local in the event time zone', () => {
  it('reads and writes the event’s wall time, whatever the browser’s zone', () => {
    expect(fromLocalInput('2027-03-01T09:30', 'Asia/Kolkata')).toBe('2027-03-01T04:00:00.000Z');
    expect(toLocalInput('2027-03-01T04:00:00.000Z', 'Asia/Kolkata')).toBe('2027-03-01T09:30');
    // Across a daylight-saving change: New York is UTC-4 in July, UTC-5 in January.
    expect(fromLocalInput('2027-07-01T09:00', 'America/New_York')).toBe('2027-07-01T13:00:00.000Z');
    expect(fromLocalInput('2027-01-15T09:00', 'America/New_York')).toBe('2027-01-15T14:00:00.000Z');
    expect(toLocalInput('2027-07-01T13:00:00.000Z', 'America/New_York')).toBe('2027-07-01T09:00');
    expect(fromLocalInput('nope', 'Asia/Kolkata')).toBeNull();
  });
});
