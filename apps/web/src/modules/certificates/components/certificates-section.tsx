import '../certificates-i18n.ts';
import type { TAccessRule } from '../../../app/access.ts';
import { EventSection } from '../../../app/event-section.tsx';

/** The tabs of /app/certificates and the view code each needs (the server's codes). */
export const CERTIFICATE_SECTIONS: readonly { path: string; label: string; access: TAccessRule }[] = [
  { path: '', label: 'templates', access: 'AP-248' },
  { path: 'issue', label: 'issue', access: ['AP-254', 'AP-294'] },
  { path: 'printing', label: 'printing', access: 'AP-258' },
  { path: 'ebadge', label: 'ebadge', access: 'AP-233' },
];

export const CERTIFICATES_MENU_ACCESS: TAccessRule = ['AP-248', 'AP-254', 'AP-258', 'AP-233'];

/** /app/certificates/*: header, section tabs (links) and the section. */
export function CertificatesSection() {
  return (
    <EventSection
      base="/app/certificates"
      tabs={CERTIFICATE_SECTIONS}
      tabKey={(label) => `certificates.org.tabs.${label}`}
      i18n={{ title: 'certificates.org.title', subtitle: 'certificates.org.subtitle', sectionsNav: 'certificates.org.sectionsNav', noEvent: 'certificates.org.noEvent', noEventBody: 'certificates.org.noEventBody' }}
    />
  );
}
