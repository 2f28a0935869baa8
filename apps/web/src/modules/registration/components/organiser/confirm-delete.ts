import { openConfirmModal } from '../../../../app/confirm-modal.ts';
import type { TFunction } from 'i18next';

/** The one confirmation before anything is deleted: names the thing, focuses Cancel. */
export function confirmDelete(t: TFunction, name: string, onConfirm: () => void) {
  openConfirmModal({
    title: t('registration.org.deleteTitle', { name }),
    children: t('registration.org.deleteBody'),
    labels: { confirm: t('registration.org.delete'), cancel: t('registration.org.cancel') },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
    onConfirm,
  });
}
