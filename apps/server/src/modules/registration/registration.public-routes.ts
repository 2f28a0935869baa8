import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  ZCart,
  ZCartCreateRequest,
  ZDateOptionList,
  ZOrderCreateRequest,
  ZOrderCreateResponse,
  ZPaymentRetryRequest,
  ZPaymentSession,
  ZPriceQuote,
  ZPublicCartLink,
  ZPublicCartLinkParams,
  ZPublicCartParams,
  ZPublicCategoryParams,
  ZPublicOrder,
  ZPublicOrderParams,
  ZPublicRegistrationInfo,
  ZPublicRegistrationQuery,
  ZPublicVisitorCategoryQuery,
  ZQuoteRequest,
  ZRegEventParams,
  ZVisitorCategoryList,
  zIdempotencyKey,
  zOk,
} from '@pavilion/domain';
import type { PaymentsService } from '../payments/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import { ticketQrPng } from './confirmation-mail.ts';
import { matchesIfNoneMatch, type PublicInfo } from './public-info.ts';
import { registrationErrors } from './registration.errors.ts';
import type { RegistrationService } from './registration.service.ts';

const tags = ['registration-public'];

/** The Idempotency-Key header, checked; its scope is the route, the event or order, and the caller. */
function idempotency(req: FastifyRequest, scope: string): { key: string | undefined; scope: string } {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return { key: undefined, scope };
  if (typeof raw !== 'string' || !zIdempotencyKey.safeParse(raw).success) throw registrationErrors.fields([{ field: 'Idempotency-Key', key: 'pattern' }]);
  return { key: raw, scope: `${scope}:${req.user?.userId ?? 'anonymous'}` };
}

