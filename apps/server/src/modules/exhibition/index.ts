import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule, type AppEvents } from '../../platform/app-module.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import { createStaffBadgesRepository } from './staff-badges.repository.ts';
import { createStaffBadgesService, type StaffBadgesDeps } from './staff-badges.service.ts';
import { registerStaffBadgesRoutes } from './staff-badges.routes.ts';
import { createExhibitionRepository, type ExhibitionRepository } from './exhibition.repository.ts';
import { registerExhibitionRoutes } from './exhibition.routes.ts';
import { createExhibitionService, type ExhibitionDeps, type StaffAdded } from './exhibition.service.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { ServiceOrderApproved } from '../payments/index.ts';
import { createCompanyVideosRepository } from './company-videos.repository.ts';
import { createCompanyVideosService } from './company-videos.service.ts';
import { createCompanyDocumentsRepository } from './company-documents.repository.ts';
import { registerCompanyDocumentsRoutes } from './company-documents.routes.ts';
import { createCompanyDocumentsService } from './company-documents.service.ts';
import type { LeadsPort } from '../leads/index.ts';
import { createHallPlansRepository } from './hall-plans.repository.ts';
import { registerHallPlanRoutes } from './hall-plans.routes.ts';
import { createHallPlansService } from './hall-plans.service.ts';
import { createProductOrdersRepository } from './product-orders.repository.ts';
import { registerProductOrdersRoutes } from './product-orders.routes.ts';
import { createProductOrdersService, type ProductOrderDecided, type ProductOrdersDeps } from './product-orders.service.ts';
import { registerMyStandRoutes } from './my-stand.routes.ts';
import { createDocumentTickets } from './document-files.ts';
import { createProductDocumentsRepository } from './product-documents.repository.ts';
import { registerProductDocumentsRoutes } from './product-documents.routes.ts';
import { createProductDocumentsService } from './product-documents.service.ts';
import { createMyStandService } from './my-stand.service.ts';
import { createServiceFormsRepository } from './service-forms.repository.ts';
import { registerServiceFormsRoutes } from './service-forms.routes.ts';
import { createServiceFormsService, type ServiceFormsDeps } from './service-forms.service.ts';
import { createStaffInvitations, type StaffInvitationDeps } from './staff-invitations.ts';

export type { ExhibitionService } from './exhibition.service.ts';
export { createBoothFormsPort, type BoothFormsPort } from './exhibition.port.ts';

/**
 * Exhibition's facts. `service-order.approved`: a priced service-form submission was approved (by the organiser, or
 * on submission when its form needs no approval); durable, written in the approval's transaction and delivered after
 * the commit. Payments puts its lines on the company's open invoice (idempotent per submission).
 */
export type ExhibitionEvents = { 'service-order.approved': ServiceOrderApproved; 'product.order.decided': ProductOrderDecided; 'exhibition.staff.added': StaffAdded };
export type { StaffAdded } from './exhibition.service.ts';
export type { ProductOrderDecided } from './product-orders.service.ts';

/**
 * Exhibition's port (read model over its own tables). `staffCompanyOf` is what leads asks on every scan: which
 * company the signed-in participant (by account email) works for in this event.
 */
function createExhibitionPort(repo: ExhibitionRepository) {
  return {
    staffCompanyOf: (eventId: string, email: string) => repo.staffCompanyOf(eventId, email),
    company: async (eventId: string, companyId: string) => {
      const row = await repo.company(eventId, companyId);
      return row ? { id: row.id, name: row.name, organisationId: row.organisationId } : null;
    },
    companies: (eventId: string) => repo.companyList(eventId),
    /** A product of this company in this event, or null. */
    product: async (eventId: string, companyId: string, productId: string) => (await repo.products(eventId, companyId)).find((p) => p.id === productId) ?? null,
  };
}
/** The whole port as other modules get it (the read model above, plus order counts and product documents). */
export type ExhibitionPort = ReturnType<typeof createExhibitionModule>['port'];

