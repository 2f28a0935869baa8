import { notifications } from '@mantine/notifications';

export type TToastKind = 'success' | 'error' | 'info';

const COLORS: Record<TToastKind, string> = { success: 'teal', error: 'red', info: 'brand' };

/**
 * SPEC §9: toasts sit bottom-left (see providers.tsx) and never duplicate: the message is the id, and Mantine
 * ignores a show() whose id is already on screen or queued.
 */
export function toast(message: string, kind: TToastKind = 'info', title?: string): void {
  notifications.show({
    id: message,
    message,
    title,
    color: COLORS[kind],
    autoClose: kind === 'error' ? 6000 : 4000,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
