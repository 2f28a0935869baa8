import '../../organiser-i18n.ts';
import type { TAccessRule } from '../../../../app/access.ts';
import { EventSection } from '../../../../app/event-section.tsx';

/** The tabs of /app/onsite and the view code (its contract's `access`) each needs; a tab shows only to holders. */
export const ONSITE_SECTIONS: readonly { path: string; label: string; access: TAccessRule }[] = [
  { path: '', label: 'areas', access: 'AP-261' },
  { path: 'devices', label: 'devices', access: 'AP-270' },
  { path: 'device-groups', label: 'deviceGroups', access: 'AP-283' },
  { path: 'attendance', label: 'attendance', access: ['AP-292', 'AP-288'] },
  { path: 'conflicts', label: 'conflicts', access: 'AP-288' },
  { path: 'footfall', label: 'footfall', access: ['AP-297', 'AP-299'] },
];

/** Access rule of the Onsite check-in menu entry and of /app/onsite: any of its tabs. */
export const ONSITE_MENU_ACCESS: TAccessRule = ['AP-261', 'AP-270', 'AP-283', 'AP-292', 'AP-288', 'AP-297', 'AP-299'];

/** /app/onsite/*: the header, the tabs (links, so each has its URL) and the tab. */
export function OnsiteSection() {
  return (
    <EventSection
      base="/app/onsite"
      tabs={ONSITE_SECTIONS}
      tabKey={(label) => `checkin.org.tabs.${label}`}
      i18n={{ title: 'checkin.org.title', subtitle: 'checkin.org.subtitle', sectionsNav: 'checkin.org.sectionsNav', noEvent: 'checkin.org.noEvent', noEventBody: 'checkin.org.noEventBody' }}
    />
  );
}
