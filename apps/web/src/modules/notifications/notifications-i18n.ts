import { i18next } from '../../app/i18n.ts';
import { notificationsEn, notificationsValidationEn } from './locales/notifications.en.ts';

/** The notifications module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { notifications: notificationsEn, validation: notificationsValidationEn }, true, false);
