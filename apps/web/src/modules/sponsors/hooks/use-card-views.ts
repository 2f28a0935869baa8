import { useCallback, useEffect, useRef } from 'react';

/** How much of a card must be on screen for it to count as seen. */
export const CARD_VISIBLE_RATIO = 0.5;

/**
 * The cards one page view showed, each reported once: ids gather while cards come on screen and go out together in
 * one request when the page view ends (the page hidden or left, or the list unmounted). A card seen after that goes
 * in the next request; a card already sent never goes again.
 */
export function createCardViewBatch(send: (ids: string[]) => unknown) {
  const seen = new Set<string>();
  const sent = new Set<string>();
  return {
    see(id: string) {
      if (!sent.has(id)) seen.add(id);
    },
    flush() {
      if (seen.size === 0) return;
      const ids = [...seen];
      seen.clear();
      for (const id of ids) sent.add(id);
      // Sent in this turn (a page being left runs no later task); a figure is never worth an error on screen.
      try {
        send(ids);
      } catch {
        // A lost request is a smaller count.
      }
    },
  };
}

/**
 * Counts the sponsor cards actually shown (IntersectionObserver, ≥ CARD_VISIBLE_RATIO visible). Answers a ref
 * factory: `ref={cardRef(sponsor.id)}` on each card.
 */
export function useCardViews(send: (ids: string[]) => unknown, isEnabled = true): (id: string) => (el: Element | null) => void {
  const sendRef = useRef(send);
  sendRef.current = send;
  const batch = useRef<ReturnType<typeof createCardViewBatch> | null>(null);
  batch.current ??= createCardViewBatch((ids) => sendRef.current(ids));
  const observer = useRef<IntersectionObserver | null>(null);
  const ids = useRef(new WeakMap<Element, string>());

  const observe = useCallback((): IntersectionObserver | null => {
    if (!isEnabled || typeof IntersectionObserver === 'undefined') return null;
    observer.current ??= new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = ids.current.get(e.target);
          if (id && e.isIntersecting && e.intersectionRatio >= CARD_VISIBLE_RATIO) batch.current!.see(id);
        }
      },
      { threshold: [CARD_VISIBLE_RATIO] },
    );
    return observer.current;
  }, [isEnabled]);

  useEffect(() => {
    const flush = () => batch.current!.flush();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      observer.current?.disconnect();
      observer.current = null;
      flush();
    };
  }, []);

  return useCallback(
    (id: string) => (el: Element | null) => {
      if (!el) return;
      ids.current.set(el, id);
      observe()?.observe(el);
    },
    [observe],
  );
}
