/**
 * Public phone pages whose code the server names in index.html, so the browser fetches it beside the entry script
 * instead of after the entry has run and the router has asked for the page (docs/PERFORMANCE.md "Lighthouse (mobile)").
 * `page` is the lazy page module of app/router.tsx; the build (vite.config.ts, plugin `pavilion-first-paint`) turns it
 * into the chunks and styles the page imports beyond the entry, written to dist/.vite/first-paint.json, and fails if
 * it is not a chunk of the build. apps/server/src/platform/spa.ts matches the request path against `path` (`:name` =
 * one URL-safe segment). Nothing here is imported by the app at run time.
 *
 * The pages' first API reads are not announced (`<link rel=preload as=fetch>`): with them, the registration page's
 * "leave this page?" e2e journey could no longer close its browser context after the prompt was dismissed.
 */
export type TFirstPaintPage = { path: string; page: string };

export const FIRST_PAINT_PAGES: readonly TFirstPaintPage[] = [
  { path: '/cart-registration/:eventId', page: 'src/modules/registration/pages/cart-registration-page.tsx' },
  { path: '/eb/m/:eventUserId', page: 'src/modules/ebadge/pages/ebadge-mobile-page.tsx' },
  { path: '/eb/:eventUserId', page: 'src/modules/ebadge/pages/ebadge-page.tsx' },
  { path: '/scanner', page: 'src/modules/checkin/pages/scanner-page.tsx' },
];

/** What the build writes for the server: per page, the URLs to preload. */
export type TFirstPaintManifest = { pages: { path: string; modules: string[]; styles: string[] }[] };
