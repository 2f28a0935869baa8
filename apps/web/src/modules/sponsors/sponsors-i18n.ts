import { i18next } from '../../app/i18n.ts';
import { sponsorsEn, sponsorsValidationEn } from './locales/sponsors.en.ts';

/** The sponsors module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { sponsors: sponsorsEn, validation: sponsorsValidationEn }, true, false);
