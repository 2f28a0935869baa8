import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createEventsRepository } from './events.repository.ts';
import { registerEventsRoutes } from './events.routes.ts';
import { createEventsService, type EventsDeps } from './events.service.ts';

export type { EventFacts, EventsService } from './events.service.ts';

export function createEventsModule(db: Db, deps: Omit<EventsDeps, 'repo'>) {
  const service = createEventsService({ repo: createEventsRepository(db), ...deps });
  return {
    service,
    /** packages/domain/src/events/events.routes.ts, served (SPEC §7 prefix eventservices/). */
    plugin: async (app: FastifyInstance) => registerEventsRoutes(app, service),
  };
}
