import type { FastifyInstance } from 'fastify';
import { liveRoutes as routes } from '@pavilion/domain/live/live.routes';
import { requireUser } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import { liveActorOf, type LiveService } from './live.service.ts';

/** The live session room's contracts (packages/domain/src/live/live.routes.ts), served. */
export function registerLiveRoutes(app: FastifyInstance, service: LiveService): void {
  route(app, routes.room, async (req) => service.room(liveActorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.sessionId));
  route(app, routes.history, async (req) => service.history(liveActorOf(requireUser(req), req.eventAccess, req.params.eventId), req.params.sessionId, req.query));
  route(app, routes.nowPlaying, async (req) => service.nowPlaying(liveActorOf(requireUser(req), req.eventAccess, req.params.eventId)));

  route(app, routes.console, async (req) => service.console(...organiser(req), req.params.eventId, req.params.sessionId));
  route(app, routes.questionAction, async (req) => service.questionAction(...organiser(req), req.params.eventId, req.params.sessionId, req.params.questionId, req.body.action));
  route(app, routes.createPoll, async (req) => service.createPoll(...organiser(req), req.params.eventId, req.params.sessionId, req.body));
  route(app, routes.pushPoll, async (req) => service.pushPoll(...organiser(req), req.params.eventId, req.params.sessionId, req.params.pollId));
  route(app, routes.closePoll, async (req) => service.closePoll(...organiser(req), req.params.eventId, req.params.sessionId, req.params.pollId));
  route(app, routes.setNowPlaying, async (req) => service.setNowPlaying(...organiser(req), req.params.eventId, req.params.sessionId, req.body.isLive));
  route(app, routes.report, async (req) => service.report(...organiser(req), req.params.eventId));
}
