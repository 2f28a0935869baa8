import { describe, it, expect } from 'vitest';
import { APP_TAB_NAMES, appTabPath, DEFAULT_APP_TABS } from './app-tabs.ts';
import { PORTAL_MENU, visiblePortalMenu } from './portal-menu.ts';
import { ZMenuItem } from './menu-item.ts';

describe('attendee-app tabs (SPEC §2.4)', () => {
  it('lists the 20 tabs in order with defaults', () => {
    expect(APP_TAB_NAMES).toHaveLength(20);
    expect(DEFAULT_APP_TABS.map((t) => t.displayOrder)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const tab of DEFAULT_APP_TABS) {
      expect(tab.loginRequired).toBe(false);
      expect(tab.ticketIds).toEqual([]);
      expect(tab.menuBanner).toBe('');
    }
  });
  it('uses the spec titles', () => {
    const title = Object.fromEntries(DEFAULT_APP_TABS.map((t) => [t.tabName, t.title]));
    expect(title).toMatchObject({ 'event-info': 'Home', 'session-list': 'Schedule', 'feed-listing': 'EFeed', 'album-list': 'Gallery', 'selfie-frame-list': 'Selfie Point', groups: 'Community' });
  });
  it('shows exactly the default menu', () => {
    expect(DEFAULT_APP_TABS.filter((t) => t.showInMenu).map((t) => t.title)).toEqual([
      'Home', 'Networking', 'Schedule', 'EFeed', 'Exhibitor', 'Speaker', 'Leads', 'Selfie Point', 'About the Event',
    ]);
    expect(appTabPath('event-info')).toBe('/tabs/event-info');
  });
});

describe('portal menu (SPEC §2.5)', () => {
  const venueStyle = ['Lobby', 'Exhibition Hall', 'Info', 'Auditorium', 'Virtual Room', 'E-Poster', 'Delegation Member', 'Abstract'];
  it('has the 19 entries', () => {
    expect(PORTAL_MENU.map((e) => e.name)).toEqual([
      'Home', 'Networking', 'Event Schedule', 'Event Feed', 'Exhibitors', 'Speakers', 'Agenda', 'Sponsors', 'Help Desk',
      'Lobby', 'Exhibition Hall', 'Info', 'Auditorium', 'Virtual Room', 'My Schedule', 'E-Poster', 'Feedback',
      'Delegation Member', 'Abstract',
    ]);
  });
  it('limits the venue-style entries to modes 1 and 3 and hides them before the event', () => {
    for (const entry of PORTAL_MENU) {
      const isVenueStyle = venueStyle.includes(entry.name);
      expect(entry.eventMode).toEqual(isVenueStyle ? [1, 3] : [1, 2, 3]);
      expect(entry.showMenuOnPreEvent).toBe(!isVenueStyle);
    }
    expect(visiblePortalMenu(2, false).some((e) => e.name === 'Lobby')).toBe(false);
    expect(visiblePortalMenu(3, false).some((e) => e.name === 'Lobby')).toBe(true);
    expect(visiblePortalMenu(3, true).some((e) => e.name === 'Lobby')).toBe(false);
    expect(visiblePortalMenu(1, true)).toHaveLength(11);
  });
});

describe('ZMenuItem (SPEC §3.6)', () => {
  it('accepts a complete item and refuses a bad eventMode', () => {
    const item = { name: 'Home', tabName: 'event-info', url: '/tabs/event-info', icon: 'home', displayMenu: true, order: 1, loginRequire: false, title: 'Home', menuBanner: '', ticketIds: [], uId: 'u1', eventMode: [1, 2, 3], showMenuOnPreEvent: true };
    expect(ZMenuItem.parse(item)).toEqual(item);
    expect(ZMenuItem.safeParse({ ...item, eventMode: [4] }).success).toBe(false);
  });
});
