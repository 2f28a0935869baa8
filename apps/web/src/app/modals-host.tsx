import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { setModalsHostListening } from './confirm-modal.ts';

/**
 * Renders the dialogs opened through `openConfirmModal` (confirm-modal.ts; @mantine/modals talks to its provider
 * through window events, so it needs no children). Mounted lazily by the root layout once a page that may use it is
 * shown (root-layout.tsx); this effect runs after the provider's own, so the provider listens when it says so.
 */
export function ModalsHost() {
  useEffect(() => {
    setModalsHostListening(true);
    return () => setModalsHostListening(false);
  }, []);
  return <ModalsProvider />;
}
