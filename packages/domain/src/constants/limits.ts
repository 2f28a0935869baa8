/** SPEC §9 business constants that are not session timers (those live in session.ts). */

/** Video call: how long a caller waits for an answer. */
export const VIDEO_CALL_WAIT_MS = 60_000;
/** Video call token lifetime (`tet` of POST chatservices/api/video/generateRtcToken, SPEC §7). */
export const VIDEO_TOKEN_TTL_SECONDS = 3600;
/** The typing indicator turns off after this long without a keystroke. */
export const TYPING_INDICATOR_OFF_MS = 1000;
/** One megabyte, as the product counts it. */
export const ONE_MB = 1024 * 1024;
/** Rich-text editor height and maximum height. */
export const EDITOR_HEIGHT = '13rem';
export const EDITOR_MAX_HEIGHT = '15rem';
/** Toasts: bottom-left, never two identical ones at once. */
export const TOAST_POSITION = 'bottom-left';
/** SPEC §2.1: leaving cart registration asks for confirmation with this message. */
export const CART_LEAVE_CONFIRM_MESSAGE = 'Your filled data will be removed';
