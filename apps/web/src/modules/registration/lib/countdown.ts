/** Milliseconds left until an ISO instant (never negative). */
export function remainingMs(expiresAt: string | null | undefined, now: number): number {
  if (!expiresAt) return 0;
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) ? Math.max(0, end - now) : 0;
}

/** "9:05" for 545 000 ms; hours only when needed ("1:02:03"). Rounds up so "0:00" means really over. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Moments worth announcing to screen readers (a timer that speaks every second is noise): the whole minutes
 * 5, 2 and 1, and the last 30 seconds. Returns the threshold just crossed between two ticks, else null.
 */
export const ANNOUNCE_AT_MS = [5 * 60_000, 2 * 60_000, 60_000, 30_000] as const;
export function crossedThreshold(previousMs: number, currentMs: number): number | null {
  for (const t of ANNOUNCE_AT_MS) if (previousMs > t && currentMs <= t) return t;
  return null;
}
