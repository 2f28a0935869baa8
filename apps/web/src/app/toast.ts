import { useSyncExternalStore } from 'react';

export type TToastKind = 'success' | 'error' | 'info';

const COLORS: Record<TToastKind, string> = { success: 'teal', error: 'red', info: 'brand' };

/**
 * Mantine's notifications (and the Transition/Portal code under them) are not part of the app shell: they load right
 * after the first render (prefetchToasts), since the registration page has a JavaScript budget for what it needs
 * before it can show (scripts/check-bundle-budget.ts). A toast requested earlier waits for them and then shows.
 */
let isRequested = false;
const listeners = new Set<() => void>();

function markRequested(): void {
  if (isRequested) return;
  isRequested = true;
  for (const l of listeners) l();
}

/** True once any toast was requested: the notifications container is mounted from then on (providers.tsx). */
export function useIsToastRequested(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => isRequested,
    () => false,
  );
}

/**
 * SPEC §9: toasts sit bottom-left (see notifications-host.tsx) and never duplicate: the message is the id, and
 * Mantine ignores a show() whose id is already on screen or queued.
 */
/**
 * Fetches the toast code right after the first render, so a toast never waits for the network and a tab opened
 * before a deploy still has it (the old chunk names are gone after one). Called by the container (providers.tsx).
 */
export function prefetchToasts(): Promise<unknown> {
  return Promise.all([import('@mantine/notifications'), import('./notifications-host.tsx')]);
}

/** `autoCloseMs`: how long it stays (errors 6 s, others 4 s unless given; an organiser's announcement is longer to read). */
export function toast(message: string, kind: TToastKind = 'info', title?: string, autoCloseMs?: number): void {
  markRequested();
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: message,
      message,
      title,
      color: COLORS[kind],
      autoClose: autoCloseMs ?? (kind === 'error' ? 6000 : 4000),
      withCloseButton: true,
      closeButtonProps: { 'aria-label': 'Dismiss notification' },
    }),
    (err: unknown) => console.error('[toast] could not load notifications', message, err),
  );
}
