import { describe, expect, it } from 'vitest';
import { parseTimeRange } from './time-range.ts';

describe('parseTimeRange', () => {
  it('keeps the spec ids and falls back to Today (2)', () => {
    expect(parseTimeRange('7')).toBe(7);
    expect(parseTimeRange('11')).toBe(11);
    expect(parseTimeRange('1')).toBe(1);
    expect(parseTimeRange('6')).toBe(2);
    expect(parseTimeRange(null)).toBe(2);
    expect(parseTimeRange('abc')).toBe(2);
  });
  it('takes another default where a page asks for one (reports: All Dates)', () => {
    expect(parseTimeRange(null, 1)).toBe(1);
    expect(parseTimeRange('6', 1)).toBe(1);
    expect(parseTimeRange('5', 1)).toBe(5);
  });
});
