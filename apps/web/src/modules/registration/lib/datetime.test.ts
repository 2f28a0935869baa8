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
