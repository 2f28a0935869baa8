/** SPEC §2.4 attendee-app tabs. Path shape: /tabs/{tabName}. */
export const APP_TAB_NAMES = [
  'event-info',
  'networking',
  'session-list',
  'feed-listing',
  'exhibitors',
  'speaker-listing',
  'lead',
  'e-badge',
  'event-agenda',
  'sponsor',
  'event-location',
  'help-desk',
  'album-list',
  'product-list',
  'selfie-frame-list',
  'groups',
  'hospitality',
  'news-updates',
  'faq',
  'about-the-event',
] as const;
export type TAppTabName = (typeof APP_TAB_NAMES)[number];

export type TAppTab = {
  readonly tabName: TAppTabName;
  readonly title: string;
  readonly displayOrder: number;
  readonly showInMenu: boolean;
  readonly loginRequired: boolean;
  readonly menuBanner: string;
  readonly ticketIds: readonly string[];
};

/**
 * Titles: the spec's bracketed titles where it gives one; elsewhere the tab's own name in words, spelled as the
 * spec's default-menu list spells it (Exhibitor, Speaker, Leads).
 */
export const APP_TAB_TITLES: Record<TAppTabName, string> = {
  'event-info': 'Home',
  networking: 'Networking',
  'session-list': 'Schedule',
  'feed-listing': 'EFeed',
  exhibitors: 'Exhibitor',
  'speaker-listing': 'Speaker',
  lead: 'Leads',
  'e-badge': 'E-Badge',
  'event-agenda': 'Agenda',
  sponsor: 'Sponsor',
  'event-location': 'Event Location',
  'help-desk': 'Help Desk',
  'album-list': 'Gallery',
  'product-list': 'Products',
  'selfie-frame-list': 'Selfie Point',
  groups: 'Community',
  hospitality: 'Hospitality',
  'news-updates': 'News & Updates',
  faq: 'FAQ',
  'about-the-event': 'About the Event',
};

/** SPEC §2.4: shown in the menu by default. */
export const DEFAULT_MENU_APP_TABS: readonly TAppTabName[] = [
  'event-info',
  'networking',
  'session-list',
  'feed-listing',
  'exhibitors',
  'speaker-listing',
  'lead',
  'selfie-frame-list',
  'about-the-event',
];

/** The default tab list of a new event: spec order, default menu flags, login not required, no banner or tickets. */
export const DEFAULT_APP_TABS: readonly TAppTab[] = APP_TAB_NAMES.map((tabName, index) => ({
  tabName,
  title: APP_TAB_TITLES[tabName],
  displayOrder: index + 1,
  showInMenu: DEFAULT_MENU_APP_TABS.includes(tabName),
  loginRequired: false,
  menuBanner: '',
  ticketIds: [],
}));

export function appTabPath(tabName: TAppTabName): string {
  return `/tabs/${tabName}`;
}

/** How many tabs the phone's bottom bar holds before the rest go to "More" (five slots: four tabs and More). */
export const BOTTOM_BAR_TABS = 4;

/** The bottom bar and the "More" drawer: all tabs in the bar when they fit, else the first four and the rest. */
export function splitMenu<T>(tabs: readonly T[], slots = BOTTOM_BAR_TABS): { bar: T[]; more: T[] } {
  if (tabs.length <= slots + 1) return { bar: [...tabs], more: [] };
  return { bar: tabs.slice(0, slots), more: tabs.slice(slots) };
}
