import { describe, expect, it } from 'vitest';
import { ACCESS_CODES } from '@pavilion/domain';
import { checkState, codesForRequest, filterTree, roleTree, selectionFromCodes, toggleArea, toggleNode } from './role-tree-model.ts';

const find = (code: string) => {
  for (const area of roleTree()) {
    const stack = [...area.menus];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.code === code) return node;
      stack.push(...node.children);
    }
  }
  throw new Error(`no node ${code}`);
};

describe('roleTree', () => {
  it('holds every catalogue code exactly once, grouped by area', () => {
    const all = roleTree().flatMap((a) => a.subtree);
    expect(all.length).toBe(ACCESS_CODES.size);
    expect(new Set(all).size).toBe(ACCESS_CODES.size);
    expect(roleTree()[0]!.label).toBe('Dashboard');
  });
});

describe('toggleNode', () => {
  it('checking an action grants its tab, submenu and menu', () => {
    const next = toggleNode(new Set(), find('AP-94'), true);
    expect([...next].sort()).toEqual(['AP-94', 'M-3', 'SM-7', 'T-32']);
  });

  it('checking a tab grants all its actions and its ancestors', () => {
    const next = toggleNode(new Set(), find('T-19'), true);
    expect(next.has('SM-4') && next.has('M-2')).toBe(true);
    for (const code of ['AP-35', 'AP-36', 'AP-37', 'AP-38', 'AP-39', 'AP-40']) expect(next.has(code)).toBe(true);
  });

  it('unchecking a tab removes it and its actions but keeps the ancestors other branches use', () => {
    let s = toggleNode(new Set(), find('T-19'), true);
    s = toggleNode(s, find('AP-41'), true);
    s = toggleNode(s, find('T-19'), false);
    expect(s.has('T-19') || s.has('AP-35')).toBe(false);
    expect(s.has('AP-41') && s.has('T-20') && s.has('SM-4') && s.has('M-2')).toBe(true);
  });

  it('does not mutate the previous selection', () => {
    const before = new Set<string>();
    toggleNode(before, find('AP-94'), true);
    expect(before.size).toBe(0);
  });
});

describe('checkState', () => {
  it('is all, some or none of a subtree', () => {
    const tab = find('T-32');
    expect(checkState(new Set(), tab.subtree)).toBe('none');
    expect(checkState(toggleNode(new Set(), find('AP-94'), true), tab.subtree)).toBe('some');
    expect(checkState(toggleNode(new Set(), tab, true), tab.subtree)).toBe('all');
  });

  it('an area toggles all of its menus', () => {
    const area = roleTree().find((a) => a.area === 'users')!;
    const s = toggleArea(new Set(), area, true);
    expect(checkState(s, area.subtree)).toBe('all');
    expect(toggleArea(s, area, false).size).toBe(0);
  });
});

describe('selectionFromCodes and codesForRequest', () => {
  it('completes ancestors, drops unknown codes and sorts menus first, numerically', () => {
    const s = selectionFromCodes(['AP-94', 'AP-6', 'X-1', 'AP-1000000']);
    expect(codesForRequest(s)).toEqual(['M-2', 'M-3', 'SM-2', 'SM-7', 'T-6', 'T-32', 'AP-6', 'AP-94']);
  });
});

describe('filterTree', () => {
  it('is null for a blank query', () => {
    expect(filterTree('  ')).toBeNull();
  });

  it('shows matches with their ancestors', () => {
    const f = filterTree('all attendees: view')!;
    expect(f.matchCount).toBe(1);
    expect([...f.visible].sort()).toEqual(['AP-94', 'M-3', 'SM-7', 'T-32']);
  });

  it('matches a code exactly', () => {
    const f = filterTree('ap-814')!;
    expect(f.visible.has('AP-814') && f.visible.has('T-223')).toBe(true);
    expect(f.matchCount).toBe(1);
  });
});
