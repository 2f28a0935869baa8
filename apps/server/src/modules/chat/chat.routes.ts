import type { FastifyInstance } from 'fastify';
import { chatRoutes as routes } from '@pavilion/domain/chat/chat.routes';
import { requireUser } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import { actorOf, type ChatService } from './chat.service.ts';

/** The chat contracts (packages/domain/src/chat/chat.routes.ts), served. */
export function registerChatRoutes(app: FastifyInstance, service: ChatService): void {
  route(app, routes.rooms, async (req) => service.rooms(actorOf(requireUser(req), req.eventAccess, req.params.eventId)));
  route(app, routes.history, async (req) => service.history(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.roomId, req.query));
  route(app, routes.participants, async (req) => service.participants(actorOf(requireUser(req), req.eventAccess, req.params.eventId), req.query.q));
  route(app, routes.generateRtcToken, async (req) => service.rtcToken(requireUser(req).userId, req.body));
}
