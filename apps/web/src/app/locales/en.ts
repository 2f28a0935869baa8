import { VALIDATION_MESSAGES_EN } from '@pavilion/domain';

/**
 * English strings every page needs, public ones included: the app shell, dialogs, error pages and validation messages.
 * Everything else of the app (login, dashboard, attendee area: locales/en-dashboard.ts) loads with the routes that
 * use it (app/route-helpers.tsx), so a public page's first download stays small. Module strings live in their modules
 * (e.g. modules/registration/locales). Add a language by adding files with the same shapes and registering them in
 * i18n.ts. Strings quoted by SPEC.md are kept exactly as written there.
 */
export const en = {
  app: {
    name: 'Pavilion',
    tagline: 'Events, exhibitions and attendees in one place',
    skipToContent: 'Skip to main content',
    loading: 'Loading…',
    footer: 'Pavilion · self-hosted event management',
  },
  common: {
    cancel: 'Cancel',
    save: 'Save',
    close: 'Close',
    back: 'Back',
    retry: 'Try again',
    listLoadError: 'This list could not be loaded.',
    notSet: 'Not set',
    or: 'or',
    actions: 'Actions',
    edit: 'Edit',
    view: 'View',
  },
  dialogs: {
    sessionExpiredTitle: 'Your Session is expired',
    sessionExpiredBody: 'For your security you have been signed out. Sign in again to continue where you left off.',
    loginAgain: 'Login Again',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundBody: 'The address {{path}} does not match any page. Check the link, or go back to the start.',
    crashTitle: 'Something went wrong',
    crashBody: 'The page could not be displayed. Reload to try again; if it keeps happening, contact your organiser.',
    reload: 'Reload page',
    goHome: 'Go to start page',
    network: 'Could not reach the server. Check your connection and try again.',
    generic: 'Something went wrong. Please try again.',
  },
  /** Every domain error key (SPEC §5/§8 keys and the domain's own), plus two the forms use for zod's size checks. */
  validation: {
    // Country codes outside SPEC §3.2's table (domain reference/countries.ts zCountryCode: companies, profiles).
    unknownCountry: 'Choose a country from the list.',
    ...VALIDATION_MESSAGES_EN,
    invalid: 'This value is not valid.',
    tooLong: 'This value is too long.',
    nameTaken: 'This name is already used.',
    emailTaken: 'A user with this email already exists.',
    invalidMember: 'Choose an active member.',
    unknownItem: 'This item does not belong to your organisation.',
    unknownRole: 'Choose one of your roles.',
    unknownRegion: 'Choose one of your regions.',
    unknownArea: 'Choose areas of this event.',
    unknownDevice: 'Choose devices of this event.',
    unknownDeviceGroup: 'Choose a device group of this event.',
  },
  toast: {
    loggedOut: 'You have been signed out.',
  },
} as const;

export type TResource = typeof en;
