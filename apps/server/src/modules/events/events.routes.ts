import type { FastifyInstance } from 'fastify';
import { eventsRoutes as routes } from '@pavilion/domain/events/events.routes';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import type { EventsService } from './events.service.ts';

/** The events contracts (packages/domain/src/events/events.routes.ts), served. */
export function registerEventsRoutes(app: FastifyInstance, service: EventsService): void {
  route(app, routes.list, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.list(user, organisationId, req.query);
  });
  route(app, routes.create, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.create(user, organisationId, req.body);
  });
  route(app, routes.get, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.get(user, organisationId, req.params.eventId);
  });
  route(app, routes.update, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.update(user, organisationId, req.params.eventId, req.body);
  });
  route(app, routes.getPublic, async (req) => service.getPublic(req.params.eventId));
}
