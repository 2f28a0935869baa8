import { i18next } from '../../app/i18n.ts';
import { leadsEn, leadsValidationEn } from './locales/leads.en.ts';

/** The leads module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { leads: leadsEn, validation: leadsValidationEn }, true, false);
