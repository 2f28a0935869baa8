import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { dateRangeProblem, isValidDateRange, refineDateRange, zDateRange } from './date-range.ts';

describe('dateRangeProblem', () => {
  it.each([
    ['2025-03-01', '2025-03-02', {}, null],
    ['2025-03-01', '2025-03-01', {}, null], // same day is allowed
    ['2025-03-02', '2025-03-01', {}, 'notEquivalent'],
    ['2025-12-31', '2026-01-01', {}, null],
    ['2025-03-01T10:00:00Z', '2025-03-01T09:59:59Z', {}, 'notEquivalent'],
    ['2025-03-01', '2025-03-01T00:00:00Z', {}, null], // bare date = midnight UTC
    ['2025-03-01', '', {}, null],
    ['2025-03-01', null, {}, null],
    ['2025-03-01', undefined, { isEndRequired: true }, 'required'],
    ['2025-03-01', '', { isEndRequired: true }, 'required'],
    ['', '2025-03-01', {}, null],
    ['not a date', '2025-03-01', {}, 'invalidDate'],
    ['2025-03-01', '2025-02-30x', {}, 'invalidDate'],
  ] as const)('%j → %j (%j)', (start, end, options, expected) => {
    expect(dateRangeProblem(start, end, options)).toBe(expected);
    expect(isValidDateRange(start, end, options)).toBe(expected === null);
  });

  it('accepts Date objects', () => {
    expect(dateRangeProblem(new Date('2025-01-02'), new Date('2025-01-01'))).toBe('notEquivalent');
  });
});

describe('zDateRange / refineDateRange', () => {
  it('puts notEquivalent on the end field', () => {
    const result = zDateRange().safeParse({ startDate: '2025-05-02', endDate: '2025-05-01' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: 'notEquivalent', path: ['endDate'] })]);
  });
  it('requires the end when flagged', () => {
    expect(zDateRange({ isEndRequired: true }).safeParse({ startDate: '2025-05-02' }).error?.issues[0]?.message).toBe('required');
    expect(zDateRange().safeParse({ startDate: '2025-05-02' }).success).toBe(true);
  });
  it('works on any field names', () => {
    const schema = z.object({ from: z.string(), to: z.string() }).superRefine(refineDateRange('from', 'to'));
    expect(schema.safeParse({ from: '2025-01-02', to: '2025-01-01' }).error?.issues[0]?.path).toEqual(['to']);
  });
});
