import type { TAccessRule } from '../../app/access.ts';
import { DASHBOARD_LATER_FEATURES } from './dashboard-features.ts';

/**
 * The organiser side menu as data: each entry names the code (or any-of codes) that shows it. A module adds its
 * entry here (and its routes in app/signed-in-routes.tsx); the side nav renders whatever `visibleMenu` returns.
 */
export type TMenuGroup = 'main' | 'event' | 'later' | 'organisation';

export type TMenuEntry = {
  /** Stable id; side-nav.tsx picks the icon by it. */
  readonly id: string;
  readonly to: string;
  /** i18n key of the label. */
  readonly label: string;
  readonly access: TAccessRule;
  readonly group: TMenuGroup;
  /** Event-scoped pages are listed only once an event is selected. */
  readonly needsEvent: boolean;
  /** Active only on this exact path (not its sub-paths). */
  readonly isExact?: boolean;
  /** Listed only when the server says this optional feature is on (the mail outbox: development or MAIL_OUTBOX_UI). */
  readonly feature?: TMenuFeature;
};

export type TMenuFeature = 'mailOutbox';

export const MENU_GROUP_ORDER: readonly TMenuGroup[] = ['main', 'event', 'later', 'organisation'];

export const DASHBOARD_MENU: readonly TMenuEntry[] = [
  { id: 'events', to: '/list/events', label: 'shell.myEvents', access: 'AP-6', group: 'main', needsEvent: false },
  { id: 'overview', to: '/app', label: 'shell.overview', access: 'AP-6', group: 'event', needsEvent: true, isExact: true },
  { id: 'settings', to: '/app/settings', label: 'shell.settings', access: 'AP-7', group: 'event', needsEvent: true },
  { id: 'reports', to: '/app/reports', label: 'shell.reports', access: 'SM-59', group: 'event', needsEvent: true },
  // Registration (modules/registration): shown to holders of Tickets: View or Attendees view, the server's codes.
  { id: 'registration', to: '/app/registration', label: 'features.registration', access: ['AP-46', 'AP-94'], group: 'event', needsEvent: true },
  // Badges (modules/badges): Badge Templates: View or Print Queue: View.
  { id: 'badges', to: '/app/badges', label: 'features.badges', access: ['AP-224', 'AP-235', 'AP-231'], group: 'event', needsEvent: true },
  // Onsite check-in (modules/checkin): areas, devices, attendance, conflicts, footfall; shown to holders of any tab's view code.
  { id: 'onsite', to: '/app/onsite', label: 'features.onsite', access: ['AP-261', 'AP-270', 'AP-292', 'AP-288', 'AP-297', 'AP-299'], group: 'event', needsEvent: true },
  // Certificates and e-badge settings (modules/certificates, modules/ebadge): any tab's view code.
  { id: 'certificates', to: '/app/certificates', label: 'features.certificates', access: ['AP-248', 'AP-254', 'AP-294', 'AP-258', 'AP-233'], group: 'event', needsEvent: true },
  // App & portal (modules/portal): the attendee app's tabs (AP-28), the web portal's menu (AP-775) and the share
  // options (AP-785).
  { id: 'portal', to: '/app/portal', label: 'features.appPortal', access: ['AP-28', 'AP-775', 'AP-785'], group: 'event', needsEvent: true },
  // Exhibitors & booths (modules/exhibition): Companies: View or Booths: View.
  { id: 'exhibitors', to: '/app/exhibitors', label: 'features.exhibitors', access: ['AP-482', 'AP-535'], group: 'event', needsEvent: true },
  // Sponsors (modules/sponsors): the exhibition's Companies: View (SPEC §6 has no sponsor codes).
  { id: 'sponsors', to: '/app/sponsors', label: 'features.sponsors', access: 'AP-482', group: 'event', needsEvent: true },
  // Sessions & agenda (modules/programme): any of sessions, auditoriums, tracks, speakers or e-posters (modules/eposters): View.
  { id: 'sessions', to: '/app/sessions', label: 'features.sessions', access: ['AP-300', 'AP-328', 'AP-307', 'AP-335', 'AP-346', 'AP-756'], group: 'event', needsEvent: true },
  // Networking & meetings (modules/meetings): Meeting Slots: View (hours, tables) or Meetings: View (the list).
  { id: 'meetings', to: '/app/meetings', label: 'features.networking', access: ['AP-447', 'AP-437'], group: 'event', needsEvent: true },
  // Chat moderation (modules/chat): Group Chats: View (the reports); its actions need Group Chats: Moderate (AP-436).
  // Announcements (modules/notifications): Announcements: View (the sent list) or Send Now.
  { id: 'announcements', to: '/app/announcements', label: 'features.announcements', access: ['AP-350', 'AP-355'], group: 'event', needsEvent: true },
  // Lounge & discussion tables (modules/video): Discussion Tables: View.
  { id: 'networking-tables', to: '/app/networking-tables', label: 'features.networkingTables', access: 'AP-460', group: 'event', needsEvent: true },
  { id: 'chat-moderation', to: '/app/chat-moderation', label: 'features.chatModeration', access: 'AP-434', group: 'event', needsEvent: true },
  ...DASHBOARD_LATER_FEATURES.map(
    (f): TMenuEntry => ({ id: f.path, to: `/app/${f.path}`, label: `features.${f.feature}`, access: f.code, group: 'later', needsEvent: true }),
  ),
  { id: 'team', to: '/app/team', label: 'shell.team', access: 'AP-35', group: 'organisation', needsEvent: false },
  { id: 'roles', to: '/app/roles', label: 'shell.roles', access: 'AP-41', group: 'organisation', needsEvent: false },
  { id: 'audit', to: '/app/audit', label: 'shell.audit', access: 'AP-814', group: 'organisation', needsEvent: false },
  { id: 'white-label', to: '/app/white-label', label: 'shell.whiteLabel', access: 'AP-830', group: 'organisation', needsEvent: false },
  { id: 'regions', to: '/app/regions', label: 'shell.regions', access: ['AP-804', 'AP-482'], group: 'organisation', needsEvent: false },
  // The mail Pavilion sent or kept (modules/mail-outbox): AP-647 Email Reports: View, and only where the server serves it.
  { id: 'mail-outbox', to: '/app/mail-outbox', label: 'shell.mailOutbox', access: 'AP-647', group: 'organisation', needsEvent: false, feature: 'mailOutbox' },
];

export type TVisibleGroup = { group: TMenuGroup; entries: TMenuEntry[] };

/** The entries the user may see, grouped in menu order; empty groups are left out. */
export function visibleMenu(
  entries: readonly TMenuEntry[],
  can: (rule: TAccessRule) => boolean,
  hasEvent: boolean,
  isFeatureOn: (feature: TMenuFeature) => boolean = () => false,
): TVisibleGroup[] {
  return MENU_GROUP_ORDER.map((group) => ({
    group,
    entries: entries.filter((e) => e.group === group && (hasEvent || !e.needsEvent) && can(e.access) && (!e.feature || isFeatureOn(e.feature))),
  })).filter((g) => g.entries.length > 0);
}

/** Whether an entry is the current page: exact, or a parent of it (`/app/registration/tickets` lights "Registration"). */
export function isEntryActive(entry: Pick<TMenuEntry, 'to' | 'isExact'>, pathname: string): boolean {
  if (pathname === entry.to) return true;
  return !entry.isExact && pathname.startsWith(`${entry.to}/`);
}
