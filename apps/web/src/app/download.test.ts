import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download.ts';

describe('fileNameFrom', () => {
  it('reads plain and RFC 5987 names', () => {
    expect(fileNameFrom('attachment; filename="registrations.csv"', 'x')).toBe('registrations.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9g.xlsx", 'x')).toBe('rég.xlsx');
    expect(fileNameFrom(null, 'fallback.csv')).toBe('fallback.csv');
  });
});
