import { useEffect, useRef } from 'react';

const EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `action` once, at the visitor's first pointer or key press anywhere on the page. Code that only an action can
 * need (a leave confirmation, the toast container) is fetched then, not while a phone is still loading the page.
 */
export function useOnFirstInteraction(action: () => void): void {
  const actionRef = useRef(action);
  actionRef.current = action;
  useEffect(() => {
    const remove = () => EVENTS.forEach((name) => window.removeEventListener(name, run, true));
    function run() {
      remove();
      actionRef.current();
    }
    EVENTS.forEach((name) => window.addEventListener(name, run, { capture: true, passive: true }));
    return remove;
  }, []);
}
