import '../exhibition-i18n.ts';
import { Navigate, useLocation } from 'react-router';
import { EventSection, type TSectionTab } from '../../../app/event-section.tsx';
import { useAccess } from '../../../app/access.ts';

/** Tabs of /app/exhibitors and the server code each needs. */
export const EXHIBITION_SECTIONS: TSectionTab[] = [
  { path: 'companies', label: 'companies', access: 'AP-482' },
  { path: 'booths', label: 'booths', access: 'AP-535' },
  { path: 'service-forms', label: 'serviceForms', access: 'AP-516' },
  { path: 'submissions', label: 'submissions', access: 'AP-519' },
  { path: 'fulfilment', label: 'fulfilment', access: 'AP-519' },
  { path: 'invoices', label: 'invoices', access: 'AP-191' },
  { path: 'onsite-leads', label: 'onsiteLeads', access: 'AP-585' },
];

/** /app/exhibitors/*: the header, the tabs and the tab. */
export function ExhibitionSection() {
  return (
    <EventSection
      base="/app/exhibitors"
      tabs={EXHIBITION_SECTIONS}
      tabKey={(label) => `exhibition.org.tabs.${label}`}
      i18n={{
        title: 'exhibition.org.title',
        subtitle: 'exhibition.org.subtitle',
        sectionsNav: 'exhibition.org.sectionsNav',
        noEvent: 'exhibition.org.noEvent',
        noEventBody: 'exhibition.org.noEventBody',
      }}
    />
  );
}

/** /app/exhibitors opens the first tab the caller may see. */
export function ExhibitionSectionIndex() {
  const { search } = useLocation();
  const access = useAccess();
  const first = EXHIBITION_SECTIONS.find((s) => access.can(s.access)) ?? EXHIBITION_SECTIONS[0]!;
  return <Navigate to={`/app/exhibitors/${first.path}${search}`} replace />;
}
