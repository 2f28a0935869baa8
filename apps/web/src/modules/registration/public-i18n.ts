import { i18next } from '../../app/i18n.ts';
import { publicEn, registrationValidationEn } from './locales/public.en.ts';

/**
 * The registration module brings its own strings, so app/locales/en.ts (shared by every module) stays small and
 * public pages load only public text. Imported for its effect by every public page of the module. Existing
 * validation keys are never overridden (deep merge, overwrite = false).
 */
i18next.addResourceBundle('en', 'translation', { registration: { public: publicEn }, validation: registrationValidationEn }, true, false);
