import { openConfirmModal } from '../../../app/confirm-modal.ts';
import type { TFunction } from 'i18next';

/** A confirmation that names what goes, red (a shade white text reads on: WCAG AA), with Cancel focused. */
export function confirmDelete(t: TFunction, options: { title: string; body: string; confirm: string; onConfirm: () => void }) {
  openConfirmModal({
    title: options.title,
    children: options.body,
    labels: { confirm: options.confirm, cancel: t('common.cancel') },
    confirmProps: { color: 'red.8' },
    cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
    onConfirm: options.onConfirm,
  });
}
