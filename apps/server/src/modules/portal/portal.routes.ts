import type { FastifyInstance } from 'fastify';
import { PORTAL_BANNER_MAX_BYTES } from '@pavilion/domain';
import { portalRoutes as routes } from '@pavilion/domain/portal/portal.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { PortalService } from './portal.service.ts';

/** A banner upload is base64 in JSON: 2 MiB of image is about 2.7 MB of body. */
const BANNER_BODY_LIMIT = Math.ceil(PORTAL_BANNER_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The portal contracts (packages/domain/src/portal/portal.routes.ts), served. */
export function registerPortalRoutes(app: FastifyInstance, service: PortalService): void {
  route(app, routes.appTabs, async (req) => service.appTabs(...organiser(req), req.params.eventId));
  route(app, routes.saveAppTabs, async (req) => service.saveAppTabs(...organiser(req), req.params.eventId, req.body));
  route(app, routes.uploadBanner, async (req) => service.uploadBanner(...organiser(req), req.params.eventId, req.body), { bodyLimit: BANNER_BODY_LIMIT });
  route(app, routes.portalMenu, async (req) => service.portalMenu(...organiser(req), req.params.eventId));
  route(app, routes.savePortalMenu, async (req) => service.savePortalMenu(...organiser(req), req.params.eventId, req.body));

  // The caller's menus depend on who they are: never kept by a shared cache.
  route(app, routes.appMenu, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.appMenu(req.params.eventId, { user: req.user, eventAccess: req.eventAccess });
  });
  route(app, routes.appTab, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.appTab(req.params.eventId, req.params.tabName, { user: req.user, eventAccess: req.eventAccess });
  });
  route(app, routes.portalMenuForCaller, async (req) => service.portalMenuForCaller(req.params.eventId));
  route(app, routes.banner, async (req, reply) => {
    const banner = await service.banner(req.params.bannerId);
    return reply
      .type(banner.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .serializer((p) => p as string)
      .send(banner.bytes);
  });
}
