import { describe, expect, it } from 'vitest';
import { ACCESS_CODES, withAncestors } from '@pavilion/domain';
import { isRuleGranted } from '../../app/access.ts';
import { DASHBOARD_MENU, isEntryActive, visibleMenu } from './dashboard-menu.ts';

const canWith = (codes: Iterable<string>) => {
  const set = new Set(codes);
  return (rule: Parameters<typeof isRuleGranted>[1]) => isRuleGranted(set, rule);
};
const ids = (groups: ReturnType<typeof visibleMenu>) => groups.flatMap((g) => g.entries.map((e) => e.id));

describe('visibleMenu', () => {
  it('shows an admin (every code) every entry, grouped in order', () => {
    const groups = visibleMenu(DASHBOARD_MENU, canWith(ACCESS_CODES.keys()), true, () => true);
    expect(groups.map((g) => g.group)).toEqual(['main', 'event', 'later', 'organisation']);
    expect(ids(groups)).toEqual(DASHBOARD_MENU.map((e) => e.id));
  });

  it('lists the mail outbox only when the server has it on, and only with its code', () => {
    const all = canWith(ACCESS_CODES.keys());
    expect(ids(visibleMenu(DASHBOARD_MENU, all, false))).not.toContain('mail-outbox');
    expect(ids(visibleMenu(DASHBOARD_MENU, all, false, (f) => f === 'mailOutbox'))).toContain('mail-outbox');
    expect(ids(visibleMenu(DASHBOARD_MENU, canWith(withAncestors(['AP-647'])), false, () => true))).toEqual(['mail-outbox']);
    expect(ids(visibleMenu(DASHBOARD_MENU, canWith(withAncestors(['AP-35'])), false, () => true))).toEqual(['team']);
  });

  it('shows a registration-only role its events, overview and registration, and no organisation menu', () => {
    const can = canWith(withAncestors(['AP-94', 'AP-6']));
    const groups = visibleMenu(DASHBOARD_MENU, can, true);
    expect(ids(groups)).toEqual(['events', 'overview', 'registration']);
    expect(groups.some((g) => g.group === 'organisation')).toBe(false);
  });

  it('needs the whole ancestor chain: a lone action code without its tab is not enough', () => {
    expect(ids(visibleMenu(DASHBOARD_MENU, canWith(['AP-35']), false))).toEqual([]);
    expect(ids(visibleMenu(DASHBOARD_MENU, canWith(withAncestors(['AP-35'])), false))).toEqual(['team']);
  });

  it('hides event-scoped entries until an event is selected', () => {
    const groups = visibleMenu(DASHBOARD_MENU, canWith(ACCESS_CODES.keys()), false);
    expect(ids(groups)).toEqual(['events', 'team', 'roles', 'audit', 'white-label', 'regions']);
  });

  it('shows an any-of entry for either code (regions for a companies-only region team)', () => {
    expect(ids(visibleMenu(DASHBOARD_MENU, canWith(withAncestors(['AP-482'])), false))).toEqual(['regions']);
  });

  it('shows nothing to a role that reaches nothing', () => {
    expect(visibleMenu(DASHBOARD_MENU, canWith([]), true)).toEqual([]);
  });
});

describe('isEntryActive', () => {
  it('matches sub-paths except for exact entries', () => {
    expect(isEntryActive({ to: '/app/registration' }, '/app/registration/tickets')).toBe(true);
    expect(isEntryActive({ to: '/app', isExact: true }, '/app/settings')).toBe(false);
    expect(isEntryActive({ to: '/app', isExact: true }, '/app')).toBe(true);
    expect(isEntryActive({ to: '/app/team' }, '/app/teams')).toBe(false);
  });
});
