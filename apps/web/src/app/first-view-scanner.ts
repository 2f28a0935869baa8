/**
 * The scanner keeps this cookie while this browser holds a paired device, so the server's first view of /scanner is
 * its frame alone rather than the pairing form (apps/server/src/platform/first-view.ts SCANNER_PAIRED_COOKIE). It says
 * nothing but "paired": the device's token stays in the page's storage, and the cookie goes to /scanner only.
 */
export const SCANNER_PAIRED_COOKIE = 'pavilion_scanner_paired';

export function rememberScannerPaired(isPaired: boolean): void {
  const wanted = isPaired ? `${SCANNER_PAIRED_COOKIE}=1; Path=/scanner; Max-Age=31536000; SameSite=Lax` : `${SCANNER_PAIRED_COOKIE}=; Path=/scanner; Max-Age=0; SameSite=Lax`;
  // Paired means the value 1: a cookie of that name with an empty value (a deletion the browser has not dropped yet) is not.
  const has = document.cookie.split(';').some((c) => c.trim() === `${SCANNER_PAIRED_COOKIE}=1`);
  if (has !== isPaired) document.cookie = wanted;
}
