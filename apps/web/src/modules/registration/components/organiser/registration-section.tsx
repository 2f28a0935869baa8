import '../../organiser-i18n.ts';
import type { TAccessRule } from '../../../../app/access.ts';
import { EventSection } from '../../../../app/event-section.tsx';

/** The sections of /app/registration and the view code (its route contracts' access code) each needs; a tab shows only to holders. */
export const REGISTRATION_SECTIONS: readonly { path: string; label: string; access: TAccessRule }[] = [
  { path: '', label: 'registrations', access: 'AP-94' },
  { path: 'orders', label: 'orders', access: 'AP-175' },
  { path: 'tickets', label: 'tickets', access: 'AP-46' },
  { path: 'quotas', label: 'quotas', access: 'AP-46' },
  { path: 'forms', label: 'forms', access: 'AP-72' },
  { path: 'discounts', label: 'discounts', access: 'AP-161' },
  { path: 'visitors', label: 'categories', access: 'AP-112' },
  { path: 'cart-links', label: 'cartLinks', access: 'AP-83' },
  { path: 'transactions', label: 'transactions', access: 'AP-217' },
  { path: 'payments', label: 'payments', access: ['AP-203', 'AP-195'] },
  { path: 'settings', label: 'settings', access: 'AP-46' },
];

/** Access rule of the Registration menu entry and of /app/registration: any of its sections. */
export const REGISTRATION_MENU_ACCESS: TAccessRule = ['AP-46', 'AP-94'];

/** /app/registration/*: the header, the section tabs (links, so each section has its URL) and the section. */
export function RegistrationSection() {
  return (
    <EventSection
      base="/app/registration"
      tabs={REGISTRATION_SECTIONS}
      tabKey={(label) => `registration.org.tabs.${label}`}
      i18n={{ title: 'registration.org.title', subtitle: 'registration.org.subtitle', sectionsNav: 'registration.org.sectionsNav', noEvent: 'registration.org.noEvent', noEventBody: 'registration.org.noEventBody' }}
    />
  );
}
