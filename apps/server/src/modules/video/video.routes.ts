import type { FastifyInstance } from 'fastify';
import { videoRoutes as routes } from '@pavilion/domain/video/video.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { VideoService } from './video.service.ts';

/** The video contracts (packages/domain/src/video/video.routes.ts), served. */
export function registerVideoRoutes(app: FastifyInstance, service: VideoService): void {
  const caller = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });
  route(app, routes.rtcConfig, async () => service.rtcConfig());
  route(app, routes.tables, async (req) => service.tables(...organiser(req), req.params.eventId));
  route(app, routes.createTable, async (req) => service.createTable(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateTable, async (req) => service.updateTable(...organiser(req), req.params.eventId, req.params.tableId, req.body));
  route(app, routes.removeSeated, async (req) => service.removeSeated(...organiser(req), req.params.eventId, req.params.tableId, req.params.eventUserId));
  route(app, routes.allowBack, async (req) => service.allowBack(...organiser(req), req.params.eventId, req.params.tableId, req.params.eventUserId));
  route(app, routes.deleteTable, async (req) => service.deleteTable(...organiser(req), req.params.eventId, req.params.tableId));
  route(app, routes.loungeReport, async (req) => service.tablesReport(...organiser(req), req.params.eventId, 'lounge', req.query.days));
  route(app, routes.discussionReport, async (req) => service.tablesReport(...organiser(req), req.params.eventId, 'discussion', req.query.days));
  route(app, routes.callsReport, async (req) => service.callsReport(...organiser(req), req.params.eventId, req.query.days));
  route(app, routes.lounge, async (req) => service.lounge(caller(req), req.params.eventId));
  route(app, routes.tableMessages, async (req) => service.tableMessages(caller(req), req.params.eventId, req.params.tableId));
  route(app, routes.sfuToken, async (req) => service.sfuToken(caller(req), req.params.eventId, req.params.tableId));
}
