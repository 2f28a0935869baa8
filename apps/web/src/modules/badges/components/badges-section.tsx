import '../badges-i18n.ts';
import { EventSection, type TSectionTab } from '../../../app/event-section.tsx';

/** Tabs of /app/badges and the server code each needs (badges.routes.ts). */
export const BADGE_SECTIONS: readonly TSectionTab[] = [
  { path: '', label: 'templates', access: 'AP-224' },
  { path: 'printing', label: 'printing', access: 'AP-235' },
  { path: 'colours', label: 'colours', access: 'AP-231' },
  { path: 'history', label: 'history', access: 'AP-239' },
  { path: 'stations', label: 'stations', access: 'AP-235' },
];

/** /app/badges/*: the header, the tabs and the tab (a template's editor lights "Templates"). */
export function BadgesSection() {
  return (
    <EventSection
      base="/app/badges"
      tabs={BADGE_SECTIONS}
      aliases={{ templates: '' }}
      tabKey={(label) => `badges.tabs.${label}`}
      i18n={{ title: 'badges.title', subtitle: 'badges.subtitle', sectionsNav: 'badges.sectionsNav', noEvent: 'badges.noEvent', noEventBody: 'badges.noEventBody' }}
    />
  );
}
