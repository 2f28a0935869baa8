import { i18next } from '../../app/i18n.ts';
import { profileEn } from './locales/profile.en.ts';

/** The profile module's strings, and the messages of its own validation keys. */
i18next.addResourceBundle(
  'en',
  'translation',
  {
    profile: profileEn,
    validation: { duplicateInterest: 'Each interest only once.', invalidCharacters: 'Line breaks and commas are not allowed here.' },
  },
  true,
  false,
);
