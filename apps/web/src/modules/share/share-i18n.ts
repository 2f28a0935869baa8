import { i18next } from '../../app/i18n.ts';
import { shareEn } from './locales/share.en.ts';

/** The share module's strings; imported for its effect by each of its pages. */
i18next.addResourceBundle('en', 'translation', { share: shareEn }, true, false);
