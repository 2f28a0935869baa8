import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createSponsorsRepository } from './sponsors.repository.ts';
import { registerSponsorsRoutes } from './sponsors.routes.ts';
import { createSponsorsService, type SponsorsDeps } from './sponsors.service.ts';
import { createSponsorsPort } from './sponsors.port.ts';

export type { SponsorsService } from './sponsors.service.ts';
export type { SponsorFacts, SponsorsPort } from './sponsors.port.ts';
export { sponsorsSeeder } from './sponsors.demo.ts';

/** Sponsors (SPEC §3.1 user type 3) in tiers with logos: the organiser's page, the app's `sponsor` tab, the portal's Sponsors. */
export function createSponsorsModule(db: Db, deps: Omit<SponsorsDeps, 'repo'>) {
  const repo = createSponsorsRepository(db);
  const service = createSponsorsService({ repo, ...deps });
  return {
    service,
    /** What other modules read of the event's sponsors (programme: a session's sponsors). */
    port: createSponsorsPort(repo),
    plugin: async (app: FastifyInstance) => registerSponsorsRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    sponsors: ReturnType<typeof createSponsorsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * The sponsors module in the app's module list: after portal (its attendee reads apply the tab's and the entry's
 * rules) and exhibition (a sponsor may be one of the event's exhibiting companies, read through exhibition's port).
 */
export const sponsorsModule = defineModule({
  name: 'sponsors',
  needs: ['events', 'portal', 'exhibition'],
  create: (p, { events, portal, exhibition }) =>
    createSponsorsModule(p.db, {
      audit: p.audit,
      assertEvent: events.assertEvent,
      assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
      assertEntryVisible: (eventId, entryKey) => portal.assertEntryVisible(eventId, entryKey),
      companies: (eventId) => exhibition.port.companies(eventId),
    }),
});
