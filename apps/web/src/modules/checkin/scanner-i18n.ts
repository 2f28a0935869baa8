import { i18next } from '../../app/i18n.ts';
import { areaKindsEn, footfallEn, scanResultsEn, scannerEn } from './locales/scanner.en.ts';

/** The scanner and footfall pages' strings, registered by the module itself (see registration/public-i18n.ts). */
i18next.addResourceBundle('en', 'translation', { checkin: { scanner: scannerEn, footfall: footfallEn, results: scanResultsEn, areaKinds: areaKindsEn } }, true, false);
