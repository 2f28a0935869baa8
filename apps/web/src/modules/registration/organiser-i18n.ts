import './public-i18n.ts';
import { i18next } from '../../app/i18n.ts';
import { organiserEn } from './locales/organiser.en.ts';
import { registrationValidationEn } from './locales/public.en.ts';

/** The organiser pages' strings (see public-i18n.ts for why the module registers its own). */
i18next.addResourceBundle('en', 'translation', { registration: { org: organiserEn }, validation: registrationValidationEn }, true, false);
