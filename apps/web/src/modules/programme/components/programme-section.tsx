import '../programme-i18n.ts';
import { Navigate, useLocation } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { EventSection, type TSectionTab } from '../../../app/event-section.tsx';

/** Tabs of /app/sessions and the view code each needs (SPEC §2.7: sessions T-87, auditoriums T-93, tracks T-88, speakers T-95, requests T-98). */
export const PROGRAMME_SECTIONS: TSectionTab[] = [
  { path: 'list', label: 'sessions', access: 'AP-300' },
  { path: 'grid', label: 'grid', access: 'AP-300' },
  { path: 'rooms', label: 'rooms', access: 'AP-328' },
  { path: 'tracks', label: 'tracks', access: 'AP-307' },
  { path: 'speakers', label: 'speakers', access: 'AP-335' },
  // Attendees' and exhibitors' session requests (SPEC §2.7 T-98 Requests: view AP-346).
  { path: 'requests', label: 'requests', access: 'AP-346' },
  // E-posters (modules/eposters): SPEC §2.7 T-206 E-Posters, AP-756 view.
  { path: 'eposters', label: 'eposters', access: 'AP-756' },
  // The moderator console of a session while it runs (modules/live).
  { path: 'live', label: 'live', access: 'AP-300' },
];

/** /app/sessions/*: the header, the tabs and the tab. */
export function ProgrammeSection() {
  return (
    <EventSection
      base="/app/sessions"
      tabs={PROGRAMME_SECTIONS}
      tabKey={(label) => `programme.org.tabs.${label}`}
      i18n={{ title: 'programme.org.title', subtitle: 'programme.org.subtitle', sectionsNav: 'programme.org.sectionsNav', noEvent: 'programme.org.noEvent', noEventBody: 'programme.org.noEventBody' }}
    />
  );
}

/**
 * /app/sessions opens the first tab the member may see (a member holding only the e-poster codes lands on E-posters,
 * not on a Sessions tab they cannot read); it waits for the member's codes before choosing.
 */
export function ProgrammeSectionIndex() {
  const { search } = useLocation();
  const access = useAccess();
  if (access.isPending) return null;
  const first = PROGRAMME_SECTIONS.find((s) => access.can(s.access)) ?? PROGRAMME_SECTIONS[0]!;
  return <Navigate to={`/app/sessions/${first.path}${search}`} replace />;
}
