import { i18next } from '../../app/i18n.ts';
import { venueEn, venueValidationEn } from './locales/venue.en.ts';

/** The venue module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { venue: venueEn, validation: venueValidationEn }, true, false);
