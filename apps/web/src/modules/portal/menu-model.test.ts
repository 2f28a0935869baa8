import { describe, expect, it } from 'vitest';
import { appEventId, moveItem, previewTabs, splitMenu } from './menu-model.ts';

describe('splitMenu', () => {
  it('keeps five or fewer tabs in the bar and sends the rest past the fourth to More', () => {
    expect(splitMenu([1, 2, 3, 4, 5])).toEqual({ bar: [1, 2, 3, 4, 5], more: [] });
    expect(splitMenu([1, 2, 3, 4, 5, 6])).toEqual({ bar: [1, 2, 3, 4], more: [5, 6] });
    expect(splitMenu([])).toEqual({ bar: [], more: [] });
  });
});

describe('moveItem', () => {
  const items = [{ id: 'a', displayOrder: 3 }, { id: 'b', displayOrder: 7 }, { id: 'c', displayOrder: 9 }];
  it('moves and renumbers 1..n', () => {
    expect(moveItem(items, 2, 0)).toEqual([{ id: 'c', displayOrder: 1 }, { id: 'a', displayOrder: 2 }, { id: 'b', displayOrder: 3 }]);
  });
  it('ignores a move off either end', () => {
    expect(moveItem(items, 0, -1).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(moveItem(items, 2, 3).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('previewTabs', () => {
  it('lists shown, built tabs in order and leaves out hidden or unbuilt ones', () => {
    const tabs = [
      { tabName: 'about-the-event', showInMenu: true, displayOrder: 2 },
      { tabName: 'event-info', showInMenu: true, displayOrder: 1 },
      { tabName: 'feed-listing', showInMenu: true, displayOrder: 3 },
      { tabName: 'e-badge', showInMenu: false, displayOrder: 4 },
    ];
    expect(previewTabs(tabs).map((t) => t.tabName)).toEqual(['event-info', 'about-the-event']);
  });
});

describe('appEventId', () => {
  it('prefers ?eventId= over the stored event', () => {
    expect(appEventId(new URLSearchParams('eventId=e2'), 'e1')).toBe('e2');
    expect(appEventId(new URLSearchParams(''), 'e1')).toBe('e1');
    expect(appEventId(new URLSearchParams(''), '')).toBeNull();
  });
});
