import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZEbadgeEventParams,
  ZEbadgeParams,
  ZEbadgeSettings,
  ZEbadgeSettingsRequest,
  ZEbadgeVerifyInfo,
  ZEbadgeVerifyRequest,
  ZEbadgeVerifyResult,
  ZEbadgeView,
  ZGoogleWalletLink,
  ZMyEbadge,
  ZWalletConfigRequest,
  ZWalletConfigView,
  zOk,
} from '@pavilion/domain';
import { z } from 'zod';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import type { EbadgeService } from './ebadge.service.ts';

const tags = ['ebadge'];
const ok = <T>(data: T) => ({ status: 'OK' as const, data });
/** Each QR is a credential: no shared cache may keep it after a re-issue. */
const NO_STORE = 'private, no-store';

/** Verification is public and answers for any pasted string: a tight per-IP limit stops enumeration. */
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** Public e-badge routes: the registration id (96 random bits) is the capability, as in the confirmation mail. */
export const ebadgePublicRoutes: FastifyPluginAsyncZod<{ service: EbadgeService }> = async (app, { service }) => {
  app.get('/ebadges/:eventUserId', { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams, response: { 200: zOk(ZEbadgeView) } } }, async (req, reply) => {
    reply.header('cache-control', NO_STORE);
    return ok(await service.view(req.params.eventUserId));
  });
  // The body is made before the reply is typed: a raw serializer set early would also swallow an error envelope.
  app.get('/ebadges/:eventUserId/qr.png', { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams } }, async (req, reply) => {
    const png = await service.qr(req.params.eventUserId, 'png');
    return reply.type('image/png').header('cache-control', NO_STORE).serializer((p) => p as string).send(png);
  });
  app.get('/ebadges/:eventUserId/qr.svg', { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams } }, async (req, reply) => {
    const svg = await service.qr(req.params.eventUserId, 'svg');
    return reply.type('image/svg+xml').header('cache-control', NO_STORE).serializer((p) => p as string).send(svg);
  });
  app.get('/ebadges/:eventUserId/ebadge.pdf', { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams } }, async (req, reply) => {
    const { pdf, fileName } = await service.pdf(req.params.eventUserId);
    return reply.type('application/pdf').header('cache-control', NO_STORE).header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(pdf);
  });
  app.get('/ebadges/:eventUserId/event.ics', { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams } }, async (req, reply) => {
    const ics = await service.ics(req.params.eventUserId);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"').serializer((p) => p as string).send(ics);
  });
  app.get(
    '/ebadges/:eventUserId/wallet/google',
    { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams, response: { 200: zOk(ZGoogleWalletLink) } } },
    async (req, reply) => {
      reply.header('cache-control', NO_STORE);
      return ok(await service.googleWallet(req.params.eventUserId));
    },
  );
  app.get('/ebadges/:eventUserId/wallet/apple.pkpass', { config: { auth: 'public' }, schema: { tags, params: ZEbadgeParams } }, async (req, reply) => {
    const { pkpass, fileName } = await service.applePass(req.params.eventUserId);
    return reply
      .type('application/vnd.apple.pkpass')
      .header('cache-control', NO_STORE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .serializer((p) => p as string)
      .send(pkpass);
  });
  app.get(
    '/events/:eventId/ebadge-verification',
    { config: { auth: 'public' }, schema: { tags, params: ZEbadgeEventParams, response: { 200: zOk(ZEbadgeVerifyInfo) } } },
    async (req) => ok(await service.verifyInfo(req.params.eventId)),
  );
  app.post(
    '/events/:eventId/ebadge-verification',
    { config: { auth: 'public', rateLimit: VERIFY_RATE_LIMIT }, schema: { tags, params: ZEbadgeEventParams, body: ZEbadgeVerifyRequest, response: { 200: zOk(ZEbadgeVerifyResult) } } },
    async (req) => ok(await service.verify(req.params.eventId, req.body)),
  );
};

/** A logged-in person's e-badges across events (the `eb` page), matched by their account's email. */
export const ebadgeUserRoutes: FastifyPluginAsyncZod<{ service: EbadgeService }> = async (app, { service }) => {
  app.get('/ebadges/mine', { config: { auth: 'user' }, schema: { tags, response: { 200: zOk(z.array(ZMyEbadge)) } } }, async (req) => ok(await service.mine(requireUser(req))));
};

/** Organiser: E-Badge Settings (T-67: AP-233 view, AP-234 edit), per event, and the organisation's wallet keys. */
export const ebadgeOrganiserRoutes: FastifyPluginAsyncZod<{ service: EbadgeService }> = async (app, { service }) => {
  app.get(
    '/events/:eventId/ebadge-settings',
    { config: { auth: 'organiser', access: 'AP-233' }, schema: { tags, params: ZEbadgeEventParams, response: { 200: zOk(ZEbadgeSettings) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await service.getSettings(user, organisationId, req.params.eventId));
    },
  );
  app.put(
    '/events/:eventId/ebadge-settings',
    { config: { auth: 'organiser', access: 'AP-234' }, schema: { tags, params: ZEbadgeEventParams, body: ZEbadgeSettingsRequest, response: { 200: zOk(ZEbadgeSettings) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await service.saveSettings(user, organisationId, req.params.eventId, req.body));
    },
  );
  app.get('/ebadge-wallet', { config: { auth: 'organiser', access: 'AP-233' }, schema: { tags, response: { 200: zOk(ZWalletConfigView) } } }, async (req) =>
    ok(await service.walletView(requireOrganisation(req).organisationId)),
  );
  app.put(
    '/ebadge-wallet',
    { config: { auth: 'organiser', access: 'AP-234' }, schema: { tags, body: ZWalletConfigRequest, response: { 200: zOk(ZWalletConfigView) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await service.saveWallet(user, organisationId, req.body));
    },
  );
};
