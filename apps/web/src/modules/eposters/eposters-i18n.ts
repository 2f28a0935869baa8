import { i18next } from '../../app/i18n.ts';
import { epostersEn, epostersValidationEn } from './locales/eposters.en.ts';

/** The e-posters module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { eposters: epostersEn, validation: epostersValidationEn }, true, false);
