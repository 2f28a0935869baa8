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
const PHONE_FIRST_PATHS = /^\/(cart-registration|cs|ticket-group-registration|international-reg|visitorregistration|visitors|lvp-select-date|success|failure|eazy-res|phipay-res|scanner|footfall-ct)(\/|$)/;

export function isPhoneFirstPath(pathname: string): boolean {
  return PHONE_FIRST_PATHS.test(pathname);
}
