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

/** Badge design and printing (modules/badges): dashboard section and the venue desk's full-screen pages. */
const loadBadges = {
  section: () => import('../modules/badges/components/badges-section.tsx'),
  templates: () => import('../modules/badges/pages/templates-page.tsx'),
  editor: () => import('../modules/badges/pages/template-editor-page.tsx'),
  printing: () => import('../modules/badges/pages/printing-page.tsx'),
  history: () => import('../modules/badges/pages/history-page.tsx'),
  stations: () => import('../modules/badges/pages/stations-page.tsx'),
  station: () => import('../modules/badges/pages/station-page.tsx'),
  walkIn: () => import('../modules/badges/pages/walk-in-page.tsx'),
  searchPrint: () => import('../modules/badges/pages/search-print-page.tsx'),
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

/** Onsite check-in (modules/checkin): organiser tabs under /app/onsite, the scanner PWA and the footfall screen. */
const loadCheckin = {
  section: () => import('../modules/checkin/components/organiser/onsite-section.tsx'),
  areas: () => import('../modules/checkin/pages/org-areas-page.tsx'),
  devices: () => import('../modules/checkin/pages/org-devices-page.tsx'),
  attendance: () => import('../modules/checkin/pages/org-attendance-page.tsx'),
  conflicts: () => import('../modules/checkin/pages/org-conflicts-page.tsx'),
  footfall: () => import('../modules/checkin/pages/org-footfall-page.tsx'),
  scanner: () => import('../modules/checkin/pages/scanner-page.tsx'),
  bigScreen: () => import('../modules/checkin/pages/footfall-page.tsx'),
};

/** E-badges and verification (modules/ebadge): small public pages; the settings page is a dashboard tab. */
const loadEbadge = {
  view: () => import('../modules/ebadge/pages/ebadge-page.tsx'),
  print: () => import('../modules/ebadge/pages/ebadge-print-page.tsx'),
  mobile: () => import('../modules/ebadge/pages/ebadge-mobile-page.tsx'),
  mine: () => import('../modules/ebadge/pages/my-ebadges-page.tsx'),
  verify: () => import('../modules/ebadge/pages/verify-ebadge-page.tsx'),
  settings: () => import('../modules/ebadge/pages/ebadge-settings-page.tsx'),
};

/** Certificates (modules/certificates): dashboard section under /app/certificates and the public verification page. */
const loadCertificates = {
  section: () => import('../modules/certificates/components/certificates-section.tsx'),
  templates: () => import('../modules/certificates/pages/templates-page.tsx'),
  issue: () => import('../modules/certificates/pages/issue-page.tsx'),
  printing: () => import('../modules/certificates/pages/printing-page.tsx'),
  verify: () => import('../modules/certificates/pages/verify-certificate-page.tsx'),
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
                  // Onsite check-in (modules/checkin): one tab per area of the section, each gated by its view code.
                  gated(['AP-261', 'AP-270', 'AP-292', 'AP-288', 'AP-297', 'AP-299'], {
                    path: 'app/onsite',
                    lazy: page(loadCheckin.section, 'OnsiteSection'),
                    children: [
                      gated('AP-261', { index: true, lazy: page(loadCheckin.areas, 'OrgAreasPage') }),
                      gated('AP-270', { path: 'devices', lazy: page(loadCheckin.devices, 'OrgDevicesPage') }),
                      gated(['AP-292', 'AP-288'], { path: 'attendance', lazy: page(loadCheckin.attendance, 'OrgAttendancePage') }),
                      gated('AP-288', { path: 'conflicts', lazy: page(loadCheckin.conflicts, 'OrgConflictsPage') }),
                      gated(['AP-297', 'AP-299'], { path: 'footfall', lazy: page(loadCheckin.footfall, 'OrgFootfallPage') }),
                    ],
                  }),
                  // Badges (modules/badges): templates, printing, history, links to the desk stations.
                  gated(['AP-224', 'AP-235'], {
                    path: 'app/badges',
                    lazy: page(loadBadges.section, 'BadgesSection'),
                    children: [
                      gated('AP-224', { index: true, lazy: page(loadBadges.templates, 'BadgeTemplatesPage') }),
                      gated('AP-224', { path: 'templates/:templateId', lazy: page(loadBadges.editor, 'BadgeTemplateEditorPage') }),
                      gated('AP-235', { path: 'printing', lazy: page(loadBadges.printing, 'BadgePrintingPage') }),
                      gated('AP-239', { path: 'history', lazy: page(loadBadges.history, 'BadgeHistoryPage') }),
                      gated('AP-235', { path: 'stations', lazy: page(loadBadges.stations, 'BadgeStationsPage') }),
                    ],
                  }),
                  // Organisation (not event-scoped): team, roles, audit, white label, regions and companies.
                  gated('AP-35', { path: 'app/team', lazy: page(loadWorkspace.team, 'TeamPage') }),
                  gated('AP-41', { path: 'app/roles', lazy: page(loadWorkspace.roles, 'RolesPage') }),
                  gated('AP-814', { path: 'app/audit', lazy: page(loadWorkspace.audit, 'AuditPage') }),
                  gated('AP-830', { path: 'app/white-label', lazy: page(loadWorkspace.whiteLabel, 'WhiteLabelPage') }),
                  gated(['AP-804', 'AP-482'], { path: 'app/regions', lazy: page(loadWorkspace.regions, 'RegionsPage') }),
                  // Certificates and e-badge settings (modules/certificates, modules/ebadge): one tab per area.
                  gated(['AP-248', 'AP-254', 'AP-294', 'AP-258', 'AP-233'], {
                    path: 'app/certificates',
                    lazy: page(loadCertificates.section, 'CertificatesSection'),
                    children: [
                      gated('AP-248', { index: true, lazy: page(loadCertificates.templates, 'TemplatesPage') }),
                      gated(['AP-254', 'AP-294'], { path: 'issue', lazy: page(loadCertificates.issue, 'IssuePage') }),
                      gated('AP-258', { path: 'printing', lazy: page(loadCertificates.printing, 'PrintingPage') }),
                      gated('AP-233', { path: 'ebadge', lazy: page(loadEbadge.settings, 'EbadgeSettingsPage') }),
                    ],
                  }),
                ],
              },
              // Venue desk pages (modules/badges): full screen, outside the dashboard shell, for logged-in staff.
              gated('AP-235', { path: 'badge-printing/:eventId', lazy: page(loadBadges.station, 'BadgeStationPage') }),
              gated('AP-235', { path: 'badge-printing/:eventId/:registrationNo', lazy: page(loadBadges.station, 'BadgeStationPage') }),
              gated('AP-235', { path: 'badge-printing/:eventId/:registrationNo/:eventUserId', lazy: page(loadBadges.station, 'BadgeStationPage') }),
              gated('AP-95', { path: 'register-badge-print/:eventId', lazy: page(loadBadges.walkIn, 'WalkInPage') }),
              gated('AP-235', { path: 'search-print-badge-user/:eventId', lazy: page(loadBadges.searchPrint, 'SearchPrintPage') }),
              { path: 'attendium', lazy: page(loadAttendee, 'AttendeeHomePage') },
              { path: 'attendium/:eventUserId', lazy: page(loadAttendee, 'AttendeeHomePage') },
              { path: 'attendium-v2', lazy: page(loadAttendee, 'AttendeeHomePage') },
              // The logged-in attendee's e-badges across events.
              { path: 'eb', lazy: page(loadEbadge.mine, 'MyEbadgesPage') },
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
          { path: 'success/:eventId/:orderId', lazy: page(loadReg.success, 'PaymentSuccessPage') },
          { path: 'success/:eventId/:orderId/:sessionId', lazy: page(loadReg.success, 'PaymentSuccessPage') },
          { path: 'failure', lazy: page(loadReg.failure, 'PaymentFailurePage') },
          { path: 'lvp-select-date/:categoryId', lazy: page(loadReg.selectDate, 'SelectDatePage') },
          { path: 'cs/:cartLinkId', lazy: page(loadReg.cartLink, 'CartLinkPage') },
          // E-badges: public by the unguessable registration id (eventUserId).
          { path: 'eb/:eventUserId', lazy: page(loadEbadge.view, 'EbadgePage') },
          { path: 'eb/print/:eventUserId', lazy: page(loadEbadge.print, 'EbadgePrintPage') },
          { path: 'eb/m/:eventUserId', lazy: page(loadEbadge.mobile, 'EbadgeMobilePage') },
          // Verification: verify/ebadge/{eventId}, .../{origin}/{eventId}, .../{origin}/{eventId}/{userName}.
          ...['verify/ebadge/:eventId', 'verify/ebadge/:origin/:eventId', 'verify/ebadge/:origin/:eventId/:userName'].map((path) => ({ path, lazy: page(loadEbadge.verify, 'VerifyEbadgePage') })),
          // Addition to SPEC §2.1: the page a certificate's QR opens.
          { path: 'verify/certificate/:certificateId', lazy: page(loadCertificates.verify, 'VerifyCertificatePage') },
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
          { path: 'footfall-ct/:areaId', lazy: page(loadCheckin.bigScreen, 'FootfallPage') },
          // The check-in scanner PWA (not in SPEC §2.1's list: an addition of issue #5). Device-token auth, no session.
          { path: 'scanner', lazy: page(loadCheckin.scanner, 'ScannerPage') },
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
