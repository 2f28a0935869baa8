import { IconAward, IconBook, IconBuildingStore, IconCalendar, IconHeadset, IconHome, IconId, IconInfoCircle, IconMapPin, IconMessageCircle, IconMicrophone, IconPhoto, IconUsers, type Icon } from '@tabler/icons-react';

/**
 * Each app tab's icon in the menu (components/app-shell.tsx). Also read by the build (scripts/first-paint-views.ts),
 * which renders them for the server's first view of the attendee app, so the two menus draw the same icons.
 */
export const TAB_ICONS: Record<string, Icon> = {
  'event-info': IconHome,
  networking: IconUsers,
  'session-list': IconCalendar,
  'feed-listing': IconMessageCircle,
  exhibitors: IconBuildingStore,
  'speaker-listing': IconMicrophone,
  'e-badge': IconId,
  'event-location': IconMapPin,
  'help-desk': IconHeadset,
  'album-list': IconPhoto,
  sponsor: IconAward,
  'about-the-event': IconInfoCircle,
};
export const DEFAULT_TAB_ICON: Icon = IconBook;
export const iconOf = (tabName: string): Icon => TAB_ICONS[tabName] ?? DEFAULT_TAB_ICON;
