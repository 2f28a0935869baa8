import { modals } from '@mantine/modals';

type ConfirmModalProps = Parameters<typeof modals.openConfirmModal>[0];

/**
 * The host of `modals.open…()` (modals-host.tsx) is loaded after the page (root-layout.tsx), and @mantine/modals talks
 * to it through window events: a confirmation asked for before its provider listens would be dropped, and a quick
 * click on Delete would do nothing. Confirmations go through here: shown at once when the host listens, else as soon as
 * it does.
 */
let isHostListening = false;
const waiting: ConfirmModalProps[] = [];

/** modals-host.tsx: its provider listens (true, after the provider's own effects) or is gone (false). */
export function setModalsHostListening(isListening: boolean): void {
  isHostListening = isListening;
  if (isListening) for (const props of waiting.splice(0)) modals.openConfirmModal(props);
}

/** `modals.openConfirmModal`, never lost to a host that has not mounted yet. */
export function openConfirmModal(props: ConfirmModalProps): void {
  if (isHostListening) modals.openConfirmModal(props);
  else waiting.push(props);
}
