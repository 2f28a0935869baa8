import { Navigate, type RouteObject } from 'react-router';
import { DASHBOARD_LATER_FEATURES } from '../modules/dashboard/index.ts';
import { gated, later, page } from './route-helpers.tsx';

/**
 * The routes that need a session (SPEC §2.1): the organiser dashboard, the venue desk pages, the attendee area. They
 * sit under `RequireAuth` in router.tsx, which adds them on the first navigation to one of their paths
 * (`isSignedInPath`), so a public page's first download carries neither this table nor the preload lists of its
 * pages. Add a route here and its first path segment to SIGNED_IN_SEGMENTS in router.tsx (router.test.ts checks).
 */

const loadWorkspace = {
  team: () => import('../modules/workspace/pages/team-page.tsx'),
  roles: () => import('../modules/workspace/pages/roles-page.tsx'),
  audit: () => import('../modules/workspace/pages/audit-page.tsx'),
  whiteLabel: () => import('../modules/workspace/pages/white-label-page.tsx'),
  regions: () => import('../modules/workspace/pages/regions-page.tsx'),
};

/** Badge design and printing (modules/badges): dashboard section and the venue desk's full-screen pages. */
const loadBadges = {
  section: () => import('../modules/badges/components/badges-section.tsx'),
  templates: () => import('../modules/badges/pages/templates-page.tsx'),
  editor: () => import('../modules/badges/pages/template-editor-page.tsx'),
  printing: () => import('../modules/badges/pages/printing-page.tsx'),
  history: () => import('../modules/badges/pages/history-page.tsx'),
  colours: () => import('../modules/badges/pages/category-colours-page.tsx'),
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

/** Onsite check-in (modules/checkin): organiser tabs under /app/onsite. */
const loadCheckin = {
  section: () => import('../modules/checkin/components/organiser/onsite-section.tsx'),
  areas: () => import('../modules/checkin/pages/org-areas-page.tsx'),
  devices: () => import('../modules/checkin/pages/org-devices-page.tsx'),
  deviceGroups: () => import('../modules/checkin/pages/org-device-groups-page.tsx'),
  attendance: () => import('../modules/checkin/pages/org-attendance-page.tsx'),
  conflicts: () => import('../modules/checkin/pages/org-conflicts-page.tsx'),
  footfall: () => import('../modules/checkin/pages/org-footfall-page.tsx'),
};

/** E-badges (modules/ebadge): the settings tab and the logged-in attendee's own e-badges. */
const loadEbadge = {
  mine: () => import('../modules/ebadge/pages/my-ebadges-page.tsx'),
  settings: () => import('../modules/ebadge/pages/ebadge-settings-page.tsx'),
  shareOptions: () => import('../modules/ebadge/pages/share-options-page.tsx'),
};

/** Certificates (modules/certificates): dashboard section under /app/certificates. */
const loadCertificates = {
  section: () => import('../modules/certificates/components/certificates-section.tsx'),
  templates: () => import('../modules/certificates/pages/templates-page.tsx'),
  issue: () => import('../modules/certificates/pages/issue-page.tsx'),
  printing: () => import('../modules/certificates/pages/printing-page.tsx'),
};

/** The attendee app, the web portal and the organiser's App & portal section (modules/portal). */
const loadPortal = {
  app: () => import('../modules/portal/pages/app-tab-page.tsx'),
  web: () => import('../modules/portal/pages/web-portal-page.tsx'),
  section: () => import('../modules/portal/components/portal-section.tsx'),
  appTabs: () => import('../modules/portal/pages/app-tabs-page.tsx'),
  webMenu: () => import('../modules/portal/pages/web-menu-page.tsx'),
};

/** The virtual venue (modules/venue): the organiser's editor and the attendee's pages of the web portal. */
const loadVenue = {
  editor: () => import('../modules/venue/pages/venue-editor-page.tsx'),
  page: () => import('../modules/venue/pages/venue-page.tsx'),
};

/** Exhibitors & booths (modules/exhibition): companies and the hall plan under /app/exhibitors. */
const loadExhibition = {
  section: () => import('../modules/exhibition/components/exhibition-section.tsx'),
  companies: () => import('../modules/exhibition/pages/companies-page.tsx'),
  booths: () => import('../modules/exhibition/pages/booths-page.tsx'),
  onsiteLeads: () => import('../modules/leads/pages/onsite-leads-page.tsx'),
  serviceForms: () => import('../modules/exhibition/pages/service-forms-page.tsx'),
  submissions: () => import('../modules/exhibition/pages/submissions-page.tsx'),
  fulfilment: () => import('../modules/exhibition/pages/fulfilment-page.tsx'),
  invoices: () => import('../modules/exhibition/pages/company-invoices-page.tsx'),
  providerBoard: () => import('../modules/exhibition/pages/provider-board-page.tsx'),
  myStand: () => import('../modules/exhibition/pages/my-stand-page.tsx'),
  myForm: () => import('../modules/exhibition/pages/my-form-page.tsx'),
  myReport: () => import('../modules/exhibition/pages/my-report-page.tsx'),
  myOrders: () => import('../modules/exhibition/pages/my-orders-page.tsx'),
};

/** Sessions & agenda (modules/programme): the organiser's section under /app/sessions. */
const loadProgramme = {
  section: () => import('../modules/programme/components/programme-section.tsx'),
  pages: () => import('../modules/programme/pages/org-programme-pages.tsx'),
  requests: () => import('../modules/programme/pages/org-requests-page.tsx'),
};

/** E-posters (modules/eposters): the organiser's tab under /app/sessions and the web portal's E-Poster entry. */
const loadEposters = {
  org: () => import('../modules/eposters/pages/org-eposters-page.tsx'),
  portal: () => import('../modules/eposters/pages/portal-eposters-pages.tsx'),
};

export const signedInRoutes: RouteObject[] = [
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
      gated(['AP-261', 'AP-270', 'AP-283', 'AP-292', 'AP-288', 'AP-297', 'AP-299'], {
        path: 'app/onsite',
        lazy: page(loadCheckin.section, 'OnsiteSection'),
        children: [
          gated('AP-261', { index: true, lazy: page(loadCheckin.areas, 'OrgAreasPage') }),
          gated('AP-270', { path: 'devices', lazy: page(loadCheckin.devices, 'OrgDevicesPage') }),
          gated('AP-283', { path: 'device-groups', lazy: page(loadCheckin.deviceGroups, 'OrgDeviceGroupsPage') }),
          gated(['AP-292', 'AP-288'], { path: 'attendance', lazy: page(loadCheckin.attendance, 'OrgAttendancePage') }),
          gated('AP-288', { path: 'conflicts', lazy: page(loadCheckin.conflicts, 'OrgConflictsPage') }),
          gated(['AP-297', 'AP-299'], { path: 'footfall', lazy: page(loadCheckin.footfall, 'OrgFootfallPage') }),
        ],
      }),
      // Exhibitors & booths (modules/exhibition): companies (with their products) and booths on the hall plan.
      gated(['AP-482', 'AP-535', 'AP-585', 'AP-516', 'AP-519', 'AP-191'], {
        path: 'app/exhibitors',
        lazy: page(loadExhibition.section, 'ExhibitionSection'),
        children: [
          { index: true, lazy: page(loadExhibition.section, 'ExhibitionSectionIndex') },
          gated('AP-482', { path: 'companies', lazy: page(loadExhibition.companies, 'CompaniesPage') }),
          gated('AP-535', { path: 'booths', lazy: page(loadExhibition.booths, 'BoothsPage') }),
          // The 23 service forms (issue 15): settings, the companies' submissions, the fulfilment board.
          gated('AP-516', { path: 'service-forms', lazy: page(loadExhibition.serviceForms, 'ServiceFormsPage') }),
          gated('AP-519', { path: 'submissions', lazy: page(loadExhibition.submissions, 'SubmissionsPage') }),
          gated('AP-519', { path: 'fulfilment', lazy: page(loadExhibition.fulfilment, 'FulfilmentPage') }),
          // Company invoices of approved priced orders (payments' company invoices): Invoices: View.
          gated('AP-191', { path: 'invoices', lazy: page(loadExhibition.invoices, 'CompanyInvoicesPage') }),
          // SPEC §2.6 host report tab Onsite Leads (modules/leads): counts per company.
          gated('AP-585', { path: 'onsite-leads', lazy: page(loadExhibition.onsiteLeads, 'OnsiteLeadsPage') }),
        ],
      }),
      // Sponsors (modules/sponsors): tiers and sponsors with logos; SPEC §6 has no sponsor codes, so Companies: View.
      // A service provider's own board (no organiser code: the server answers only its own forms' orders).
      { path: 'provider/fulfilment/:eventId', lazy: page(loadExhibition.providerBoard, 'ProviderBoardPage') },
      gated('AP-482', { path: 'app/sponsors', lazy: page(() => import('../modules/sponsors/pages/sponsors-page.tsx'), 'SponsorsPage') }),
      // Sessions & agenda (modules/programme): one tab per area, each gated by its view code.
      gated(['AP-300', 'AP-328', 'AP-307', 'AP-335', 'AP-346', 'AP-756'], {
        path: 'app/sessions',
        lazy: page(loadProgramme.section, 'ProgrammeSection'),
        children: [
          { index: true, lazy: page(loadProgramme.section, 'ProgrammeSectionIndex') },
          gated('AP-300', { path: 'list', lazy: page(loadProgramme.pages, 'SessionsPage') }),
          gated('AP-300', { path: 'grid', lazy: page(loadProgramme.pages, 'GridPage') }),
          gated('AP-328', { path: 'rooms', lazy: page(loadProgramme.pages, 'RoomsPage') }),
          gated('AP-307', { path: 'tracks', lazy: page(loadProgramme.pages, 'TracksPage') }),
          gated('AP-335', { path: 'speakers', lazy: page(loadProgramme.pages, 'SpeakersPage') }),
          // Session requests (modules/programme): SPEC §2.7 T-98, AP-346 view.
          gated('AP-346', { path: 'requests', lazy: page(loadProgramme.requests, 'RequestsPage') }),
          // E-posters (modules/eposters): SPEC §2.7 T-206, AP-756 view.
          gated('AP-756', { path: 'eposters', lazy: page(loadEposters.org, 'OrgEpostersPage') }),
          // The live session room's moderator console (modules/live).
          gated('AP-300', { path: 'live', lazy: page(() => import('../modules/live/pages/live-console-page.tsx'), 'LiveConsolePage') }),
        ],
      }),
      // Networking & meetings (modules/meetings): meeting hours, lounge tables, the Meetings and Scheduled Meetings lists.
      // Lounge & discussion tables (modules/video): topic, seats 2–8, opening hours.
      gated('AP-460', { path: 'app/networking-tables', lazy: page(() => import('../modules/video/pages/org-tables-page.tsx'), 'OrgTablesPage') }),
      gated(['AP-447', 'AP-437'], { path: 'app/meetings', lazy: page(() => import('../modules/meetings/pages/org-meetings-page.tsx'), 'OrgMeetingsPage') }),
      // Announcements (modules/notifications): send to everyone, ticket holders or a session's audience; the sent list.
      gated(['AP-350', 'AP-355'], { path: 'app/announcements', lazy: page(() => import('../modules/notifications/pages/announcements-page.tsx'), 'AnnouncementsPage') }),
      // Chat moderation (modules/chat): reports, mute/remove, delete a message (Group Chats: View AP-434, Moderate AP-436).
      gated('AP-434', { path: 'app/chat-moderation', lazy: page(() => import('../modules/chat/pages/org-chat-moderation-page.tsx'), 'OrgChatModerationPage') }),
      // Badges (modules/badges): templates, printing, history, links to the desk stations.
      gated(['AP-224', 'AP-235', 'AP-231'], {
        path: 'app/badges',
        lazy: page(loadBadges.section, 'BadgesSection'),
        children: [
          gated('AP-224', { index: true, lazy: page(loadBadges.templates, 'BadgeTemplatesPage') }),
          gated('AP-224', { path: 'templates/:templateId', lazy: page(loadBadges.editor, 'BadgeTemplateEditorPage') }),
          gated('AP-235', { path: 'printing', lazy: page(loadBadges.printing, 'BadgePrintingPage') }),
          gated('AP-231', { path: 'colours', lazy: page(loadBadges.colours, 'CategoryColoursPage') }),
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
      // App & portal (modules/portal): the attendee app's tabs and the web portal's menu. Another area joins with one
      // child here and one entry in PORTAL_SECTIONS (modules/portal/components/portal-section.tsx).
      gated(['AP-28', 'AP-775', 'AP-785'], {
        path: 'app/portal',
        lazy: page(loadPortal.section, 'PortalSection'),
        children: [
          { index: true, lazy: page(loadPortal.section, 'PortalSectionIndex') },
          gated('AP-28', { path: 'app-tabs', lazy: page(loadPortal.appTabs, 'AppTabsPage') }),
          gated('AP-775', { path: 'web-menu', lazy: page(loadPortal.webMenu, 'WebMenuPage') }),
          gated('AP-775', { path: 'venue', lazy: page(loadVenue.editor, 'VenueEditorPage') }),
          gated('AP-785', { path: 'share-options', lazy: page(loadEbadge.shareOptions, 'ShareOptionsPage') }),
        ],
      }),
      // What Pavilion mailed, or kept without SMTP_URL (modules/mail-outbox); the page says when the server has it off.
      gated('AP-647', { path: 'app/mail-outbox', lazy: page(() => import('../modules/mail-outbox/pages/mail-outbox-page.tsx'), 'MailOutboxPage') }),
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
  // The attendee app: the participant lands on its first tab (/tabs/{tabName}, a public route in router.tsx).
  { path: 'attendium', lazy: page(loadPortal.app, 'AttendeeAppPage') },
  { path: 'attendium/:eventUserId', lazy: page(loadPortal.app, 'AttendeeAppPage') },
  // The web portal: a side menu of the event's SPEC §2.5 entries around its pages. An entry with a page of its own
  // is ONE child line here, above ':entry' (e.g. { path: 'lobby', lazy: page(loadVenue.page, 'VenuePage', { page: 'lobby' }) });
  // every other entry is ':entry' (Home, or the honest not-available page).
  {
    path: 'attendium-v2',
    lazy: page(loadPortal.web, 'WebPortalLayout'),
    children: [
      { index: true, lazy: page(loadPortal.web, 'WebPortalIndex') },
      ...(['lobby', 'exhibition-hall', 'info', 'auditorium', 'virtual-room'] as const).map((p) => ({ path: p, lazy: page(loadVenue.page, 'VenuePage', { page: p }) })),
      // The E-Poster entry (modules/eposters): the list and each poster's page.
      { path: 'e-poster', lazy: page(loadEposters.portal, 'PortalEpostersPage') },
      { path: 'e-poster/:posterId', lazy: page(loadEposters.portal, 'PortalEposterPage') },
      { path: ':entry', lazy: page(loadPortal.web, 'WebPortalEntryPage') },
    ],
  },
  // The logged-in attendee's e-badges across events.
  { path: 'eb', lazy: page(loadEbadge.mine, 'MyEbadgesPage') },
  // The attendee's profile (modules/profile) and own share links (modules/share): `i`, `pl`, `ic` open the same page
  // on its invitation link, profile link, or invitation card and calendar.
  // The exhibiting company admin's stand area (modules/exhibition): its booths and their service forms.
  { path: 'attendium/stand', lazy: page(loadExhibition.myStand, 'MyStandPage') },
  { path: 'attendium/stand/report', lazy: page(loadExhibition.myReport, 'MyReportPage') },
  { path: 'attendium/stand/orders', lazy: page(loadExhibition.myOrders, 'MyOrdersPage') },
  { path: 'attendium/stand/:boothId/:formCode', lazy: page(loadExhibition.myForm, 'MyFormPage') },
  { path: 'attendium/profile', lazy: page(() => import('../modules/profile/pages/my-profile-page.tsx'), 'MyProfilePage') },
  // A speaker's own area (modules/programme): "My speaker profile", where their invitation's link lands.
  { path: 'attendium/speaker', lazy: page(() => import('../modules/programme/pages/my-speaker-page.tsx'), 'MySpeakerPage') },
  // A sponsor contact's own area (modules/sponsors): "My sponsorship", where their invitation's link lands.
  { path: 'attendium/sponsorship', lazy: page(() => import('../modules/sponsors/pages/my-sponsorship-page.tsx'), 'MySponsorshipPage') },
  // 1:1 chat with other participants of the event signed in to (modules/chat, issue 17); linked from the attendee home.
  { path: 'attendium/chat', lazy: page(() => import('../modules/chat/pages/chat-page.tsx'), 'ChatPage') },
  // The networking lounge and discussion tables of the event signed in to (modules/video, issue 17).
  { path: 'attendium/lounge', lazy: page(() => import('../modules/video/pages/lounge-page.tsx'), 'LoungePage') },
  ...(['i', 'pl', 'ic'] as const).map((kind) => ({ path: kind, lazy: page(() => import('../modules/share/pages/my-links-page.tsx'), 'MyLinksPage', { kind }) })),
];
