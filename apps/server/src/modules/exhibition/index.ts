import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createExhibitionRepository, type ExhibitionRepository } from './exhibition.repository.ts';
import { registerExhibitionRoutes } from './exhibition.routes.ts';
import { createExhibitionService, type ExhibitionDeps } from './exhibition.service.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { createCompanyVideosRepository } from './company-videos.repository.ts';
import { createCompanyVideosService } from './company-videos.service.ts';
import { createServiceFormsRepository } from './service-forms.repository.ts';
import { registerServiceFormsRoutes } from './service-forms.routes.ts';
import { createServiceFormsService, type ServiceFormsDeps } from './service-forms.service.ts';

export type { ExhibitionService } from './exhibition.service.ts';
export { createBoothFormsPort, type BoothFormsPort } from './exhibition.port.ts';

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
export type ExhibitionPort = ReturnType<typeof createExhibitionPort>;

/** Exhibition (issue 15, first slice): exhibiting companies, booths on a hall plan, products; the app's Exhibitors tab. */
export function createExhibitionModule(db: Db, deps: Omit<ExhibitionDeps, 'repo'>, formDeps: Omit<ServiceFormsDeps, 'repo' | 'forms' | 'audit' | 'assertEvent'>, secrets: SecretBox) {
  const repo = createExhibitionRepository(db);
  const service = createExhibitionService({ repo, ...deps });
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
  // The 23 service forms: the organiser's settings, the company admin's submissions, review and fulfilment.
  const serviceForms = createServiceFormsService({ repo, forms: createServiceFormsRepository(db), audit: deps.audit, assertEvent: deps.assertEvent, ...formDeps });
  return {
    service,
    serviceForms,
    videos,
    /** What other modules may read of exhibition: who staffs which company, and the event's companies. */
    port: createExhibitionPort(repo),
    plugin: async (app: FastifyInstance) => {
      registerExhibitionRoutes(app, service, videos);
      registerServiceFormsRoutes(app, serviceForms);
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
  needs: ['events', 'portal', 'auth'],
  create: (p, { events, portal, auth }) =>
    createExhibitionModule(
      p.db,
      {
        audit: p.audit,
        assertEvent: events.assertEvent,
        assertTabVisible: portal.assertTabVisible,
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
      },
      p.secrets,
    ),
});
