import './scanner-i18n.ts';
import { i18next } from '../../app/i18n.ts';
import { checkinOrganiserEn } from './locales/organiser.en.ts';

/** The organiser section's strings (scan results and area kinds come from scanner-i18n.ts). */
i18next.addResourceBundle('en', 'translation', { checkin: { org: checkinOrganiserEn } }, true, false);
