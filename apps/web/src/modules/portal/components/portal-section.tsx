import '../portal-i18n.ts';
import { Navigate, useLocation } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { EventSection, type TSectionTab } from '../../../app/event-section.tsx';

/**
 * Tabs of /app/portal and the server code each needs. Another helper's area joins with one entry here (and its
 * child route under `app/portal` in app/signed-in-routes.tsx), e.g. `{ path: 'venue', label: 'venue', access: … }`
 * with its label under `portal.org.tabs` in locales/portal.en.ts (or its own bundle).
 */
export const PORTAL_SECTIONS: TSectionTab[] = [
  { path: 'app-tabs', label: 'appTabs', access: 'AP-28' },
  { path: 'web-menu', label: 'webMenu', access: 'AP-775' },
  { path: 'venue', label: 'venue', access: 'AP-775' },
  { path: 'share-options', label: 'shareOptions', access: 'AP-785' },
];

/** /app/portal/*: the header, the tabs and the tab. */
export function PortalSection() {
  return (
    <EventSection
      base="/app/portal"
      tabs={PORTAL_SECTIONS}
      tabKey={(label) => `portal.org.tabs.${label}`}
      i18n={{ title: 'portal.org.title', subtitle: 'portal.org.subtitle', sectionsNav: 'portal.org.sectionsNav', noEvent: 'portal.org.noEvent', noEventBody: 'portal.org.noEventBody' }}
    />
  );
}

/** /app/portal opens the first tab the member may see (a role with only the share options lands on those). */
export function PortalSectionIndex() {
  const { search } = useLocation();
  const access = useAccess();
  const first = PORTAL_SECTIONS.find((s) => access.can(s.access)) ?? PORTAL_SECTIONS[0]!;
  return <Navigate to={`/app/portal/${first.path}${search}`} replace />;
}
