import type { FastifyInstance } from 'fastify';
import { organiserInboxRoutes as routes } from '@pavilion/domain/notifications/organiser-inbox.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { OrganiserInboxService } from './organiser-inbox.service.ts';

/** The organiser inbox's contracts (packages/domain/src/notifications/organiser-inbox.routes.ts), served. */
export function registerOrganiserInboxRoutes(app: FastifyInstance, service: OrganiserInboxService): void {
  route(app, routes.list, async (req) => service.list(...organiser(req), req.query));
  route(app, routes.markRead, async (req) => service.markRead(...organiser(req), req.params.noticeId));
  route(app, routes.markAllRead, async (req) => service.markAllRead(...organiser(req)));
}
