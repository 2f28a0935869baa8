import { i18next } from '../../app/i18n.ts';
import { badgesEn } from './locales/badges.en.ts';

/** The badges module registers its own strings when one of its pages loads (the app shell stays small). */
i18next.addResourceBundle('en', 'translation', { badges: badgesEn }, true, false);
