import type { FastifyInstance } from 'fastify';
import { venueRoutes as routes } from '@pavilion/domain/venue/venue.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { VenueService } from './venue.service.ts';

/** The venue contracts (packages/domain/src/venue/venue.routes.ts), served. */
export function registerVenueRoutes(app: FastifyInstance, service: VenueService): void {
  route(app, routes.settings, async (req) => service.settings(...organiser(req), req.params.eventId));
  route(app, routes.saveLobby, async (req) => service.saveLobby(...organiser(req), req.params.eventId, req.body));
  route(app, routes.saveExhibitionHall, async (req) => service.saveExhibitionHall(...organiser(req), req.params.eventId, req.body));
  route(app, routes.saveInfo, async (req) => service.saveInfo(...organiser(req), req.params.eventId, req.body));
  route(app, routes.saveAuditorium, async (req) => service.saveAuditorium(...organiser(req), req.params.eventId, req.body));
  route(app, routes.saveVirtualRoom, async (req) => service.saveVirtualRoom(...organiser(req), req.params.eventId, req.body));
  route(app, routes.publish, async (req) => service.publish(...organiser(req), req.params.eventId, req.params.page, req.body.isPublished));
  route(app, routes.uploadImage, async (req) => service.uploadImage(...organiser(req), req.params.eventId, req.body));
  route(app, routes.image, async (req, reply) => {
    const image = await service.image(req.params.imageId);
    if (!image) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Image not found' });
    // An id's bytes never change (a new upload is a new id), so browsers may keep it.
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .serializer((p) => p as string)
      .send(image.bytes);
  });
  route(app, routes.page, async (req) => service.page(req.eventAccess, req.params.eventId, req.params.page));
}
