import { describe, it, expect } from 'vitest';
import { isNonBlank, zNonBlank } from './text.ts';

describe('isNonBlank', () => {
  it.each([
    ['a', true],
    ['  a  ', true],
    ['日本', true],
    ['😀', true],
    ['', false],
    ['   ', false],
    ['\t\n\r', false],
    ['\u00a0\u3000', false], // no-break and ideographic spaces
    ['\u200b\u200b', false], // zero-width spaces look empty
    ['\ufeff', false],
  ])('%j → %s', (value, expected) => {
    expect(isNonBlank(value)).toBe(expected);
  });
  it('is false for null and undefined', () => {
    expect(isNonBlank(null)).toBe(false);
    expect(isNonBlank(undefined)).toBe(false);
  });
  it('zNonBlank reports required', () => {
    expect(zNonBlank().safeParse('  ').error?.issues[0]?.message).toBe('required');
    expect(zNonBlank().safeParse(' x ').success).toBe(true);
  });
});
