/** SPEC §4 and §9 session behaviour. */
export const IDLE_LOGOUT_MS = 20 * 60 * 1000;
export const IDLE_CHECK_INTERVAL_MS = 10 * 1000;
export const TOKEN_REFRESH_CHECK_MS = 50 * 1000;
export const TOKEN_REFRESH_THRESHOLD_MS = 2 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** SPEC §7: every GET carries v=0.3. */
export const CACHE_VERSION = '0.3';