/** Public registration and checkout under /api/eventservices/public (cart-registration, cs/, visitors/, lvp-select-date/ ...). */
export const registrationPublicRoutes: FastifyPluginAsyncZod<{
  service: RegistrationService;
  checkout: CheckoutService;
  /** The cached public registration read (public-info.ts). */
  publicInfo: PublicInfo;
  payments: PaymentsService;
  /** The registration's signed credential (the QR's text). */
  credentialToken: (eventId: string, registrationId: string) => Promise<string>;
  /** Checks a photo URL's signature (registration-photos.ts). */
  verifyPhoto: (registrationId: string, version: string, sig: string) => boolean;
}> = async (app, { service, checkout, publicInfo, payments, credentialToken, verifyPhoto }) => {
  app.get(
    '/events/:eventId/registration',
    { config: { auth: 'public' }, schema: { tags, params: ZRegEventParams, querystring: ZPublicRegistrationQuery, response: { 200: zOk(ZPublicRegistrationInfo) } } },
    async (req, typedReply) => {
      // The body goes out as cached (built and checked against ZPublicRegistrationInfo once), or not at all (304).
      const reply = typedReply as unknown as FastifyReply;
      const doc = await publicInfo.read(req.params.eventId, req.query);
      // Browsers revalidate every time (a 304 costs the server one cached check); a CDN that honours
      // CDN-Cache-Control (RFC 9213) may answer from a copy up to 1 s old, or 5 s while it revalidates.
      // docs/PERFORMANCE.md "Public registration read" states how stale seat counts may be.
      reply.header('etag', doc.etag).header('cache-control', doc.shared ? 'public, no-cache' : 'private, no-cache');
      if (doc.shared) reply.header('cdn-cache-control', 'public, max-age=1, stale-while-revalidate=4');
      if (matchesIfNoneMatch(req.headers['if-none-match'], doc.etag)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').serializer((body) => body as string).send(doc.body);
    },
  );
  app.get(
    '/cart-links/:cartLinkId',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicCartLinkParams, response: { 200: zOk(ZPublicCartLink) } } },
    async (req) => ({ status: 'OK' as const, data: await service.publicCartLink(req.params.cartLinkId) }),
  );
  app.get(
    '/events/:eventId/visitor-categories',
    { config: { auth: 'public' }, schema: { tags, params: ZRegEventParams, querystring: ZPublicVisitorCategoryQuery, response: { 200: zOk(ZVisitorCategoryList) } } },
    async (req) => ({ status: 'OK' as const, data: await service.publicCategories(req.params.eventId, req.query.name) }),
  );
  app.get(
    '/visitor-categories/:categoryId/dates',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicCategoryParams, response: { 200: zOk(ZDateOptionList) } } },
    async (req) => ({ status: 'OK' as const, data: await service.publicDates(req.params.categoryId) }),
  );
  app.post(
    '/events/:eventId/quote',
    { config: { auth: 'public' }, schema: { tags, params: ZRegEventParams, body: ZQuoteRequest, response: { 200: zOk(ZPriceQuote) } } },
    async (req) => ({ status: 'OK' as const, data: await checkout.quote(req.params.eventId, req.body) }),
  );
  app.post(
    '/events/:eventId/carts',
    { config: { auth: 'public' }, schema: { tags, params: ZRegEventParams, body: ZCartCreateRequest, response: { 201: zOk(ZCart) } } },
    async (req, reply) => reply.status(201).send({ status: 'OK' as const, data: await checkout.createCart(req.params.eventId, req.body) }),
  );
  app.get(
    '/carts/:cartId',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicCartParams, response: { 200: zOk(ZCart) } } },
    async (req) => ({ status: 'OK' as const, data: await checkout.getCart(req.params.cartId) }),
  );
  app.delete(
    '/carts/:cartId',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicCartParams, response: { 200: zOk(ZCart) } } },
    async (req) => ({ status: 'OK' as const, data: await checkout.releaseCart(req.params.cartId) }),
  );
  app.post(
    '/events/:eventId/orders',
    { config: { auth: 'public' }, schema: { tags, params: ZRegEventParams, body: ZOrderCreateRequest, response: { 201: zOk(ZOrderCreateResponse) } } },
    async (req, reply) => {
      const idem = idempotency(req, `order:${req.params.eventId}`);
      const res = await checkout.withIdempotency(idem.scope, idem.key, req.body, async () => ({ status: 201, body: { status: 'OK' as const, data: await checkout.createOrder(req.params.eventId, req.body) } }));
      return reply.status(res.status as 201).header('idempotent-replayed', String(res.replayed)).send(res.body);
    },
  );
  app.get(
    '/orders/:orderId',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicOrderParams, response: { 200: zOk(ZPublicOrder) } } },
    async (req) => {
      await checkout.reconcileOrder(req.params.orderId);
      return { status: 'OK' as const, data: await checkout.publicOrder(req.params.orderId) };
    },
  );
  app.post(
    '/orders/:orderId/payments',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicOrderParams, body: ZPaymentRetryRequest, response: { 201: zOk(ZPaymentSession) } } },
    async (req, reply) => {
      const idem = idempotency(req, `payment:${req.params.orderId}`);
      const res = await checkout.withIdempotency(idem.scope, idem.key, req.body, async () => ({ status: 201, body: { status: 'OK' as const, data: await checkout.retryPayment(req.params.orderId, req.body.provider) } }));
      return reply.status(res.status as 201).header('idempotent-replayed', String(res.replayed)).send(res.body);
    },
  );
  app.get(
    '/orders/:orderId/invoice.pdf',
    { config: { auth: 'public' }, schema: { tags, params: ZPublicOrderParams } },
    async (req, reply) => {
      const pdf = await payments.invoicePdf(req.params.orderId);
      if (!pdf) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Invoice not found' });
      return reply.type('application/pdf').serializer((p) => p as string).send(pdf);
    },
  );
  app.get(
    '/registration-photos/:registrationId/:version',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        params: z.object({ registrationId: z.string().min(1).max(64), version: z.string().regex(/^\d{1,16}$/) }),
        querystring: z.object({ sig: z.string().min(1).max(64) }),
      },
    },
    async (req, reply) => {
      const photo = await service.photoBySignedUrl(req.params.registrationId, req.params.version, req.query.sig, verifyPhoto);
      if (!photo) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Photo not found' });
      // The URL names the photo's version, so a browser (and the scanner's cache) may keep it.
      return reply.type(photo.contentType).header('cache-control', 'private, max-age=86400, immutable').header('x-content-type-options', 'nosniff').serializer((p) => p as string).send(photo.bytes);
    },
  );
  app.get(
    '/orders/:orderId/attendees/:registrationId/qr.png',
    { config: { auth: 'public' }, schema: { tags, params: z.object({ orderId: z.string().min(1).max(64), registrationId: z.string().min(1).max(64) }) } },
    async (req, reply) => {
      const found = await service.attendeeOf(req.params.orderId, req.params.registrationId);
      if (!found) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Ticket not found' });
      // no-store: a re-issue changes the credential, and a stale cached QR would be refused at the gate.
      const png = await ticketQrPng(await credentialToken(found.order.eventId, found.reg.id));
      return reply.type('image/png').header('cache-control', 'private, no-store').serializer((p) => p as string).send(png);
    },
  );
};
