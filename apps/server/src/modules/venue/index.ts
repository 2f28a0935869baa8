import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createVenueRepository } from './venue.repository.ts';
import { registerVenueRoutes } from './venue.routes.ts';
import { createVenueService, type VenueDeps } from './venue.service.ts';

export type { VenueService } from './venue.service.ts';
export { venueSeeder } from './venue.demo.ts';

/** The virtual venue (issue 14): Lobby, Exhibition Hall, Info, Auditorium and Virtual Room pages of an event. */
export function createVenueModule(db: Db, deps: Omit<VenueDeps, 'repo'>) {
  const service = createVenueService({ repo: createVenueRepository(db), ...deps });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerVenueRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    venue: ReturnType<typeof createVenueModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The venue module in the app's module list (after portal: its pages open only where the portal's menu lists them). */
export const venueModule = defineModule({
  name: 'venue',
  needs: ['events', 'portal'],
  create: (p, { events, portal }) =>
    createVenueModule(p.db, {
      audit: p.audit,
      now: p.now,
      assertEvent: events.assertEvent,
      // 404 for an unknown event; the entries the event's attendees get, with the event's mode and dates.
      portalMenu: (eventId) => portal.service.portalMenuForCaller(eventId),
    }),
});
