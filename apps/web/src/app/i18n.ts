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

export { i18next };
