import type { FastifyInstance } from 'fastify';
import { chatRoutes as routes } from '@pavilion/domain/chat/chat.routes';
import { requireUser } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { ChatModeration } from './chat.moderation.ts';
import { actorOf, type ChatService } from './chat.service.ts';

/** The chat contracts (packages/domain/src/chat/chat.routes.ts), served. */
export function registerChatRoutes(app: FastifyInstance, service: ChatService, moderation: ChatModeration): void {
  route(app, routes.rooms, async (req) => service.rooms(actorOf(requireUser(req), req.eventAccess, req.params.eventId)));
  route(app, routes.history, async (req) => service.history(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.roomId, req.query));
  route(app, routes.participants, async (req) => service.participants(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.query.q));
  route(app, routes.room, async (req) => service.room(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.roomId));
  route(app, routes.blocks, async (req) => moderation.blocks(actorOf(requireUser(req), req.eventAccess, req.params.eventId)));
  route(app, routes.block, async (req) => moderation.block(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.eventUserId));
  route(app, routes.unblock, async (req) => moderation.unblock(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.eventUserId));
  route(app, routes.report, async (req) => moderation.report(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.body));
  route(app, routes.reports, async (req) => moderation.reports(...organiser(req), req.params.eventId, req.query.status));
  route(app, routes.updateReport, async (req) => moderation.updateReport(...organiser(req), req.params.eventId, req.params.reportId, req.body.status));
  route(app, routes.moderateUser, async (req) => moderation.moderateUser(...organiser(req), req.params.eventId, req.params.eventUserId, req.body));
  route(app, routes.deleteMessage, async (req) => moderation.deleteMessage(...organiser(req), req.params.eventId, req.params.messageId));
  route(app, routes.generateRtcToken, async (req) => service.rtcToken(requireUser(req).userId, req.body));
}
