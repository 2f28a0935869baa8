/**
 * The server's first view of a public phone page (apps/server/src/platform/first-view.ts writes it into #root) and
 * React's takeover of it. React's first render replaces the container's content when it commits (createRoot), so it
 * must commit the page itself, not the router's loading screen: `whenRouteReady` waits for the router to have the
 * page's route (its code and strings) before the app renders. The QR image the server drew as a data: URL is kept, so
 * the page's <img> shows the same picture at once instead of fetching it again (docs/PERFORMANCE.md "Lighthouse").
 */
const qrImages = new Map<string, string>();

/** Reads what React keeps from the server's view (call before the first render); whether there is one. */
export function captureFirstView(container: HTMLElement): boolean {
  const view = container.querySelector<HTMLElement>(':scope > [data-first-view]');
  if (!view) return false;
  for (const img of view.querySelectorAll<HTMLImageElement>('img[data-first-view-qr]')) {
    const key = img.dataset.firstViewQr;
    if (key && img.src.startsWith('data:image/svg+xml')) qrImages.set(key, img.src);
  }
  return true;
}

/** Whether the server's first view holds this part of a page (`data-first-view-part`, e.g. the attendee app's Agenda). */
export function hasFirstViewPart(name: string): boolean {
  return typeof document !== 'undefined' && document.querySelector(`#root > [data-first-view] [data-first-view-part="${name}"]`) !== null;
}

const holds: Promise<unknown>[] = [];

/**
 * Makes React's first render over a first view wait for `work` as well (a lazy part of the page the view drew, such as
 * the Agenda's component), so that render commits the part itself instead of its loading state. A failure does not
 * hold the page: React then renders as it would have.
 */
export function holdFirstRender(work: Promise<unknown>): void {
  holds.push(work.catch(() => undefined));
}

/** What the first render waits for (holdFirstRender), as registered by the page's modules so far. */
export function firstRenderHolds(): Promise<void> {
  return Promise.all(holds).then(() => undefined);
}

/** The QR the server drew for this e-badge and credential version, if it did. */
export function firstViewQr(eventUserId: string, credentialVersion: number | string): string | undefined {
  return qrImages.get(`${eventUserId}:${credentialVersion}`);
}

/**
 * The page's stylesheets, which the server loads without blocking its first view (`media="print"`, the view's own
 * CSS inlined): switched on now, and resolved once they are in (or failed), so React renders with the whole CSS.
 */
export function firstViewStylesReady(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-first-view-css]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.media = 'all';
          if (link.sheet) {
            resolve();
            return;
          }
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

type TRouterLike = { state: { initialized: boolean }; subscribe(fn: (state: { initialized: boolean }) => void): () => void };

/** Runs `render` once the router has loaded the first route (at once if it already has). */
export function whenRouteReady(router: TRouterLike, render: () => void): void {
  if (router.state.initialized) {
    render();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
