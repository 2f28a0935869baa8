import { i18next } from '../../app/i18n.ts';
import { programmeEn, programmeValidationEn } from './locales/programme.en.ts';

/** The programme module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { programme: programmeEn, validation: programmeValidationEn }, true, false);
