import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { programmeRoutes as routes } from '@pavilion/domain/programme/programme.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import { createPublicDocumentCache, sendPublicDocument } from '../../platform/public-document-cache.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { ProgrammeService } from './programme.service.ts';

function sendIcs(reply: FastifyReply, body: string, fileName: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .serializer((p) => p as string)
    .send(body);
}

const PHOTO_BODY_LIMIT = 3 * 1024 * 1024;

/** The programme contracts (packages/domain/src/programme/programme.routes.ts), served. */
export function registerProgrammeRoutes(app: FastifyInstance, service: ProgrammeService): void {
  const caller = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });
  const isAnonymous = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => !req.user && !req.eventAccess;
  route(app, routes.programme, async (req) => service.programme(...organiser(req), req.params.eventId));
  route(app, routes.listRooms, async (req) => service.listRooms(...organiser(req), req.params.eventId));
  route(app, routes.listTracks, async (req) => service.listTracks(...organiser(req), req.params.eventId));
  route(app, routes.listSpeakers, async (req) => service.listSpeakers(...organiser(req), req.params.eventId));
  route(app, routes.createRoom, async (req) => service.createRoom(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateRoom, async (req) => service.updateRoom(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteRoom, async (req) => service.deleteRoom(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.restoreRoom, async (req) => service.restoreRoom(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.createTrack, async (req) => service.createTrack(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateTrack, async (req) => service.updateTrack(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteTrack, async (req) => service.deleteTrack(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.restoreTrack, async (req) => service.restoreTrack(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.createSpeaker, async (req) => service.createSpeaker(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateSpeaker, async (req) => service.updateSpeaker(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteSpeaker, async (req) => service.deleteSpeaker(...organiser(req), req.params.eventId, req.params.id));
  // A 2 MB photo is about 2.7 MB of base64.
  route(app, routes.uploadSpeakerPhoto, async (req) => service.uploadSpeakerPhoto(...organiser(req), req.params.eventId, req.params.id, req.body), { bodyLimit: PHOTO_BODY_LIMIT });
  route(app, routes.removeSpeakerPhoto, async (req) => service.removeSpeakerPhoto(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.inviteSpeaker, async (req) => service.inviteSpeaker(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.speakerPhoto, async (req, reply) => {
    const photo = await service.speakerPhoto(req.params.photoId);
    if (!photo) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Photo not found' });
    // An id's bytes never change (a new upload is a new id), so browsers may keep it.
    return reply
      .type(photo.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .serializer((p) => p as string)
      .send(photo.bytes);
  });
  route(app, routes.mySpeakerProfile, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.mySpeakerProfile(caller(req), req.params.eventId);
  });
  route(app, routes.updateMySpeakerProfile, async (req) => service.updateMySpeakerProfile(caller(req), req.params.eventId, req.body));
  route(app, routes.confirmMySpeakerProfile, async (req) => service.confirmMySpeakerProfile(caller(req), req.params.eventId));
  route(app, routes.uploadMySpeakerPhoto, async (req) => service.uploadMySpeakerPhoto(caller(req), req.params.eventId, req.body), { bodyLimit: PHOTO_BODY_LIMIT });
  route(app, routes.removeMySpeakerPhoto, async (req) => service.removeMySpeakerPhoto(caller(req), req.params.eventId));
  route(app, routes.mySpeakerStatus, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.mySpeakerStatus(caller(req), req.params.eventId);
  });
  route(app, routes.createSession, async (req) => service.createSession(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateSession, async (req) => service.updateSession(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteSession, async (req) => service.deleteSession(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.restoreSession, async (req) => service.restoreSession(...organiser(req), req.params.eventId, req.params.id));
  // An anonymous visitor's Schedule and Agenda are everyone's: the programme (hundreds of KiB for a conference) is
  // built at most once a second per event and sent as cached, compressed bytes; the tab's rules are checked each time.
  // A publish drops this process's copy, so its version shows at once here (other processes' within their second).
  const anonymous = createPublicDocumentCache({ ttlMs: 1000, maxEntries: 200 });
  route(app, routes.publishProgramme, async (req) => {
    const published = await service.publishProgramme(...organiser(req), req.params.eventId);
    anonymous.forget(req.params.eventId);
    return published;
  });
  const anonymousProgramme = async (req: FastifyRequest<{ Params: { eventId: string } }>, reply: FastifyReply, tab: 'session-list' | 'event-agenda' | 'portal-agenda') => {
    await service.assertProgrammeVisible(caller(req), req.params.eventId, tab);
    return sendPublicDocument(req, reply, await anonymous.get(req.params.eventId, () => service.anonymousProgramme(req.params.eventId)));
  };
  route(app, routes.schedule, async (req, reply) => (isAnonymous(req) ? anonymousProgramme(req, reply, 'session-list') : service.schedule(caller(req), req.params.eventId)));
  route(app, routes.agenda, async (req, reply) =>
    isAnonymous(req) ? anonymousProgramme(req, reply, req.query.from === 'portal' ? 'portal-agenda' : 'event-agenda') : service.agenda(caller(req), req.params.eventId, req.query.from),
  );
  route(app, routes.speakers, async (req) => service.speakers(caller(req), req.params.eventId));
  route(app, routes.book, async (req) => service.book(caller(req), req.params.eventId, req.params.sessionId));
  route(app, routes.cancelBooking, async (req) => service.cancelBooking(caller(req), req.params.eventId, req.params.sessionId));
  route(app, routes.bookmark, async (req) => service.bookmark(caller(req), req.params.eventId, req.params.sessionId));
  route(app, routes.removeBookmark, async (req) => service.removeBookmark(caller(req), req.params.eventId, req.params.sessionId));
  route(app, routes.requestSession, async (req) => service.requestSession(caller(req), req.params.eventId, req.body));
  route(app, routes.mySessionRequests, async (req) => service.mySessionRequests(caller(req), req.params.eventId));
  route(app, routes.listSessionRequests, async (req) => service.listSessionRequests(...organiser(req), req.params.eventId));
  route(app, routes.exportSessionRequests, async (req, reply) => {
    const file = await service.exportSessionRequests(...organiser(req), req.params.eventId, req.query.format);
    return reply.type(file.contentType).header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${file.fileName}"`).serializer((p) => p as string).send(file.body);
  });
  route(app, routes.approveSessionRequest, async (req) => service.approveSessionRequest(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.disapproveSessionRequest, async (req) => service.disapproveSessionRequest(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.sessionIcs, async (req, reply) => sendIcs(reply, await service.sessionIcs(caller(req), req.params.eventId, req.params.sessionId), 'session.ics'));
  route(app, routes.myScheduleIcs, async (req, reply) => sendIcs(reply, await service.myScheduleIcs(caller(req), req.params.eventId), 'my-schedule.ics'));
  route(app, routes.myScheduleFeed, async (req) => service.myScheduleFeed(caller(req), req.params.eventId));
  route(app, routes.scheduleFeed, async (req, reply) => sendIcs(reply, await service.scheduleFeed(req.query.feed), 'my-schedule.ics'));
}
