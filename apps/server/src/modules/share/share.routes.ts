import type { FastifyInstance } from 'fastify';
import { shareRoutes as routes } from '@pavilion/domain/share/share.routes';
import { route } from '../../platform/contract-routes.ts';
import type { ShareService } from './share.service.ts';

/** Pictures of an event change when it is renamed or rebranded: a day in caches, then asked again. */
const IMAGE_CACHE = 'public, max-age=86400';

/** The share contracts (packages/domain/src/share/share.routes.ts), served. */
export function registerShareRoutes(app: FastifyInstance, service: ShareService): void {
  route(app, routes.ticketLink, async (req) => service.ticketLink(req.params.ticketId));
  // The attendee may turn their profile private at any time: share reads are not kept by shared caches.
  route(app, routes.invitation, async (req, reply) => {
    reply.header('cache-control', 'no-cache');
    return service.invitation(req.params.pair);
  });
  route(app, routes.profileCard, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return service.profileCard(req.params.pair);
  });
  route(app, routes.eventIcs, async (req, reply) => {
    const ics = await service.eventIcs(req.params.eventId);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"').serializer((p) => p as string).send(ics);
  });
  route(app, routes.manifest, async (req, reply) => {
    const manifest = await service.manifest(req.params.eventId);
    return reply.type('application/manifest+json').header('cache-control', 'no-cache').serializer((p) => p as string).send(JSON.stringify(manifest));
  });
  route(app, routes.appIcon, async (req, reply) => {
    const png = await service.appIcon(req.params.eventId, Number(req.params.size));
    return reply.type('image/png').header('cache-control', IMAGE_CACHE).serializer((p) => p as string).send(png);
  });
  route(app, routes.previewImage, async (req, reply) => {
    const png = await service.previewImage(req.params.eventId);
    return reply.type('image/png').header('cache-control', IMAGE_CACHE).serializer((p) => p as string).send(png);
  });
}
