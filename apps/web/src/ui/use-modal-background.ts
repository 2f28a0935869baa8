import { useEffect } from 'react';

let openCount = 0;

/**
 * Mantine portals modals to <body>, outside #root. While one is open, hide the page behind it from assistive
 * technology (aria-modal alone is not honoured everywhere), so only the dialog's controls are announced.
 */
export function useModalBackground(isOpen: boolean, rootId = 'root'): void {
  useEffect(() => {
    if (!isOpen) return;
    const root = document.getElementById(rootId);
    openCount += 1;
    root?.setAttribute('aria-hidden', 'true');
    return () => {
      openCount -= 1;
      if (openCount === 0) root?.removeAttribute('aria-hidden');
    };
  }, [isOpen, rootId]);
}
