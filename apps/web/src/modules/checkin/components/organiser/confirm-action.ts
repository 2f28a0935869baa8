import { openConfirmModal } from '../../../../app/confirm-modal.ts';
import type { TFunction } from 'i18next';

/** A confirmation that names the thing and focuses Cancel. */
export function confirmAction(t: TFunction, options: { title: string; body: string; confirm: string; onConfirm: () => void }) {
  openConfirmModal({
    title: options.title,
    children: options.body,
    labels: { confirm: options.confirm, cancel: t('checkin.org.cancel') },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
    onConfirm: options.onConfirm,
  });
}
