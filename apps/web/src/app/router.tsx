import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { FullPageLoader } from '../ui/full-page-loader.tsx';
import { NotFoundPage, RouteErrorPage } from './error-page.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { later, laterAll, page, publicPage } from './route-helpers.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * The route table of SPEC §2.1. Every page is loaded on demand (`lazy`), so public surfaces never pull the organiser
 * dashboard's code. Guards and the root layout are tiny and load eagerly. The routes that need a session live in
 * signed-in-routes.tsx and join this table on the first navigation to one of their paths, so a public page's first
 * download carries neither them nor the preload lists of the dashboard's pages. Pages marked `publicPage` render
 * without the dashboard strings (locales/en-dashboard.ts); `page` waits for them.
 */

export const SIGNED_IN_ROUTE_ID = 'signed-in';

/**
 * First path segments of signed-in-routes.tsx. `eb` alone is the attendee's own list, `eb/:eventUserId` is public;
 * likewise `i`, `pl` and `ic` alone are the attendee's own share links, `i/:pair` and `pl/:pair` public pages.
 */
const SIGNED_IN_ALONE = ['eb', 'i', 'pl', 'ic'];
const SIGNED_IN_SEGMENTS = ['list', 'app', 'provider', 'badge-printing', 'register-badge-print', 'search-print-badge-user', 'attendium', 'attendium-v2'];

/** Whether a path belongs to signed-in-routes.tsx (router.test.ts checks this against both tables). */
export function isSignedInPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return false;
  return SIGNED_IN_SEGMENTS.includes(segments[0]!) || (segments.length === 1 && SIGNED_IN_ALONE.includes(segments[0]!));
}

let isSignedInPatched = false;

/**
 * React Router asks this on a navigation that only a dynamic or splat route matches (its "fog of war"), before it
 * loads or renders anything. For a signed-in path it loads signed-in-routes.tsx once and adds it under RequireAuth;
 * every other path answers at once. A failed load shows the route error page, like a failed lazy page.
 */
export const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
  if (isSignedInPatched || !isSignedInPath(path)) return;
  const { signedInRoutes } = await import('./signed-in-routes.tsx');
  if (isSignedInPatched || signal.aborted) return;
  patch(SIGNED_IN_ROUTE_ID, signedInRoutes);
  isSignedInPatched = true;
};

/** Public registration pages (modules/registration/pages): one lazy chunk each. */
const loadReg = {
  cart: () => import('../modules/registration/pages/cart-registration-page.tsx'),
  cartLink: () => import('../modules/registration/pages/cart-link-page.tsx'),
  group: () => import('../modules/registration/pages/group-registration-page.tsx'),
  international: () => import('../modules/registration/pages/international-registration-page.tsx'),
  visitor: () => import('../modules/registration/pages/visitor-registration-page.tsx'),
  selectDate: () => import('../modules/registration/pages/select-date-page.tsx'),
  success: () => import('../modules/registration/pages/payment-success-page.tsx'),
  failure: () => import('../modules/registration/pages/payment-failure-page.tsx'),
  result: () => import('../modules/registration/pages/payment-result-page.tsx'),
  ticketLink: () => import('../modules/registration/pages/ticket-link-page.tsx'),
};

/** The check-in scanner PWA and the footfall screen (modules/checkin); the organiser tabs are signed-in routes. */
const loadCheckin = {
  scanner: () => import('../modules/checkin/pages/scanner-page.tsx'),
  bigScreen: () => import('../modules/checkin/pages/footfall-page.tsx'),
};

/** E-badges and verification (modules/ebadge): small public pages. */
const loadEbadge = {
  view: () => import('../modules/ebadge/pages/ebadge-page.tsx'),
  print: () => import('../modules/ebadge/pages/ebadge-print-page.tsx'),
  mobile: () => import('../modules/ebadge/pages/ebadge-mobile-page.tsx'),
  verify: () => import('../modules/ebadge/pages/verify-ebadge-page.tsx'),
};

/** Share links (modules/share): the personal invitation and the attendee's public profile card. */
const loadShare = {
  invitation: () => import('../modules/share/pages/invitation-page.tsx'),
  profile: () => import('../modules/share/pages/profile-link-page.tsx'),
};

/** The attendee app's tabs (modules/portal): public, so a tab that needs no login works for anyone. */
const loadAppTab = () => import('../modules/portal/pages/app-tab-page.tsx');

/** The public verification page of a certificate (modules/certificates). */
const loadCertificateVerify = () => import('../modules/certificates/pages/verify-certificate-page.tsx');

const loadLogin = () => import('../modules/auth/pages/login-page.tsx');
const loadAutoLogin = () => import('../modules/auth/pages/auto-login-page.tsx');

