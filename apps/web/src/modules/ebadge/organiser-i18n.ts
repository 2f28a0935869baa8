import { i18next } from '../../app/i18n.ts';
import { ebadgeOrgEn } from './locales/ebadge.en.ts';

/** The e-badge module's organiser strings (E-Badge Settings). */
i18next.addResourceBundle('en', 'translation', { ebadge: { org: ebadgeOrgEn } }, true, false);
