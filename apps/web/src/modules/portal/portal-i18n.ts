import { i18next } from '../../app/i18n.ts';
import { portalEn } from './locales/portal.en.ts';

/** The portal module's strings; imported for its effect by each of its pages (public ones need no dashboard strings). */
i18next.addResourceBundle('en', 'translation', { portal: portalEn }, true, false);