/** Exhibition (issue 15, first slice): exhibiting companies, booths on a hall plan, products; the app's Exhibitors tab. */
export function createExhibitionModule(
  db: Db,
  deps: Omit<ExhibitionDeps, 'repo'> & { createParticipantLink: StaffInvitationDeps['createLoginLink'] },
  formDeps: Omit<ServiceFormsDeps, 'repo' | 'forms' | 'audit' | 'assertEvent'>,
  secrets: SecretBox,
  orderDeps: Pick<ProductOrdersDeps, 'contactOf' | 'registrationsOfEmail' | 'decided'>,
  docDeps: { leads: LeadsPort },
  badgeDeps: Pick<StaffBadgesDeps, 'registrations' | 'complimentary'>,
) {
  const repo = createExhibitionRepository(db);
  // Product images, attendees' product orders and their approval, the staff badge quota per stall size.
  const productOrdersRepo = createProductOrdersRepository(db);
  const productOrders = createProductOrdersService({
    repo: productOrdersRepo,
    audit: deps.audit,
    mailer: formDeps.mailer,
    publicUrl: formDeps.publicUrl,
    now: formDeps.now,
    assertEvent: deps.assertEvent,
    assertTabVisible: deps.assertTabVisible,
    eventFacts: formDeps.eventFacts,
    company: (eventId, companyId, organisationId) => repo.company(eventId, companyId, organisationId),
    products: (eventId, companyId) => repo.products(eventId, companyId),
    ...orderDeps,
  });
  // Exhibitor staff badges: a complimentary registration (THE credential) per staff member, within the quota.
  const staffBadges = createStaffBadgesService({
    repo: createStaffBadgesRepository(db),
    audit: deps.audit,
    now: formDeps.now,
    assertEvent: deps.assertEvent,
    company: (eventId, companyId, organisationId) => repo.company(eventId, companyId, organisationId),
    adminCompanyOf: (eventId, userId) => productOrdersRepo.adminCompanyOf(eventId, userId),
    quotaOf: productOrders.quotaOf,
    ...badgeDeps,
  });
  // The stand-team mail to people added to a staff list (by the organiser or the company's admin).
  // Sent by the outbox job after the save's commit (the `exhibition.staff.added` subscriber below), never in the request.
  const inviteStaff = createStaffInvitations({
    mailer: formDeps.mailer,
    publicUrl: formDeps.publicUrl,
    now: formDeps.now,
    eventFacts: formDeps.eventFacts,
    companyName: async (eventId, companyId) => (await repo.company(eventId, companyId))?.name ?? null,
    claim: (eventId, staffId, at) => repo.claimInvitation(eventId, staffId, at),
    release: (eventId, staffId) => repo.releaseInvitation(eventId, staffId),
    findUserByEmail: formDeps.findUserByEmail,
    createLoginLink: deps.createParticipantLink,
  });
  const service = createExhibitionService({ repo, ...deps, staffQuota: productOrders.quotaOf, badgesKept: staffBadges.assertBadgesKept });
  // A company's videos: uploads, Range streaming behind a sealed ticket, views counted once per participant.
  const videos = createCompanyVideosService({
    repo: createCompanyVideosRepository(db),
    audit: deps.audit,
    secrets,
    now: formDeps.now,
    assertEvent: deps.assertEvent,
    assertTabVisible: deps.assertTabVisible,
    company: (eventId, companyId, organisationId) => repo.company(eventId, companyId, organisationId),
  });
  // A company's documents (one list with the booth staff's, stored by leads), the booth page's views, the exhibitor report.
  const formsRepo = createServiceFormsRepository(db);
  const mediaActions = createCompanyDocumentsRepository(db);
  // A product's documents (scoped as its images), downloads counted as the company documents' are.
  const productDocumentsRepo = createProductDocumentsRepository(db);
  const productDocuments = createProductDocumentsService({
    repo: productDocumentsRepo,
    actions: mediaActions,
    audit: deps.audit,
    tickets: createDocumentTickets(secrets, formDeps.now),
    assertEvent: deps.assertEvent,
    assertTabVisible: deps.assertTabVisible,
    company: (eventId, companyId) => repo.company(eventId, companyId),
    ownProduct: productOrders.ownProduct,
  });
  const documents = createCompanyDocumentsService({
    repo: mediaActions,
    leads: docDeps.leads,
    audit: deps.audit,
    secrets,
    now: formDeps.now,
    assertEvent: deps.assertEvent,
    assertTabVisible: deps.assertTabVisible,
    company: (eventId, companyId, organisationId) => repo.company(eventId, companyId, organisationId),
    memberCompany: async (eventId, userId) => {
      const admin = await formsRepo.adminByUser(eventId, userId);
      if (admin) return admin.companyId;
      const email = (await orderDeps.contactOf(userId))?.email;
      return email ? ((await repo.staffCompanyOf(eventId, email))?.companyId ?? null) : null;
    },
    videos: (c) => createCompanyVideosRepository(db).videos(c),
    productOrders: (eventId, companyId) => productOrders.productOrderCounts(eventId, companyId),
    productDocuments: productDocuments.reportRows,
  });
  // Floor-plan images per hall; the hall plan and the exhibitors list's filter options for attendees.
  const hallPlans = createHallPlansService({ repo: createHallPlansRepository(db), audit: deps.audit, assertEvent: deps.assertEvent, assertTabVisible: deps.assertTabVisible });
  // My stand for the company's admin and staff: the admin runs the company (profile, staff, products, documents, videos); both play its videos.
  const myStand = createMyStandService({ membership: productOrders.membership, products: service, company: service, documents, images: productOrders, productDocuments, videos });
  // The 23 service forms: the organiser's settings, the company admin's submissions, review and fulfilment.
  const serviceForms = createServiceFormsService({ repo, forms: createServiceFormsRepository(db), audit: deps.audit, assertEvent: deps.assertEvent, ...formDeps });
  return {
    service,
    serviceForms,
    videos,
    documents,
    /** What other modules may read of exhibition: who staffs which company, and the event's companies. */
    port: {
      ...createExhibitionPort(repo),
      /** Per product of a company, its orders by status (the exhibitor report's Products tab). */
      productOrderCounts: productOrders.productOrderCounts,
      /** Product documents of the event by id (with product name and organisation): what leads' brief bag lists. */
      productDocuments: (eventId: string, ids: string[]) => productDocumentsRepo.documentsByIds(eventId, ids),
      /** One product document's bytes (the brief bag's ZIP and its mailed link). */
      productDocumentBytes: (eventId: string, documentId: string) => productDocumentsRepo.bytesOf(eventId, documentId),
    },
    productOrders,
    staffBadges,
    /** The stand-team mail (staff-invitations.ts), once per person added, whenever the fact is delivered. */
    subscribe(bus: Subscriber<AppEvents>) {
      bus.subscribe('exhibition.staff.added', async (fact) => {
        await inviteStaff(fact);
      });
    },
    plugin: async (app: FastifyInstance) => {
      registerExhibitionRoutes(app, service, videos);
      registerServiceFormsRoutes(app, serviceForms);
      registerProductOrdersRoutes(app, productOrders);
      registerStaffBadgesRoutes(app, staffBadges);
      registerHallPlanRoutes(app, hallPlans);
      registerCompanyDocumentsRoutes(app, documents);
      registerMyStandRoutes(app, myStand, videos);
      registerProductDocumentsRoutes(app, productDocuments, myStand);
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    exhibition: ReturnType<typeof createExhibitionModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The exhibition module in the app's module list (after portal: its attendee reads apply the portal's tab rules). */
export const exhibitionModule = defineModule({
  name: 'exhibition',
  needs: ['events', 'portal', 'auth', 'workspace', 'payments', 'registration'],
  create: (p, { events, portal, auth, workspace, payments, registration }) =>
    createExhibitionModule(
      p.db,
      {
        audit: p.audit,
        assertEvent: events.assertEvent,
        assertTabVisible: portal.assertTabVisible,
        // The stand-team mail's one-time link: auth's `adl` for a participant of the event (null: mailed without one).
        createParticipantLink: (actorUserId, organisationId, input) => auth.service.createParticipantEventLink(actorUserId, organisationId, input),
        // The stand-team mail is owed in the staff list's transaction and sent by the outbox job.
        staffAdded: { record: (tx, fact) => p.outbox.write(tx, 'exhibition.staff.added', fact), wake: () => p.outbox.wake() },
      },
      {
        mailer: p.mailer,
        publicUrl: p.publicUrl,
        now: p.now,
        eventFacts: (eventId) => events.service.findOwner(eventId),
        findUserByEmail: (email) => auth.service.findUserByEmail(email),
        createParticipantUser: (input) => auth.service.createUser({ ...input, organisationId: null }),
        organisationOfUser: async (userId) => (await p.ports.access.loadCaller(userId))?.organisationId ?? null,
        addParticipant: (organisationId, eventId, userId, userType) => events.service.addParticipant(organisationId, eventId, userId, userType),
        // The foundation's auto-login key (adl): random, expiring, single use; the account must take part in the event.
        createLoginLink: (caller, organisationId, input) => auth.service.createAutoLoginKey(caller, organisationId, input),
        nameOf: async (userId) => {
          const c = await p.ports.auth.contactOf(userId);
          return c?.name || c?.email || '';
        },
        serviceProviders: { list: workspace.port.serviceProviders, ofUser: workspace.port.serviceProviderOfUser },
        // Approved priced orders are billed through payments' company invoices (a durable fact, then its port).
        outbox: p.outbox,
        invoices: payments.service.companyInvoices,
      },
      p.secrets,
      {
        contactOf: (userId) => p.ports.auth.contactOf(userId),
        registrationsOfEmail: (eventId, email) => p.ports.registration.attendeesOfEmail(eventId, email),
        // Notifications puts an approved order in the attendee's inbox (notifications needs exhibition's facts, not the other way).
        decided: (fact) => p.bus.publish('product.order.decided', fact).catch((err: unknown) => p.log.error({ err, orderId: fact.orderId }, 'product order notice failed')),
      },
      { leads: p.ports.leads },
      {
        registrations: {
          ticketOptions: (eventId) => p.ports.registration.ticketOptions(eventId),
          attendeesByIds: (ids) => p.ports.registration.attendeesByIds(ids),
          attendeesOfEmail: (eventId, email) => p.ports.registration.attendeesOfEmail(eventId, email),
          isAdmissible: (a) => p.ports.registration.isAdmissible(a),
        },
        complimentary: registration.complimentary,
      },
    ),
});
