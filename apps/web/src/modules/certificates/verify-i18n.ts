import { i18next } from '../../app/i18n.ts';
import { certificatesVerifyEn } from './locales/certificates.en.ts';

/** Only the public page's strings: the verification page loads no organiser text. */
i18next.addResourceBundle('en', 'translation', { certificates: { verify: certificatesVerifyEn } }, true, false);
