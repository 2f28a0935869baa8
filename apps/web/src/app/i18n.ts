import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';

export const SUPPORTED_LANGUAGES = ['en'] as const;

// Key separator stays '.', but no namespace separator: server messages such as the SPEC §5 password texts are
// shown as they are and must never be parsed as "ns:key".
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

let dashboardStrings: Promise<void> | null = null;

/**
 * The strings of the login pages, the dashboard and the attendee area (locales/en-dashboard.ts), loaded once.
 * route-helpers.tsx `page` awaits this with each of those routes, before it renders, so no raw key ever shows;
 * public pages never load it. A failed load is forgotten, so the next navigation tries again.
 */
export function loadDashboardStrings(): Promise<void> {
  dashboardStrings ??= import('./locales/en-dashboard.ts').then(
    ({ enDashboard }) => {
      i18next.addResourceBundle('en', 'translation', enDashboard, true, false);
    },
    (error: unknown) => {
      dashboardStrings = null;
      throw error;
    },
  );
  return dashboardStrings;
}

export { i18next };
