import { i18next } from '../../app/i18n.ts';
import { ebadgeEn } from './locales/ebadge.en.ts';

/** The e-badge module's public strings; imported for its effect by every public page of the module. */
i18next.addResourceBundle('en', 'translation', { ebadge: ebadgeEn }, true, false);
