import { i18next } from '../../app/i18n.ts';
import { mailOutboxEn } from './locales/mail-outbox.en.ts';

/** The mail outbox registers its own strings when its page loads (the app shell stays small). */
i18next.addResourceBundle('en', 'translation', { mailOutbox: mailOutboxEn }, true, false);
