import type { TApiRouteKey } from './api-client.ts';

/**
 * A first read: its contract key, or the key and the params it is made for (`when`: the Agenda's read only on
 * `/tabs/event-agenda`, not on every tab of the app).
 */
export type TFirstPaintRead = TApiRouteKey | { route: TApiRouteKey; when: Readonly<Record<string, string>> };

/**
 * Public phone pages whose code the server names in index.html, so the browser fetches it beside the entry script
 * instead of after the entry has run and the router has asked for the page (docs/PERFORMANCE.md "Lighthouse (mobile)").
 * `page` is the lazy page module of app/router.tsx; the build (vite.config.ts, plugin `pavilion-first-paint`) turns it
 * into the chunks and styles the page imports beyond the entry, written to dist/.vite/first-paint.json, and fails if
 * it is not a chunk of the build. apps/server/src/platform/spa.ts matches the request path against `path` (`:name` =
 * one URL-safe segment). Nothing here is imported by the app at run time.
 *
 * `data` names the page's first public reads by their contract key (`GET /api/...:name`, each `:name` one of the page
 * path's): the server makes them for the request and writes their answers into the HTML, which the page's data hooks
 * take as initial data (src/app/first-paint-data.ts), so the first paint waits for no API round trip. (They are not
 * announced as `<link rel=preload as=fetch>`: with that, the registration page's "leave this page?" e2e journey could
 * no longer close its browser context after the prompt was dismissed.)
 */
export type TFirstPaintPage = {
  path: string;
  page: string;
  data?: readonly TFirstPaintRead[];
  view?: TFirstViewKind;
  /** Query parameters that fill `:name`s of `data` the path does not (`?eventId=`), each a plain URL-safe id. */
  query?: readonly string[];
  /**
   * Reads that answer per caller (a menu a ticket holder sees more of): made, and the view drawn, only for a browser
   * that is not signed in (app/first-view-signed-in.ts), since the server makes them without the caller's token.
   */
  signedOutOnly?: boolean;
};

/**
 * The page's first view, made by the server into index.html's #root (apps/server/src/platform/first-view.ts) so the
 * browser paints the page's largest element as soon as the HTML and the stylesheet are in; React replaces it with the
 * same markup on its first render (main.tsx waits for the route to be ready, so that render is the page itself).
 * `view` names the server's template; the texts it writes come from the locale files at build time
 * (scripts/first-paint-views.ts), so the two renderings say the same thing.
 */
export type TFirstViewKind = 'cart' | 'ebadge-mobile' | 'scanner' | 'app-tab';
/**
 * A first view in the build's manifest: its template, texts, the CSS the server inlines with it, and markup the build
 * rendered from the app's own components (icons), written by the server as it is.
 */
export type TFirstView = { kind: TFirstViewKind; strings: Record<string, string>; css: string; markup?: Record<string, string> };

export const FIRST_PAINT_PAGES: readonly TFirstPaintPage[] = [
  {
    path: '/cart-registration/:eventId',
    page: 'src/modules/registration/pages/cart-registration-page.tsx',
    data: ['GET /api/eventservices/public/events/:eventId/registration'],
    view: 'cart',
  },
  {
    path: '/eb/m/:eventUserId',
    page: 'src/modules/ebadge/pages/ebadge-mobile-page.tsx',
    data: ['GET /api/eventservices/public/ebadges/:eventUserId'],
    view: 'ebadge-mobile',
  },
  { path: '/eb/:eventUserId', page: 'src/modules/ebadge/pages/ebadge-page.tsx', data: ['GET /api/eventservices/public/ebadges/:eventUserId'] },
  { path: '/scanner', page: 'src/modules/checkin/pages/scanner-page.tsx', view: 'scanner' },
  // The attendee app (issue 14): a link names its event (`?eventId=`); the view is drawn for the Home tab and, with the
  // programme's read, the Agenda (issue 16).
  {
    path: '/tabs/:tabName',
    page: 'src/modules/portal/pages/app-tab-page.tsx',
    query: ['eventId'],
    data: [
      'GET /api/eventservices/public/events/:eventId/app-menu',
      'GET /api/eventservices/public/events/:eventId/app-tabs/:tabName',
      { route: 'GET /api/scheduleservices/api/events/:eventId/agenda', when: { tabName: 'event-agenda' } },
    ],
    view: 'app-tab',
    signedOutOnly: true,
  },
];

/** What the build writes for the server: per page, the URLs to preload. */
export type TFirstPaintManifest = {
  themeCss: string;
  pages: { path: string; modules: string[]; styles: string[]; data?: readonly TFirstPaintRead[]; view?: TFirstView; query?: readonly string[]; signedOutOnly?: boolean }[];
};
