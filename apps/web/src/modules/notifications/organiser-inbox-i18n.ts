import { i18next } from '../../app/i18n.ts';
import { organiserInboxEn } from './locales/organiser-inbox.en.ts';

/** The organiser inbox's strings, loaded with the bell (not with the entry chunk). */
i18next.addResourceBundle('en', 'translation', { organiserInbox: organiserInboxEn }, true, false);
