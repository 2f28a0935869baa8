import type { TRouteContract, TRoutesOf } from './common/route-contract.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { ebadgeRoutes } from './ebadge/ebadge.routes.ts';
import { certificatesRoutes } from './certificates/certificates.routes.ts';
import { paymentsPublicRoutes, paymentsRoutes } from './registration/payments.routes.ts';
import { registrationPublicRoutes, registrationRoutes } from './registration/registration.routes.ts';
import { badgesRoutes } from './badges/badges.routes.ts';
import { checkinRoutes } from './checkin/checkin.routes.ts';
import { credentialsRoutes } from './checkin/credentials.routes.ts';
import { mailOutboxRoutes } from './notifications/mail-outbox.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { workspaceRoutes } from './workspace/workspace.routes.ts';
import { venueRoutes } from './venue/venue.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { shareRoutes } from './share/share.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { exhibitionRoutes } from './exhibition/exhibition.routes.ts';
import { serviceFormsRoutes } from './exhibition/service-forms.routes.ts';
import { companyDocumentsRoutes } from './exhibition/company-documents.routes.ts';
import { productOrdersRoutes } from './exhibition/product-orders.routes.ts';
import { productDocumentsRoutes } from './exhibition/product-documents.routes.ts';
import { staffBadgesRoutes } from './exhibition/staff-badges.routes.ts';
import { hallPlanRoutes } from './exhibition/hall-plans.ts';
import { myStandRoutes } from './exhibition/my-stand.routes.ts';
import { programmeRoutes } from './programme/programme.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { meetingsRoutes } from './meetings/meetings.routes.ts';
import { leadsRoutes } from './leads/leads.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { videoRoutes } from './video/video.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { organiserInboxRoutes } from './notifications/organiser-inbox.routes.ts';
import { sponsorsRoutes } from './sponsors/sponsors.routes.ts';
import { epostersRoutes } from './eposters/eposters.routes.ts';

/**
 * Every module's route contracts, one line each (issue 13). The server's route-catalogue test checks that what
 * Fastify serves under /api is exactly this list; the web client's `api.call` keys are typed from TApiRoute.
 * A new module adds its contracts here.
 */
export const API_ROUTES = {
  analytics: analyticsRoutes,
  ebadge: ebadgeRoutes,
  certificates: certificatesRoutes,
  payments: paymentsRoutes,
  paymentsPublic: paymentsPublicRoutes,
  registration: registrationRoutes,
  registrationPublic: registrationPublicRoutes,
  badges: badgesRoutes,
  checkin: checkinRoutes,
  credentials: credentialsRoutes,
  mailOutbox: mailOutboxRoutes,
  auth: authRoutes,
  events: eventsRoutes,
  workspace: workspaceRoutes,
  venue: venueRoutes,
  profile: profileRoutes,
  share: shareRoutes,
  portal: portalRoutes,
  exhibition: exhibitionRoutes,
  serviceForms: serviceFormsRoutes,
  companyDocuments: companyDocumentsRoutes,
  productOrders: productOrdersRoutes,
  productDocuments: productDocumentsRoutes,
  staffBadges: staffBadgesRoutes,
  hallPlans: hallPlanRoutes,
  myStand: myStandRoutes,
  programme: programmeRoutes,
  chat: chatRoutes,
  meetings: meetingsRoutes,
  leads: leadsRoutes,
  live: liveRoutes,
  video: videoRoutes,
  notifications: notificationsRoutes,
  organiserInbox: organiserInboxRoutes,
  sponsors: sponsorsRoutes,
  eposters: epostersRoutes,
} as const satisfies Record<string, Record<string, TRouteContract>>;

export type TApiRoute = {
  [M in keyof typeof API_ROUTES]: TRoutesOf<(typeof API_ROUTES)[M]>;
}[keyof typeof API_ROUTES];
