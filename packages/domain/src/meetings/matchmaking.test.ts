import { describe, expect, it } from 'vitest';
import { buildMatchIndex, matchKey, rankMatches, type TMatchInput } from './matchmaking.ts';

const p = (id: string, interests: string[], lookingFor: string[] = [], offering: string[] = []): TMatchInput => ({ id, interests, lookingFor, offering });
const rank = (me: TMatchInput, others: TMatchInput[], limit?: number) => rankMatches(buildMatchIndex(others), me, limit);

describe('matchKey', () => {
  it('meets different wordings of the same tag', () => {
    expect(matchKey('Distributors')).toBe(matchKey('distribution'));
    expect(matchKey('  Renewable   energy ')).toBe(matchKey('renewable-energy'));
    expect(matchKey('Services')).toBe(matchKey('service'));
    expect(matchKey('Solar')).not.toBe(matchKey('Wind'));
    expect(matchKey('!!!')).toBe('');
  });
});

describe('rankMatches', () => {
  const buyer = p('buyer', ['Renewable energy', 'Storage'], ['distributors'], ['capital']);

  it('explains a match both ways and from my side', () => {
    const [m] = rank(buyer, [p('seller', ['renewable energy'], ['Capital'], ['distribution'])]);
    expect(m).toMatchObject({ id: 'seller', score: 3 + 2 + 1, sharedInterests: ['Renewable energy'] });
    expect(m!.explanation).toBe('both in Renewable energy; you look for distributors, they offer distribution; they look for Capital, you offer capital');
  });

  it('ranks what I look for above what they look for above shared interests', () => {
    const out = rank(buyer, [p('a-interest', ['Storage']), p('b-theylook', [], ['capital']), p('c-theyoffer', [], [], ['distribution'])]);
    expect(out.map((m) => [m.id, m.score])).toEqual([
      ['c-theyoffer', 3],
      ['b-theylook', 2],
      ['a-interest', 1],
    ]);
  });

  it('leaves out myself and those with nothing in common', () => {
    expect(rank(buyer, [buyer, p('x', ['Knitting'], ['yarn'], ['wool'])])).toEqual([]);
  });

  it('breaks ties by the stable id, whatever the input order', () => {
    const others = ['m', 'b', 'z', 'a', 'k'].map((id) => p(id, ['Storage']));
    const forward = rank(buyer, others).map((m) => m.id);
    const backward = rank(buyer, [...others].reverse()).map((m) => m.id);
    expect(forward).toEqual(['a', 'b', 'k', 'm', 'z']);
    expect(backward).toEqual(forward);
  });

  it('keeps the best `limit`, the same as sorting everything would', () => {
    const tags = ['Solar', 'Wind', 'Storage', 'Hydrogen', 'Grid', 'EV', 'Batteries', 'Finance'];
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 2147483648) / 2147483648;
    const pick = () => tags.filter(() => rnd() < 0.3);
    const me = p('me', pick(), pick(), pick());
    const others = Array.from({ length: 300 }, (_, i) => p(`u${String(1000 - i)}`, pick(), pick(), pick()));
    const all = rank(me, others, 1000);
    const sorted = [...all].sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1));
    expect(all).toEqual(sorted);
    expect(rank(me, others, 20)).toEqual(sorted.slice(0, 20));
    expect(rank(me, others, 20)).toEqual(rank(me, [...others].reverse(), 20));
    expect(rank(me, others, 0)).toEqual([]);
  });

  it('counts a tag typed twice once', () => {
    const [m] = rank(p('me', ['Solar', 'solar ', 'SOLAR']), [p('o', ['Solar', 'Solar'])]);
    expect(m!.score).toBe(1);
  });
});
