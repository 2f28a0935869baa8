import { i18next } from '../../app/i18n.ts';
import { certificatesOrgEn } from './locales/certificates.en.ts';

i18next.addResourceBundle('en', 'translation', { certificates: { org: certificatesOrgEn } }, true, false);
