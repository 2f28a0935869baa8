// Header names of SPEC §7's auth calls, apart from the schemas so the browser's always-loaded code stays small.
/** Header carrying the old access token on POST auth/generate/accessToken (SPEC §7). */
export const OLD_ACCESS_TOKEN_HEADER = 'x-access-token';
/** Header in which the refresh endpoint returns the rotated refresh token. */
export const ROTATED_REFRESH_TOKEN_HEADER = 'x-refresh-token';
/** Extra header with the user-access token from eventData (SPEC §6). */
export const USER_ACCESS_TOKEN_HEADER = 'x-user-access-token';
