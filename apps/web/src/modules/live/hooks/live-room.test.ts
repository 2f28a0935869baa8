import { describe, expect, it } from 'vitest';
import type { TLiveMessage, TLiveQuestion } from '@pavilion/domain/live/live.schemas';
import { addLiveMessage, sortQuestions, upsertQuestion } from './use-live-room.ts';

const q = (id: string, upvotes: number, over: Partial<TLiveQuestion> = {}): TLiveQuestion => ({
  sessionId: 's',
  id,
  question: `Q ${id}`,
  upvotes,
  isAnswered: false,
  isHidden: false,
  from: { eventUserId: 'u', name: 'Ann' },
  createdAt: `2027-03-02T09:00:0${id.length}Z`,
  ...over,
});

describe('live room state', () => {
  it('sorts open questions by votes, then the oldest first, answered ones last', () => {
    const list = sortQuestions([q('a', 1), q('bb', 3), q('ccc', 1), q('d', 9, { isAnswered: true })]);
    expect(list.map((x) => x.id)).toEqual(['bb', 'a', 'ccc', 'd']);
  });

  it('replaces a question in place on an update, and drops one a moderator hid', () => {
    const list = [q('a', 1), q('b', 0)];
    expect(upsertQuestion(list, q('b', 2)).map((x) => [x.id, x.upvotes])).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
    expect(upsertQuestion(list, q('a', 1, { isHidden: true })).map((x) => x.id)).toEqual(['b']);
    expect(upsertQuestion(list, q('a', 1, { isHidden: true }), true).map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('adds a delivered message once, whatever the number of deliveries', () => {
    const m: TLiveMessage = { sessionId: 's', id: 'm1', content: 'hi', from: { eventUserId: 'u', name: 'Ann' }, clientId: null, createdAt: '2027-03-02T09:00:00Z' };
    expect(addLiveMessage(addLiveMessage([], m), m)).toEqual([m]);
  });
});
