import { i18next } from '../../app/i18n.ts';
import { chatEn } from './locales/chat.en.ts';

/** The chat module's strings. */
i18next.addResourceBundle('en', 'translation', { chat: chatEn }, true, false);
