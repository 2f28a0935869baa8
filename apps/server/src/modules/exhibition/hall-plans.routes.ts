import type { FastifyInstance } from 'fastify';
import { HALL_PLAN_BODY_LIMIT, hallPlanRoutes as routes } from '@pavilion/domain/exhibition/hall-plans';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { HallPlansService } from './hall-plans.service.ts';

/** The hall-plan contracts (packages/domain/src/exhibition/hall-plans.ts), served. */
export function registerHallPlanRoutes(app: FastifyInstance, service: HallPlansService): void {
  route(app, routes.hallPlanImages, async (req) => service.images(...organiser(req), req.params.eventId));
  route(app, routes.uploadHallPlanImage, async (req) => service.uploadImage(...organiser(req), req.params.eventId, req.body), { bodyLimit: HALL_PLAN_BODY_LIMIT });
  route(app, routes.removeHallPlanImage, async (req) => service.removeImage(...organiser(req), req.params.eventId, req.query.hall));
  route(app, routes.hallPlanImage, async (req, reply) => {
    const image = await service.image(req.params.imageId);
    if (!image) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Image not found' });
    // An id's bytes never change (a replacement is a new id), so browsers may keep it.
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .serializer((p) => p as string)
      .send(image.bytes);
  });
  route(app, routes.publicHallPlan, async (req, reply) => {
    // What a visitor sees depends on who they are (the tab's rules): never cached by a proxy.
    reply.header('cache-control', 'private, no-store');
    return service.publicPlan({ user: req.user, eventAccess: req.eventAccess }, req.params.eventId, req.query);
  });
  route(app, routes.exhibitorFilters, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.filterOptions({ user: req.user, eventAccess: req.eventAccess }, req.params.eventId);
  });
}
