/**
 * While this browser holds a session, the app keeps this cookie, so the server's first view of the attendee app
 * (/tabs/*, apps/server/src/platform/spa.ts) is left out: that view and its reads are a signed-out visitor's, and a
 * signed-in attendee's home is another page. It says nothing but "signed in" (the tokens stay in the page's storage)
 * and no request is authorised by it.
 */
export const SIGNED_IN_COOKIE = 'pavilion_signed_in';

export function rememberSignedIn(isSignedIn: boolean): void {
  if (typeof document === 'undefined') return;
  // Signed in means the value 1: a cookie of that name with an empty value (a deletion not dropped yet) is not.
  const has = document.cookie.split(';').some((c) => c.trim() === `${SIGNED_IN_COOKIE}=1`);
  if (has === isSignedIn) return;
  document.cookie = isSignedIn ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax` : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
