import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { chatTimeAgo, JUST_NOW } from './time-ago.ts';
import { DEFAULT_RANDOM_CODE_LENGTH, RANDOM_CODE_ALPHABET, randomCode } from './random-code.ts';
import { ordinal, ordinalSuffix } from './ordinal.ts';
import { DEFAULT_PAGE_SIZE, PAGER_WINDOW, pagerWindow } from './pagination.ts';
import { DomainError, isDomainError } from './domain-error.ts';

const NOW = Date.UTC(2025, 2, 15, 12, 0, 0);
const ago = (seconds: number) => NOW - seconds * 1000;

describe('chatTimeAgo', () => {
  it.each([
    [0, JUST_NOW],
    [59, 'Just Now'],
    [60, '1 min ago'],
    [119, '1 min ago'],
    [120, '2 mins ago'],
    [3599, '59 mins ago'],
    [3600, '1 hour ago'],
    [7200, '2 hours ago'],
    [86_399, '23 hours ago'],
    [86_400, '14 Mar'],
    [40 * 86_400, '3 Feb'],
    [-30, 'Just Now'], // clock skew
  ])('%i s ago → %s', (seconds, text) => {
    expect(chatTimeAgo(ago(seconds), NOW, { timeZone: 'UTC' })).toBe(text);
  });
  it('takes dates, numbers and ISO strings; garbage reads as just now', () => {
    expect(chatTimeAgo(new Date(ago(300)), new Date(NOW))).toBe('5 mins ago');
    expect(chatTimeAgo(new Date(ago(300)).toISOString(), NOW)).toBe('5 mins ago');
    expect(chatTimeAgo('not a date', NOW)).toBe(JUST_NOW);
  });
  it('shows the day in the requested zone', () => {
    const lateUtc = Date.UTC(2025, 2, 10, 22, 0, 0);
    expect(chatTimeAgo(lateUtc, NOW, { timeZone: 'Asia/Kolkata' })).toBe('11 Mar');
  });
});

describe('randomCode', () => {
  it('defaults to lower-case letters and digits', () => {
    expect(RANDOM_CODE_ALPHABET).toBe('abcdefghijklmnopqrstuvwxyz0123456789');
    const code = randomCode();
    expect(code).toMatch(new RegExp(`^[a-z0-9]{${DEFAULT_RANDOM_CODE_LENGTH}}$`));
  });
  it('honours length and alphabet', () => {
    expect(randomCode(0)).toBe('');
    expect(randomCode(32, 'AB')).toMatch(/^[AB]{32}$/);
  });
  it('rejects biased bytes instead of wrapping them', () => {
    // 36 symbols: bytes ≥ 252 would bias; a source that yields 255 then 0 must produce "a"s only.
    let call = 0;
    const source = (b: Uint8Array) => b.fill(call++ === 0 ? 255 : 0);
    expect(randomCode(4, RANDOM_CODE_ALPHABET, source)).toBe('aaaa');
  });
  it('refuses nonsense arguments', () => {
    expect(() => randomCode(-1)).toThrow(RangeError);
    expect(() => randomCode(4, 'a')).toThrow(RangeError);
  });
  it('is varied', () => {
    expect(new Set(Array.from({ length: 200 }, () => randomCode(10))).size).toBe(200);
  });
  it('stays inside the alphabet for any length', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 200 }), (n) => /^[a-z0-9]*$/.test(randomCode(n)) && randomCode(n).length === n));
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [10, '10th'], [11, '11th'], [12, '12th'], [13, '13th'],
    [21, '21st'], [22, '22nd'], [23, '23rd'], [101, '101st'], [111, '111th'], [112, '112th'], [113, '113th'],
    [0, '0th'], [-1, '-1st'], [1011, '1011th'], [2.5, '2.5th'],
  ])('%d → %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
  it('only ever returns the four suffixes', () => {
    fc.assert(fc.property(fc.integer(), (n) => ['st', 'nd', 'rd', 'th'].includes(ordinalSuffix(n))));
  });
});

describe('pagerWindow', () => {
  it('uses the spec defaults', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGER_WINDOW).toBe(6);
  });
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 20, [1, 2, 3, 4, 5, 6]],
    [10, 20, [7, 8, 9, 10, 11, 12]],
    [20, 20, [15, 16, 17, 18, 19, 20]],
    [19, 20, [15, 16, 17, 18, 19, 20]],
  ])('page %i of %i → %j', (current, total, pages) => {
    expect(pagerWindow(current, total)).toEqual(pages);
  });
  it('always holds the current page and at most 6 pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const [current, total] = a <= b ? [a, b] : [b, a];
        const pages = pagerWindow(current, total);
        return pages.length <= 6 && pages.includes(current) && pages.every((p) => p >= 1 && p <= total);
      }),
    );
  });
});

describe('DomainError', () => {
  it('carries a code', () => {
    const e = new DomainError('X_Y', 'msg', { a: 1 });
    expect(isDomainError(e)).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
    expect([e.code, e.message, e.details, e.name]).toEqual(['X_Y', 'msg', { a: 1 }, 'DomainError']);
  });
});
