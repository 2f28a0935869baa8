import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { TAccessRule } from './access.ts';
import { DASHBOARD_LATER_FEATURES } from '../modules/dashboard/dashboard-features.ts';
import type { TFeatureKey } from '../modules/placeholder/pages/not-available-page.tsx';
import { FullPageLoader } from '../ui/full-page-loader.tsx';
import { NotFoundPage, RouteErrorPage } from './error-page.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * The whole route table of SPEC §2.1. Every page is loaded on demand (`lazy`), so public surfaces never pull
 * the organiser dashboard's code. Guards and the root layout are tiny and load eagerly.
 */

type TModule = Record<string, unknown>;

/** A lazy page: `page(() => import('…'), 'ExportName', props?)`. */
function page<M extends TModule, K extends keyof M & string>(load: () => Promise<M>, name: K, props?: Record<string, unknown>) {
  return async () => {
    const Component = (await load())[name] as ComponentType<Record<string, unknown>>;
    return props ? { element: <Component {...props} /> } : { Component };
  };
}

const loadNotAvailable = () => import('../modules/placeholder/pages/not-available-page.tsx');
/** A registered route whose feature ships in a later issue: the shared "not available yet" page. */
function later(path: string, feature: TFeatureKey, isInShell = false): RouteObject {
  return { path, lazy: page(loadNotAvailable, 'NotAvailablePage', { feature, isInShell }) };
}
function laterAll(paths: string[], feature: TFeatureKey): RouteObject[] {
  return paths.map((p) => later(p, feature));
}

const loadAccessGate = () => import('./access-gate.tsx');
/**
 * Dashboard routes shown only to holders of an access code (my-access); others get a friendly "not part of your
 * role" page. The gate is lazy so the access-code catalogue stays out of the public pages' bundle.
 */
function gated(rule: TAccessRule, ...children: RouteObject[]): RouteObject {
  return { lazy: page(loadAccessGate, 'AccessGate', { rule }), children };
}

const loadWorkspace = {
  team: () => import('../modules/workspace/pages/team-page.tsx'),
  roles: () => import('../modules/workspace/pages/roles-page.tsx'),
  audit: () => import('../modules/workspace/pages/audit-page.tsx'),
  whiteLabel: () => import('../modules/workspace/pages/white-label-page.tsx'),
  regions: () => import('../modules/workspace/pages/regions-page.tsx'),
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
};

/** Organiser registration pages under /app/registration. */
const loadRegOrg = {
  section: () => import('../modules/registration/components/organiser/registration-section.tsx'),
  registrations: () => import('../modules/registration/pages/org-registrations-page.tsx'),
  orders: () => import('../modules/registration/pages/org-orders-page.tsx'),
  tickets: () => import('../modules/registration/pages/org-tickets-page.tsx'),
  quotas: () => import('../modules/registration/pages/org-quotas-page.tsx'),
  forms: () => import('../modules/registration/pages/org-forms-page.tsx'),
  discounts: () => import('../modules/registration/pages/org-discounts-page.tsx'),
  visitors: () => import('../modules/registration/pages/org-visitors-page.tsx'),
  cartLinks: () => import('../modules/registration/pages/org-cart-links-page.tsx'),
  settings: () => import('../modules/registration/pages/org-settings-page.tsx'),
  transactions: () => import('../modules/registration/pages/org-transactions-page.tsx'),
  payments: () => import('../modules/registration/pages/org-payments-page.tsx'),
};

