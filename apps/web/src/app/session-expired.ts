import { useSyncExternalStore } from 'react';

/**
 * SPEC §4: the session-expired dialog shows only on /list/ pages, or on /app/ pages that have event data.
 * Elsewhere (public pages, attendee pages, login) a rejected refresh stays silent.
 */
export function shouldShowSessionExpiredDialog(pathname: string, hasEventData: boolean): boolean {
  if (pathname === '/list' || pathname.startsWith('/list/')) return true;
  if (pathname === '/app' || pathname.startsWith('/app/')) return hasEventData;
  return false;
}

let expired = false;
const listeners = new Set<() => void>();

export const sessionExpiredState = {
  markExpired(): void {
    if (expired) return;
    expired = true;
    listeners.forEach((l) => l());
  },
  reset(): void {
    if (!expired) return;
    expired = false;
    listeners.forEach((l) => l());
  },
  isExpired: (): boolean => expired,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionExpired(): boolean {
  return useSyncExternalStore(sessionExpiredState.subscribe, sessionExpiredState.isExpired, sessionExpiredState.isExpired);
}
