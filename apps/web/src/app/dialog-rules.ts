/**
 * When the app-wide dialogs (dialogs.tsx) show. Kept apart from the dialogs themselves so the root layout can decide
 * without loading Mantine's Modal, which then loads only when a dialog is due (root-layout.tsx).
 */
export const DESKTOP_HINT_KEY = 'pavilion.desktopHintShown';
export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

export function hasSeenDesktopHint(): boolean {
  try {
    return sessionStorage.getItem(DESKTOP_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Public pages made for phones (registration, checkout and payment outcomes, which the spec says work on a phone; the
 * check-in scanner and the footfall screen):
 * asking their visitors to switch to a desktop would only get in the way.
 */
const PHONE_FIRST_PATHS = /^\/(cart-registration|cs|ticket-group-registration|international-reg|visitorregistration|visitors|lvp-select-date|success|failure|eazy-res|phipay-res|scanner|footfall-ct|eb|verify|tabs|attendium|attendium-v2)(\/|$)/;

export function isPhoneFirstPath(pathname: string): boolean {
  return PHONE_FIRST_PATHS.test(pathname);
}

/** The attendee area's own pages that confirm a deletion through `modals.open…()`: My stand (products, documents, videos). */
const CONFIRMING_ATTENDEE_PATHS = /^\/attendium\/stand(\/|$)/;

/** Whether the root layout mounts the `modals.open…()` host: dashboard pages, and the attendee pages above. */
export function needsConfirmModals(pathname: string): boolean {
  return !isPhoneFirstPath(pathname) || CONFIRMING_ATTENDEE_PATHS.test(pathname);
}

/**
 * The organiser's working pages (the dashboard, the event list and the venue desk's print stations). Only these ask a
 * small screen to switch to a desktop (SPEC §2.3): every other page is for attendees, gates or the public, who use
 * a phone, and a dialog over an e-badge's QR would stop the gate from scanning it.
 */
const ORGANISER_PATHS = /^\/(app|list|badge-printing|register-badge-print|search-print-badge-user)(\/|$)/;

export function wantsDesktopHint(pathname: string): boolean {
  return ORGANISER_PATHS.test(pathname) && !isPhoneFirstPath(pathname);
}