const loadLogin = () => import('../modules/auth/pages/login-page.tsx');
const loadAutoLogin = () => import('../modules/auth/pages/auto-login-page.tsx');
const loadAttendee = () => import('../modules/attendee/pages/attendee-home-page.tsx');

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

          // Organiser dashboard and attendee area: need a session.
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: page(() => import('../modules/dashboard/components/dashboard-shell.tsx'), 'DashboardShell'),
                children: [
                  { path: 'list', element: <Navigate to="/list/events" replace /> },
                  gated('AP-6', { path: 'list/events', lazy: page(() => import('../modules/events/pages/events-list-page.tsx'), 'EventsListPage') }),
                  gated('AP-6', { path: 'app', lazy: page(() => import('../modules/dashboard/pages/overview-page.tsx'), 'OverviewPage') }),
                  gated('AP-7', { path: 'app/settings', lazy: page(() => import('../modules/events/pages/event-settings-page.tsx'), 'EventSettingsPage') }),
                  gated('SM-59', { path: 'app/reports', lazy: page(() => import('../modules/dashboard/pages/reports-page.tsx'), 'ReportsPage') }),
                  ...DASHBOARD_LATER_FEATURES.map((f) => gated(f.code, later(`app/${f.path}`, f.feature, true))),
                  // Registration (modules/registration): a section layout with one tab per area, each gated by its view code.
                  gated(['AP-46', 'AP-94'], {
                    path: 'app/registration',
                    lazy: page(loadRegOrg.section, 'RegistrationSection'),
                    children: [
                      gated('AP-94', { index: true, lazy: page(loadRegOrg.registrations, 'OrgRegistrationsPage') }),
                      gated('AP-175', { path: 'orders', lazy: page(loadRegOrg.orders, 'OrgOrdersPage') }),
                      gated('AP-46', { path: 'tickets', lazy: page(loadRegOrg.tickets, 'OrgTicketsPage') }),
                      gated('AP-46', { path: 'quotas', lazy: page(loadRegOrg.quotas, 'OrgQuotasPage') }),
                      gated('AP-72', { path: 'forms', lazy: page(loadRegOrg.forms, 'OrgFormsPage') }),
                      gated('AP-161', { path: 'discounts', lazy: page(loadRegOrg.discounts, 'OrgDiscountsPage') }),
                      gated('AP-112', { path: 'visitors', lazy: page(loadRegOrg.visitors, 'OrgVisitorsPage') }),
                      gated('AP-83', { path: 'cart-links', lazy: page(loadRegOrg.cartLinks, 'OrgCartLinksPage') }),
                      gated('AP-217', { path: 'transactions', lazy: page(loadRegOrg.transactions, 'OrgTransactionsPage') }),
                      gated(['AP-203', 'AP-195'], { path: 'payments', lazy: page(loadRegOrg.payments, 'OrgPaymentsPage') }),
                      gated('AP-46', { path: 'settings', lazy: page(loadRegOrg.settings, 'OrgSettingsPage') }),
                    ],
                  }),
                  // Organisation (not event-scoped): team, roles, audit, white label, regions and companies.
                  gated('AP-35', { path: 'app/team', lazy: page(loadWorkspace.team, 'TeamPage') }),
                  gated('AP-41', { path: 'app/roles', lazy: page(loadWorkspace.roles, 'RolesPage') }),
                  gated('AP-814', { path: 'app/audit', lazy: page(loadWorkspace.audit, 'AuditPage') }),
                  gated('AP-830', { path: 'app/white-label', lazy: page(loadWorkspace.whiteLabel, 'WhiteLabelPage') }),
                  gated(['AP-804', 'AP-482'], { path: 'app/regions', lazy: page(loadWorkspace.regions, 'RegionsPage') }),
                ],
              },
              { path: 'attendium', lazy: page(loadAttendee, 'AttendeeHomePage') },
              { path: 'attendium/:eventUserId', lazy: page(loadAttendee, 'AttendeeHomePage') },
              { path: 'attendium-v2', lazy: page(loadAttendee, 'AttendeeHomePage') },
            ],
          },

          // Password reset and auto-login links work whether or not someone is logged in.
          { path: 'er/:code', lazy: page(() => import('../modules/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage') },
          { path: 'exe/lgn/:contactNo', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'exe' }) },
          { path: 'exe/lgn/:en/:contactNo', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'exe' }) },
          { path: 'adl/:autoLoginKey/:eventId', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'adl' }) },
          { path: 'ebf/lgn/:autoLoginKey/:formId/:boothId/:eventId', lazy: page(loadAutoLogin, 'AutoLoginPage', { kind: 'ebf' }) },

          // Public surfaces of later issues: registered, honest placeholder.
          later('sendbox', 'sandbox'),
          // Public registration and payment outcome pages (modules/registration): small, no dashboard code.
          { path: 'visitorregistration', lazy: page(loadReg.visitor, 'VisitorRegistrationPage') },
          { path: 'visitors/:categoryName', lazy: page(loadReg.visitor, 'VisitorRegistrationPage') },
          { path: 'cart-registration/:eventId', lazy: page(loadReg.cart, 'CartRegistrationPage') },
          { path: 'ticket-group-registration', lazy: page(loadReg.group, 'GroupRegistrationPage') },
          { path: 'international-reg', lazy: page(loadReg.international, 'InternationalRegistrationPage') },
          ...laterAll(
            ['badge-printing/:eventId', 'badge-printing/:eventId/:registrationNo', 'badge-printing/:eventId/:registrationNo/:eventUserId'],
            'badgePrinting',
          ),
          { path: 'success/:eventId/:orderId', lazy: page(loadReg.success, 'PaymentSuccessPage') },
          { path: 'success/:eventId/:orderId/:sessionId', lazy: page(loadReg.success, 'PaymentSuccessPage') },
          { path: 'failure', lazy: page(loadReg.failure, 'PaymentFailurePage') },
          { path: 'lvp-select-date/:categoryId', lazy: page(loadReg.selectDate, 'SelectDatePage') },
          later('register-badge-print/:eventId', 'registerBadgePrint'),
          later('search-print-badge-user/:eventId', 'searchPrintBadge'),
          { path: 'cs/:cartLinkId', lazy: page(loadReg.cartLink, 'CartLinkPage') },
          ...laterAll(['eb', 'eb/:eventUserId', 'eb/print/:eventUserId', 'eb/m/:eventUserId'], 'ebadge'),
          ...laterAll(
            ['verify/ebadge/:eventId', 'verify/ebadge/:origin/:eventId', 'verify/ebadge/:origin/:eventId/:userName'],
            'ebadgeVerification',
          ),
          later('helpdesk/tracking/:eventId/:id', 'helpdeskTracking'),
          ...laterAll(
            ['r/:ticketId', 'i/:eventIdEventUserIdPair', 'pl/:eventIdEventUserIdPair', 'i', 'pl', 'ic'],
            'shareableLinks',
          ),
          { path: 'eazy-res/:identifier', lazy: page(loadReg.result, 'PaymentResultPage', { kind: 'eazy' }) },
          ...['phipay-res/:identifier', 'phipay-res/:identifier/:eventId/:orderId', 'phipay-res/:identifier/:eventId/:orderId/:sessionId'].map((path) => ({
            path,
            lazy: page(loadReg.result, 'PaymentResultPage', { kind: 'phipay' }),
          })),
          ...laterAll(['help/:id', 'help-trk/:id'], 'helpdesk'),
          later('footfall-ct/:areaId', 'footfall'),
          ...laterAll(['tun/:alias', 'tue/:alias', 'tud/:alias'], 'tinyUrl'),
          later('mm/:eventIdEventUserIdPair', 'matchMaking'),

          // SPEC §2.1: anything unlisted shows an error page.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
