import { i18next } from '../../app/i18n.ts';
import { videoEn } from './locales/video.en.ts';

/** The video module's strings. */
i18next.addResourceBundle('en', 'translation', { video: videoEn }, true, false);
