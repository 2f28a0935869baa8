import { i18next } from '../../app/i18n.ts';
import { meetingsEn, meetingsValidationEn } from './locales/meetings.en.ts';

/** The meetings module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { meetings: meetingsEn, validation: meetingsValidationEn }, true, false);
