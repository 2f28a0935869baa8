import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sponsorsRoutes as routes } from '@pavilion/domain/sponsors/sponsors.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import { sendLogo } from '../../platform/logo-images.ts';
import type { SponsorsService } from './sponsors.service.ts';
import type { SponsorContactsService, TSponsorFiguresFile } from './sponsor-contacts.service.ts';

const viewerOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
/** Card views per address: a page view sends one request; 30 a minute is a person opening pages quickly. */
export const CARD_VIEWS_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const caller = (req: FastifyRequest) => ({ user: req.user, eventAccess: req.eventAccess });

/** The sponsors contracts (packages/domain/src/sponsors/sponsors.routes.ts), served. */
export function registerSponsorsRoutes(app: FastifyInstance, service: SponsorsService, contacts: SponsorContactsService): void {
  route(app, routes.admin, async (req) => service.admin(...organiser(req), req.params.eventId));
  route(app, routes.createTier, async (req) => service.createTier(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateTier, async (req) => service.updateTier(...organiser(req), req.params.eventId, req.params.tierId, req.body));
  route(app, routes.deleteTier, async (req) => service.deleteTier(...organiser(req), req.params.eventId, req.params.tierId));
  route(app, routes.orderTiers, async (req) => service.orderTiers(...organiser(req), req.params.eventId, req.body.tierIds));
  route(app, routes.orderSponsors, async (req) => service.orderSponsors(...organiser(req), req.params.eventId, req.params.tierId, req.body.sponsorIds));
  route(app, routes.createSponsor, async (req) => service.createSponsor(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateSponsor, async (req) => service.updateSponsor(...organiser(req), req.params.eventId, req.params.sponsorId, req.body));
  route(app, routes.deleteSponsor, async (req) => service.deleteSponsor(...organiser(req), req.params.eventId, req.params.sponsorId));
  route(app, routes.uploadLogo, async (req) => service.uploadLogo(...organiser(req), req.params.eventId, req.body));
  route(app, routes.logo, async (req, reply) => sendLogo(reply, await service.logo(req.params.logoId)));
  route(app, routes.showcase, async (req, reply) => {
    // Who may read depends on the caller (login- or ticket-restricted tabs): never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return service.showcase(caller(req), req.params.eventId, req.query.from, viewerOf(req));
  });
  // One request per page view: a page that sends more is not a person looking at cards.
  route(app, routes.cardViews, async (req) => service.cardViews(caller(req), req.params.eventId, req.body, viewerOf(req)), { rateLimit: CARD_VIEWS_RATE_LIMIT });
  route(app, routes.visit, async (req, reply) => {
    const website = await contacts.visit(req.params.eventId, req.params.sponsorId, { ...viewerOf(req), userId: null });
    // Each click is counted here, so no cache may answer for the server.
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'origin').redirect(website, 302);
  });

  // The sponsor's contact (user type 3).
  route(app, routes.inviteContact, async (req) => contacts.inviteContact(...organiser(req), req.params.eventId, req.params.sponsorId, req.body));
  route(app, routes.revokeContact, async (req) => contacts.revokeContact(...organiser(req), req.params.eventId, req.params.sponsorId, req.params.contactId));
  const sendFile = (reply: FastifyReply, file: TSponsorFiguresFile) =>
    reply.type(file.contentType).header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${file.fileName}"`).serializer((p) => p as string).send(file.body);
  route(app, routes.figures, async (req, reply) => sendFile(reply, await contacts.figures(...organiser(req), req.params.eventId, req.params.sponsorId, req.query.format)));
  route(app, routes.myFigures, async (req, reply) => sendFile(reply, await contacts.myFigures(caller(req), req.params.eventId, req.params.sponsorId, req.query.format)));
  route(app, routes.mySponsorships, async (req) => contacts.mySponsorships(caller(req), req.params.eventId));
  route(app, routes.mySponsorship, async (req) => contacts.mySponsorship(caller(req), req.params.eventId, req.params.sponsorId));
  route(app, routes.updateMySponsorship, async (req) => contacts.update(caller(req), req.params.eventId, req.params.sponsorId, req.body));
  route(app, routes.acceptMySponsorship, async (req) => contacts.accept(caller(req), req.params.eventId, req.params.sponsorId, req.body));
  route(app, routes.uploadMySponsorLogo, async (req) => contacts.uploadLogo(caller(req), req.params.eventId, req.params.sponsorId, req.body));
}
