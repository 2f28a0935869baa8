import { describe, expect, it } from 'vitest';
import { APP_TAB_NAMES } from './app-tabs.ts';
import { BUILT_APP_TABS, BUILT_PORTAL_ENTRIES, PORTAL_ENTRY_KEYS, isBeforeEventStart, isPortalEntryKey, localDateIn } from './capabilities.ts';
import { PORTAL_MENU } from './portal-menu.ts';
import { ZAppTabsSaveRequest, ZPortalMenuSaveRequest } from '../portal/portal.schemas.ts';
import { DEFAULT_APP_TABS } from './app-tabs.ts';

describe('built capabilities (issue 14)', () => {
  it('names every SPEC §2.4 tab and §2.5 entry once, with only today’s capabilities built', () => {
    expect(Object.keys(BUILT_APP_TABS).sort()).toEqual([...APP_TAB_NAMES].sort());
    expect(PORTAL_ENTRY_KEYS).toEqual(PORTAL_MENU.map((e) => e.key));
    expect(Object.keys(BUILT_PORTAL_ENTRIES)).toEqual([...PORTAL_ENTRY_KEYS]);
    expect(APP_TAB_NAMES.filter((n) => BUILT_APP_TABS[n])).toEqual(['event-info', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'lead', 'e-badge', 'event-agenda', 'sponsor', 'event-location', 'about-the-event']);
    expect(isPortalEntryKey('lobby')).toBe(true);
    expect(isPortalEntryKey('casino')).toBe(false);
  });
});

describe('isBeforeEventStart', () => {
  it('reads the first day in the event’s time zone', () => {
    const now = new Date('2026-11-30T19:00:00Z');
    expect(localDateIn('Asia/Kolkata', now)).toBe('2026-12-01');
    expect(isBeforeEventStart('2026-12-01', 'Asia/Kolkata', now)).toBe(false);
    expect(isBeforeEventStart('2026-12-01', 'America/New_York', now)).toBe(true);
    expect(isBeforeEventStart('2026-11-01', 'UTC', now)).toBe(false);
  });
});

describe('save requests', () => {
  const tabs = () => DEFAULT_APP_TABS.map((t) => ({ ...t, ticketIds: [...t.ticketIds] }));
  const keysOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
  it('accepts the defaults and refuses a duplicate order or tab with its key', () => {
    expect(ZAppTabsSaveRequest.safeParse({ tabs: tabs() }).success).toBe(true);
    const dup = tabs();
    dup[1] = { ...dup[1]!, displayOrder: 1 };
    expect(keysOf(ZAppTabsSaveRequest.safeParse({ tabs: dup }))).toContain('tabs.1.displayOrder:duplicateOrder');
    const twice = tabs();
    twice[2] = { ...twice[2]!, tabName: 'event-info' };
    expect(keysOf(ZAppTabsSaveRequest.safeParse({ tabs: twice }))).toEqual(expect.arrayContaining(['tabs.2.tabName:duplicateTab', 'tabs:missingTab']));
  });
  it('refuses an eventMode outside 1..3', () => {
    const entries = PORTAL_MENU.map((e, i) => ({ key: e.key, title: e.name, displayOrder: i + 1, isShown: true, eventMode: [...e.eventMode] as number[], showMenuOnPreEvent: e.showMenuOnPreEvent }));
    expect(ZPortalMenuSaveRequest.safeParse({ entries }).success).toBe(true);
    entries[0]!.eventMode = [0];
    expect(keysOf(ZPortalMenuSaveRequest.safeParse({ entries }))).toContain('entries.0.eventMode:eventModeRange');
  });
});
