import { describe, expect, it } from 'vitest';
import { formatPair, pairCandidates, parsePair } from './pair.ts';

const A = 'aB3_dE-fGhIjKlMn'; // 16 characters, with a dash inside
const B = '-xYz0123456789_-'; // 16 characters, starting and ending with dashes

describe('share link pairs', () => {
  it('reads a pair of standard ids whatever dashes they hold', () => {
    const pair = formatPair(A, B);
    expect(pair).toBe(`${A}-${B}`);
    expect(parsePair(pair)).toEqual({ eventId: A, eventUserId: B });
    expect(pairCandidates(pair)[0]).toEqual({ eventId: A, eventUserId: B });
  });

  it('lists the other readings after the standard one, for ids of other lengths', () => {
    const all = pairCandidates(`${A}-${B}`);
    expect(all.length).toBeGreaterThan(1);
    expect(all.slice(1)).toContainEqual({ eventId: 'aB3_dE', eventUserId: `fGhIjKlMn-${B}` });
    expect(pairCandidates('ev1-reg2')).toEqual([{ eventId: 'ev1', eventUserId: 'reg2' }]);
    expect(parsePair('ev1-reg2')).toBeNull();
  });

  it('refuses what cannot be a pair', () => {
    for (const bad of ['', 'abc', '-', 'a-', '-b', `${A}/${B}`, `${A}-${B}<script>`, `${'a'.repeat(80)}-${'b'.repeat(80)}`, `${A} -${B}`]) {
      expect(parsePair(bad), bad).toBeNull();
    }
    expect(pairCandidates('no_dash_here')).toEqual([]);
    expect(pairCandidates('x'.repeat(200))).toEqual([]);
  });
});
