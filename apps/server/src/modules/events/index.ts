import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createEventsRepository } from './events.repository.ts';
import { registerEventsRoutes } from './events.routes.ts';
import { createEventsService, type EventsDeps } from './events.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { EventFacts, EventsService } from './events.service.ts';

export function createEventsModule(db: Db, deps: Omit<EventsDeps, 'repo'>) {
  const service = createEventsService({ repo: createEventsRepository(db), ...deps });
  return {
    service,
    /** Throws (404) unless the caller may see the event: what every event-scoped module checks first. */
    assertEvent: async (caller: Parameters<typeof service.get>[0], organisationId: string, eventId: string): Promise<void> => {
      await service.get(caller, organisationId, eventId);
    },
    /** packages/domain/src/events/events.routes.ts, served (SPEC §7 prefix eventservices/). */
    plugin: async (app: FastifyInstance) => registerEventsRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    events: ReturnType<typeof createEventsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The events module in the app's module list. */
export const eventsModule = defineModule({
  name: 'events',
  needs: [],
  create: (p) => createEventsModule(p.db, { audit: p.audit, now: p.now, regionExists: p.ports.access.regionExists }),
});
