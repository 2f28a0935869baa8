import { describe, it, expect } from 'vitest';
import { ACCESS_AREAS } from './access-areas.ts';
import {
  ACCESS_CODES,
  ACTION_CODES,
  accessCodeChildren,
  accessCodeDescendants,
  accessCodePath,
  effectiveGrants,
  findAccessCode,
  isAccessGranted,
  MENU_CODES,
  SUBMENU_CODES,
  TAB_CODES,
  withAncestors,
  ZAccessCodeList,
} from './access-codes.ts';

const numbers = (list: readonly { code: string }[]) => list.map((c) => Number(c.code.split('-')[1]));
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('access-code catalogue', () => {
  it('covers M-1..M-28, SM-1..SM-67, T-1..T-230 and AP-1..AP-n without gaps', () => {
    expect(numbers(MENU_CODES)).toEqual(oneTo(28));
    expect(numbers(SUBMENU_CODES)).toEqual(oneTo(67));
    expect(numbers(TAB_CODES)).toEqual(oneTo(230));
    expect(numbers(ACTION_CODES)).toEqual(oneTo(ACTION_CODES.length));
    expect(ACTION_CODES.length).toBeGreaterThan(500);
  });

  it('places every kind under the kind one level up, with a name and a known area', () => {
    const parentKind = { menu: null, submenu: 'menu', tab: 'submenu', action: 'tab' } as const;
    for (const entry of ACCESS_CODES.values()) {
      expect(entry.name.trim()).not.toBe('');
      expect(ACCESS_AREAS).toContain(entry.area);
      const parent = entry.parent === null ? null : findAccessCode(entry.parent);
      expect(parent?.kind ?? null).toBe(parentKind[entry.kind]);
      if (parent && entry.kind !== 'submenu') expect(entry.area).toBe(parent.area);
    }
  });

  it('gives every menu at least one submenu and every submenu at least one tab', () => {
    for (const m of MENU_CODES) expect(accessCodeChildren(m.code).length, m.code).toBeGreaterThan(0);
    for (const s of SUBMENU_CODES) expect(accessCodeChildren(s.code).length, s.code).toBeGreaterThan(0);
  });

  it('covers the areas SPEC §2.7 names', () => {
    const areas = new Set(SUBMENU_CODES.map((s) => s.area));
    for (const area of ['dashboard', 'eventOverview', 'engagement', 'exhibition', 'leads', 'onsiteCheckIn', 'registration', 'analytics', 'schedule', 'networking', 'stayTravel', 'marketing', 'booths', 'products', 'visitingCard', 'orders', 'abstractSubmissions']) {
      expect(areas.has(area as never), area).toBe(true);
    }
    const tabNames = TAB_CODES.map((t) => t.name).join('|');
    for (const word of ['Tickets', 'Sessions', 'Badge', 'Invoices', 'Payment', 'Devices', 'Check-in Areas', 'Abstract Topics', 'Abstract Categories']) {
      expect(tabNames).toContain(word);
    }
  });
});

describe('hierarchy rules', () => {
  const action = ACTION_CODES[0]!;
  const path = accessCodePath(action.code).map((c) => c.code);

  it('builds the path from the menu down', () => {
    expect(path).toHaveLength(4);
    expect(path[0]).toMatch(/^M-/);
    expect(path[3]).toBe(action.code);
    expect(accessCodePath('AP-999999')).toEqual([]);
  });

  it('grants a code only with its whole chain', () => {
    expect(isAccessGranted(path, action.code)).toBe(true);
    expect(isAccessGranted(path.slice(1), action.code)).toBe(false); // menu missing
    expect(isAccessGranted([path[0]!, path[1]!, path[3]!], action.code)).toBe(false); // tab missing
    expect(isAccessGranted(new Set(path), path[1]!)).toBe(true);
    expect(isAccessGranted(['AP-999999'], 'AP-999999')).toBe(false);
  });

  it('completes and prunes grant lists', () => {
    expect([...withAncestors([action.code])].sort()).toEqual([...path].sort());
    expect([...effectiveGrants([path[0]!, path[2]!, 'X-1'])]).toEqual([path[0]]);
  });

  it('lists descendants depth first', () => {
    const menu = MENU_CODES[0]!;
    const all = accessCodeDescendants(menu.code);
    expect(all.every((c) => accessCodePath(c.code)[0]?.code === menu.code)).toBe(true);
    expect(all[0]?.kind).toBe('submenu');
    expect(all[1]?.kind).toBe('tab');
  });

  it('validates code lists with zod', () => {
    expect(ZAccessCodeList.safeParse(['M-1', 'SM-1', 'T-1', 'AP-1']).success).toBe(true);
    expect(ZAccessCodeList.safeParse(['M-29']).error?.issues[0]?.message).toBe('pattern');
    expect(ZAccessCodeList.safeParse(['m-1']).success).toBe(false);
  });
});
