import { i18next } from '../../app/i18n.ts';
import { exhibitionEn, exhibitionValidationEn } from './locales/exhibition.en.ts';
import { serviceFormsEn, serviceFormsValidationEn } from './locales/service-forms.en.ts';

/** The exhibition module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { exhibition: { ...exhibitionEn, forms: serviceFormsEn }, validation: { ...exhibitionValidationEn, ...serviceFormsValidationEn } }, true, false);
