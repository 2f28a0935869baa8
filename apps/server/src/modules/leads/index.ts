import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createLeadsRepository } from './leads.repository.ts';
import { registerLeadsRoutes } from './leads.routes.ts';
import { createLeadsService, type LeadsDeps } from './leads.service.ts';

export type { LeadsService } from './leads.service.ts';

/** Leads (issue 18): lead retrieval by exhibitor staff, visiting cards, the Onsite Leads report. */
export function createLeadsModule(db: Db, deps: Omit<LeadsDeps, 'repo'>) {
  const repo = createLeadsRepository(db);
  const service = createLeadsService({ repo, ...deps });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerLeadsRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    leads: ReturnType<typeof createLeadsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The leads module in the app's module list (after exhibition, whose staff and companies it reads through a port). */
export const leadsModule = defineModule({
  name: 'leads',
  needs: ['events', 'portal', 'exhibition', 'credentials'],
  create: (p, { events, portal, exhibition, credentials }) =>
    createLeadsModule(p.db, {
      now: p.now,
      assertEvent: events.assertEvent,
      assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
      exhibition: exhibition.port,
      credentials: credentials.service,
      registrations: p.ports.registration,
      contactOf: (userId) => p.ports.auth.contactOf(userId),
    }),
});
