import type { FastifyInstance } from 'fastify';
import { ebadgeRoutes as routes } from '@pavilion/domain/ebadge/ebadge.routes';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { EbadgeService } from './ebadge.service.ts';

/** Each QR is a credential: no shared cache may keep it after a re-issue. */
const NO_STORE = 'private, no-store';

/** Verification is public and answers for any pasted string: a tight per-IP limit stops enumeration. */
const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** The e-badge contracts (packages/domain/src/ebadge/ebadge.routes.ts), served. */
export function registerEbadgeRoutes(app: FastifyInstance, service: EbadgeService): void {
  // Public: the registration id (96 random bits) is the capability, as in the confirmation mail.
  route(app, routes.view, async (req, reply) => {
    reply.header('cache-control', NO_STORE);
    return service.view(req.params.eventUserId);
  });
  // The body is made before the reply is typed: a raw serializer set early would also swallow an error envelope.
  route(app, routes.qrPng, async (req, reply) => {
    const png = await service.qr(req.params.eventUserId, 'png');
    return reply.type('image/png').header('cache-control', NO_STORE).serializer((p) => p as string).send(png);
  });
  route(app, routes.qrSvg, async (req, reply) => {
    const svg = await service.qr(req.params.eventUserId, 'svg');
    return reply.type('image/svg+xml').header('cache-control', NO_STORE).serializer((p) => p as string).send(svg);
  });
  route(app, routes.pdf, async (req, reply) => {
    const { pdf, fileName } = await service.pdf(req.params.eventUserId);
    return reply.type('application/pdf').header('cache-control', NO_STORE).header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(pdf);
  });
  route(app, routes.ics, async (req, reply) => {
    const ics = await service.ics(req.params.eventUserId);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"').serializer((p) => p as string).send(ics);
  });
  route(app, routes.googleWallet, async (req, reply) => {
    reply.header('cache-control', NO_STORE);
    return service.googleWallet(req.params.eventUserId);
  });
  route(app, routes.applePass, async (req, reply) => {
    const { pkpass, fileName } = await service.applePass(req.params.eventUserId);
    return reply
      .type('application/vnd.apple.pkpass')
      .header('cache-control', NO_STORE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .serializer((p) => p as string)
      .send(pkpass);
  });
  route(app, routes.verifyInfo, async (req) => service.verifyInfo(req.params.eventId));
  route(app, routes.verify, async (req) => service.verify(req.params.eventId, req.body), { rateLimit: VERIFY_RATE_LIMIT });

  // A logged-in person's e-badges across events (the `eb` page), matched by their account's email.
  route(app, routes.mine, async (req) => service.mine(requireUser(req)));

  // Organiser: E-Badge Settings (T-67: AP-233 view, AP-234 edit), per event, and the organisation's wallet keys.
  route(app, routes.settings, async (req) => service.getSettings(...organiser(req), req.params.eventId));
  route(app, routes.saveSettings, async (req) => service.saveSettings(...organiser(req), req.params.eventId, req.body));
  // Share Options (T-215: AP-785 view, AP-786 edit): the same event-wide options on their own screen.
  route(app, routes.shareOptions, async (req) => service.getShareOptions(...organiser(req), req.params.eventId));
  route(app, routes.saveShareOptions, async (req) => service.saveShareOptions(...organiser(req), req.params.eventId, req.body));
  route(app, routes.wallet, async (req) => service.walletView(requireOrganisation(req).organisationId));
  route(app, routes.saveWallet, async (req) => service.saveWallet(...organiser(req), req.body));
}
