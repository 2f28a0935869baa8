import { i18next } from '../../app/i18n.ts';
import { liveEn } from './locales/live.en.ts';

/** The live module's strings. */
i18next.addResourceBundle('en', 'translation', { live: liveEn }, true, false);
