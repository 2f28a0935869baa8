import { describe, expect, it } from 'vitest';
import { feedLabeller } from './feed-labels.ts';

describe('feedLabeller (issue 17: names in the table video come from the server)', () => {
  const seated = [
    { eventUserId: 'eu-ann', name: 'Ann Lee', feedId: 101 },
    { eventUserId: 'eu-ben', name: 'Ben Cho', feedId: 202 },
    { eventUserId: 'eu-mesh', name: 'No media server' },
  ];
  it('labels a feed by its publisher id from the roster, whatever display name it gives the media server', () => {
    const label = feedLabeller(seated, 'Not seated at this table');
    expect(label(101)).toBe('Ann Lee');
    expect(label(202)).toBe('Ben Cho');
  });
  it('labels a feed under an id that is nobody’s seat as not seated', () => {
    const label = feedLabeller(seated, 'Not seated at this table');
    expect(label(4242)).toBe('Not seated at this table');
    expect(label(0)).toBe('Not seated at this table');
  });
});
