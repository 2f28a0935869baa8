import type { FastifyInstance } from 'fastify';
import { profileRoutes as routes } from '@pavilion/domain/profile/profile.routes';
import { requireUser } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import { profileErrors } from './profile.errors.ts';
import type { ProfileService } from './profile.service.ts';

/** The profile contracts (packages/domain/src/profile/profile.routes.ts), served. */
export function registerProfileRoutes(app: FastifyInstance, service: ProfileService): void {
  route(app, routes.mine, async (req) => service.mine(requireUser(req)));
  route(app, routes.save, async (req) => service.save(requireUser(req), req.params.registrationId, req.body));
  // The attendee may hide their profile at any moment: revalidated on every use, never kept by a shared cache.
  route(app, routes.photo, async (req, reply) => {
    const photo = await service.sharedPhoto(req.params.pair);
    if (!photo) throw profileErrors.notFound();
    return reply.type(photo.contentType).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').serializer((p) => p as string).send(photo.bytes);
  });
}