/** SPEC §2.2 landing pages: real login pages with their own heading. */
export const LANDING_VARIANTS = [
  'domestic-company',
  'domestic-team',
  'international-company',
  'international-team',
  'region-manager',
] as const;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // Login pages: blocked for logged-in users.
          {
            element: <GuestOnly />,
            children: [
              { index: true, lazy: page(loadLogin, 'LoginPage') },
              { path: 'ei/:eventId', lazy: page(() => import('../modules/auth/pages/event-login-page.tsx'), 'EventLoginPage') },
              ...LANDING_VARIANTS.map((variant) => ({ path: variant, lazy: page(loadLogin, 'LoginPage', { variant }) })),
            ],
          },

          // Organiser dashboard, venue desk and attendee area: need a session. Their table (signed-in-routes.tsx) is
          // added on the first navigation to one of their paths (patchSignedInRoutes below).
          { id: SIGNED_IN_ROUTE_ID, element: <RequireAuth />, children: [] },

          // Password reset and auto-login links work whether or not someone is logged in.
          { path: 'er/:code', lazy: page(() => import('../modules/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage') },
          { path: 'exe/lgn/:contactNo', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'exe' }) },
          { path: 'exe/lgn/:en/:contactNo', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'exe' }) },
          { path: 'adl/:autoLoginKey/:eventId', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'adl' }) },
          { path: 'ebf/lgn/:autoLoginKey/:formId/:boothId/:eventId', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'ebf' }) },

          // Public surfaces of later issues: registered, honest placeholder.
          later('sendbox', 'sandbox'),
          // Public registration and payment outcome pages (modules/registration): small, no dashboard code.
          { path: 'visitorregistration', lazy: publicPage(loadReg.visitor, 'VisitorRegistrationPage') },
          { path: 'visitors/:categoryName', lazy: publicPage(loadReg.visitor, 'VisitorRegistrationPage') },
          { path: 'cart-registration/:eventId', lazy: publicPage(loadReg.cart, 'CartRegistrationPage') },
          { path: 'ticket-group-registration', lazy: publicPage(loadReg.group, 'GroupRegistrationPage') },
          { path: 'international-reg', lazy: publicPage(loadReg.international, 'InternationalRegistrationPage') },
          { path: 'success/:eventId/:orderId', lazy: publicPage(loadReg.success, 'PaymentSuccessPage') },
          { path: 'success/:eventId/:orderId/:sessionId', lazy: publicPage(loadReg.success, 'PaymentSuccessPage') },
          { path: 'failure', lazy: publicPage(loadReg.failure, 'PaymentFailurePage') },
          { path: 'lvp-select-date/:categoryId', lazy: publicPage(loadReg.selectDate, 'SelectDatePage') },
          { path: 'cs/:cartLinkId', lazy: publicPage(loadReg.cartLink, 'CartLinkPage') },
          // E-badges: public by the unguessable registration id (eventUserId).
          { path: 'eb/:eventUserId', lazy: publicPage(loadEbadge.view, 'EbadgePage') },
          { path: 'eb/print/:eventUserId', lazy: publicPage(loadEbadge.print, 'EbadgePrintPage') },
          { path: 'eb/m/:eventUserId', lazy: publicPage(loadEbadge.mobile, 'EbadgeMobilePage') },
          // Verification: verify/ebadge/{eventId}, .../{origin}/{eventId}, .../{origin}/{eventId}/{userName}.
          ...['verify/ebadge/:eventId', 'verify/ebadge/:origin/:eventId', 'verify/ebadge/:origin/:eventId/:userName'].map((path) => ({ path, lazy: publicPage(loadEbadge.verify, 'VerifyEbadgePage') })),
          // Addition to SPEC §2.1: the page a certificate's QR opens.
          { path: 'verify/certificate/:certificateId', lazy: publicPage(loadCertificateVerify, 'VerifyCertificatePage') },
          // SPEC §2.4 attendee app tabs (/tabs/{tabName}); the event is ?eventId= or the one signed in to at ei/{eventId}.
          // `page`, not `publicPage`: a signed-in participant's Home uses the attendee strings of en-dashboard.ts.
          { path: 'tabs/:tabName', lazy: page(loadAppTab, 'AppTabPage') },
          later('helpdesk/tracking/:eventId/:id', 'helpdeskTracking'),
          // Share links (SPEC §2.1): r/{ticketId} opens the ticket's registration; i/ and pl/ take {eventId}-{shareId}
          // (domain share/pair.ts). `i`, `pl` and `ic` without ids are the signed-in attendee's own links (signed-in-routes.tsx).
          { path: 'r/:ticketId', lazy: publicPage(loadReg.ticketLink, 'TicketLinkPage') },
          { path: 'i/:pair', lazy: publicPage(loadShare.invitation, 'InvitationPage') },
          { path: 'pl/:pair', lazy: publicPage(loadShare.profile, 'ProfileLinkPage') },
          { path: 'eazy-res/:identifier', lazy: publicPage(loadReg.result, 'PaymentResultPage', { kind: 'eazy' }) },
          ...['phipay-res/:identifier', 'phipay-res/:identifier/:eventId/:orderId', 'phipay-res/:identifier/:eventId/:orderId/:sessionId'].map((path) => ({
            path,
            lazy: publicPage(loadReg.result, 'PaymentResultPage', { kind: 'phipay' }),
          })),
          ...laterAll(['help/:id', 'help-trk/:id'], 'helpdesk'),
          { path: 'footfall-ct/:areaId', lazy: publicPage(loadCheckin.bigScreen, 'FootfallPage') },
          // The check-in scanner PWA (not in SPEC §2.1's list: an addition of issue #5). Device-token auth, no session.
          { path: 'scanner', lazy: publicPage(loadCheckin.scanner, 'ScannerPage') },
          ...laterAll(['tun/:alias', 'tue/:alias', 'tud/:alias'], 'tinyUrl'),
          // SPEC §2.1 match-making selection (modules/meetings); the participant signs in through ei/{eventId}.
          { path: 'mm/:eventIdEventUserIdPair', lazy: page(() => import('../modules/meetings/pages/matchmaking-route.tsx'), 'MatchmakingRoute') },

          // SPEC §2.1: anything unlisted shows an error page.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchSignedInRoutes });
}
