import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createEventsRepository } from './events.repository.ts';
import { eventsPublicRoutes, eventsRoutes } from './events.routes.ts';
import { createEventsService, type EventsDeps } from './events.service.ts';

export type { EventsService } from './events.service.ts';

export function createEventsModule(db: Db, deps: Omit<EventsDeps, 'repo'>) {
  const service = createEventsService({ repo: createEventsRepository(db), ...deps });
  return {
    service,
    /** Served under /api/eventservices (SPEC §7 prefix eventservices/). */
    plugin: async (app: FastifyInstance) => {
      await app.register(eventsRoutes, { prefix: '/api/eventservices', service });
      await app.register(eventsPublicRoutes, { prefix: '/api/eventservices', service });
    },
  };
}
