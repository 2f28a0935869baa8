import {
  IDLE_CHECK_INTERVAL_MS,
  IDLE_LOGOUT_MS,
  TOKEN_REFRESH_CHECK_MS,
  TOKEN_REFRESH_THRESHOLD_MS,
} from '@pavilion/domain';
import { jwtExpiryMs } from './jwt.ts';

/** SPEC §4: "click, mouse or key activity". Touch is how a phone clicks. */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'mousedown', 'keydown', 'touchstart'] as const;

export type TIdleWatchdogOptions = {
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  onIdle: () => void;
  now?: () => number;
  idleMs?: number;
  checkMs?: number;
};

/**
 * SPEC §4/§9: after 20 minutes without activity, checked every 10 s, the user is logged out. onIdle fires once;
 * the returned function stops the watchdog.
 */
export function startIdleWatchdog(options: TIdleWatchdogOptions): () => void {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? IDLE_LOGOUT_MS;
  let lastActivity = now();
  let hasFired = false;
  const onActivity = () => {
    lastActivity = now();
  };
  const listenerOptions = { passive: true, capture: true } as const;
  ACTIVITY_EVENTS.forEach((e) => options.target.addEventListener(e, onActivity, listenerOptions));
  const timer = setInterval(() => {
    if (hasFired || now() - lastActivity < idleMs) return;
    hasFired = true;
    stop();
    options.onIdle();
  }, options.checkMs ?? IDLE_CHECK_INTERVAL_MS);

  function stop(): void {
    clearInterval(timer);
    ACTIVITY_EVENTS.forEach((e) => options.target.removeEventListener(e, onActivity, listenerOptions));
  }
  return stop;
}

export type TRefreshSchedulerOptions = {
  getAccessToken: () => string | null | undefined;
  refresh: () => Promise<unknown>;
  now?: () => number;
  checkMs?: number;
  thresholdMs?: number;
};

/** True when the token's `exp` leaves less than the threshold (2 minutes) of life. */
export function needsRefresh(token: string | null | undefined, now: number, thresholdMs = TOKEN_REFRESH_THRESHOLD_MS): boolean {
  const exp = jwtExpiryMs(token);
  return exp !== null && exp - now < thresholdMs;
}

/**
 * SPEC §4/§9: every 50 s, renew the access token when under 2 minutes of its life remain. The refresher itself
 * keeps a single request in flight; this scheduler also skips a tick while one is pending.
 */
export function startRefreshScheduler(options: TRefreshSchedulerOptions): () => void {
  const now = options.now ?? Date.now;
  let pending: Promise<unknown> | null = null;
  const check = () => {
    if (pending) return;
    if (!needsRefresh(options.getAccessToken(), now(), options.thresholdMs)) return;
    pending = options
      .refresh()
      .catch(() => undefined)
      .finally(() => (pending = null));
  };
  check();
  const timer = setInterval(check, options.checkMs ?? TOKEN_REFRESH_CHECK_MS);
  return () => clearInterval(timer);
}
