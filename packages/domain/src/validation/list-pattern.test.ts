import { describe, it, expect } from 'vitest';
import { everyItemMatches, listPatternProblem, mismatchedItemIndexes, zListOfPattern } from './list-pattern.ts';

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

describe('listPatternProblem', () => {
  it.each([
    [[], null],
    [['a.com'], null],
    [['a.com', 'b.org'], null],
    [['a.com', 'nope'], 'pattern'],
    [[''], 'pattern'],
  ] as const)('%j → %s', (items, expected) => {
    expect(listPatternProblem(items, DOMAIN)).toBe(expected);
    expect(everyItemMatches(items, DOMAIN)).toBe(expected === null);
  });

  it('is not fooled by a global regex keeping lastIndex', () => {
    const g = /^a/g;
    expect(listPatternProblem(['a', 'a', 'a'], g)).toBeNull();
    expect(mismatchedItemIndexes(['a', 'b', 'a', 'c'], g)).toEqual([1, 3]);
  });

  it('zListOfPattern flags each failing item with pattern', () => {
    const result = zListOfPattern(DOMAIN).safeParse(['ok.com', 'bad', 'also bad']);
    expect(result.error?.issues.map((i) => [i.message, i.path])).toEqual([
      ['pattern', [1]],
      ['pattern', [2]],
    ]);
  });
});
