import type { FastifyInstance, FastifyReply } from 'fastify';
import { meetingsRoutes as routes } from '@pavilion/domain/meetings/meetings.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { MeetingsService } from './meetings.service.ts';

function sendIcs(reply: FastifyReply, body: string, fileName: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .serializer((p) => p as string)
    .send(body);
}

/** The meetings contracts (packages/domain/src/meetings/meetings.routes.ts), served. */
export function registerMeetingsRoutes(app: FastifyInstance, service: MeetingsService): void {
  const caller = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });
  route(app, routes.settings, async (req) => service.settings(...organiser(req), req.params.eventId));
  route(app, routes.saveSettings, async (req) => service.saveSettings(...organiser(req), req.params.eventId, req.body));
  route(app, routes.list, async (req) => service.list(...organiser(req), req.params.eventId, req.query));
  route(app, routes.schedule, async (req) => service.schedule(...organiser(req), req.params.eventId, req.body));
  route(app, routes.participants, async (req) => service.participants(...organiser(req), req.params.eventId, req.query));
  route(app, routes.organiserAction, async (req) => service.organiserAction(...organiser(req), req.params.eventId, req.params.meetingId, req.body.action));
  route(app, routes.organiserReschedule, async (req) => service.organiserReschedule(...organiser(req), req.params.eventId, req.params.meetingId, req.body));

  route(app, routes.directory, async (req) => service.directory(caller(req), req.params.eventId, req.query));
  route(app, routes.myMatchProfile, async (req) => service.myMatchProfile(caller(req), req.params.eventId));
  route(app, routes.saveMatchProfile, async (req) => service.saveMatchProfile(caller(req), req.params.eventId, req.body));
  route(app, routes.matches, async (req) => service.matches(caller(req), req.params.eventId));
  route(app, routes.slots, async (req) => service.slots(caller(req), req.params.eventId, req.query.with));
  route(app, routes.mine, async (req) => service.mine(caller(req), req.params.eventId));
  route(app, routes.request, async (req) => service.request(caller(req), req.params.eventId, req.body));
  route(app, routes.action, async (req) => service.action(caller(req), req.params.eventId, req.params.meetingId, req.body.action));
  route(app, routes.propose, async (req) => service.propose(caller(req), req.params.eventId, req.params.meetingId, req.body));
  route(app, routes.answerProposal, async (req) => service.answerProposal(caller(req), req.params.eventId, req.params.meetingId, req.params.proposalId, req.body.answer));
  route(app, routes.myMeetingsIcs, async (req, reply) => sendIcs(reply, await service.myMeetingsIcs(caller(req), req.params.eventId), 'my-meetings.ics'));
}
