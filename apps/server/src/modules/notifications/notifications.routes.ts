import type { FastifyInstance } from 'fastify';
import { notificationsRoutes as routes } from '@pavilion/domain/notifications/notifications.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The notifications contracts (packages/domain/src/notifications/notifications.routes.ts), served. */
export function registerNotificationsRoutes(app: FastifyInstance, service: NotificationsService): void {
  const caller = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });
  route(app, routes.mine, async (req) => service.mine(caller(req), req.params.eventId, req.query));
  route(app, routes.markRead, async (req) => service.markRead(caller(req), req.params.eventId, req.params.notificationId));
  route(app, routes.markAllRead, async (req) => service.markAllRead(caller(req), req.params.eventId));

  route(app, routes.announcements, async (req) => service.announcements(...organiser(req), req.params.eventId, req.query));
  route(app, routes.audienceOptions, async (req) => service.audienceOptions(...organiser(req), req.params.eventId));
  route(app, routes.send, async (req) => service.send(...organiser(req), req.params.eventId, req.body));
}
