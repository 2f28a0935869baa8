import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, zIdempotencyKey } from '@pavilion/domain';
import { registrationPublicRoutes as routes } from '@pavilion/domain/registration/registration.routes';
import { route } from '../../platform/contract-routes.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import { ticketQrPng } from './confirmation-mail.ts';
import { matchesIfNoneMatch } from '../../platform/public-document-cache.ts';
import type { PublicInfo } from './public-info.ts';
import { registrationErrors } from './registration.errors.ts';
import type { RegistrationService } from './registration.service.ts';

/** The Idempotency-Key header, checked; its scope is the route, the event or order, and the caller. */
function idempotency(req: Pick<FastifyRequest, 'headers' | 'user'>, scope: string): { key: string | undefined; scope: string } {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return { key: undefined, scope };
  if (typeof raw !== 'string' || !zIdempotencyKey.safeParse(raw).success) throw registrationErrors.fields([{ field: 'Idempotency-Key', key: 'pattern' }]);
  return { key: raw, scope: `${scope}:${req.user?.userId ?? 'anonymous'}` };
}

export type RegistrationPublicRoutesDeps = {
  service: RegistrationService;
  checkout: CheckoutService;
  /** The cached public registration read (public-info.ts). */
  publicInfo: PublicInfo;
  payments: PaymentsService;
  /** The registration's signed credential (the QR's text). */
  credentialToken: (eventId: string, registrationId: string) => Promise<string>;
  /** Checks a photo URL's signature (registration-photos.ts). */
  verifyPhoto: (registrationId: string, version: string, sig: string) => boolean;
};

/** The public registration and checkout contracts (packages/domain/src/registration/registration.routes.ts), served. */
export function registerRegistrationPublicRoutes(app: FastifyInstance, { service, checkout, publicInfo, payments, credentialToken, verifyPhoto }: RegistrationPublicRoutesDeps): void {
  route(app, routes.registrationInfo, async (req, reply) => {
    // The body goes out as cached (built and checked against ZPublicRegistrationInfo once), or not at all (304).
    const doc = await publicInfo.read(req.params.eventId, req.query);
    // Browsers revalidate every time (a 304 costs the server one cached check); a CDN that honours
    // CDN-Cache-Control (RFC 9213) may answer from a copy up to 1 s old, or 5 s while it revalidates.
    // docs/PERFORMANCE.md "Public registration read" states how stale seat counts may be.
    reply.header('etag', doc.etag).header('cache-control', doc.shared ? 'public, no-cache' : 'private, no-cache');
    if (doc.shared) reply.header('cdn-cache-control', 'public, max-age=1, stale-while-revalidate=4');
    if (matchesIfNoneMatch(req.headers['if-none-match'], doc.etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').serializer((body) => body as string).send(doc.body);
  });
  route(app, routes.cartLink, async (req) => service.publicCartLink(req.params.cartLinkId));
  route(app, routes.categories, async (req) => service.publicCategories(req.params.eventId, req.query.name));
  route(app, routes.dates, async (req) => service.publicDates(req.params.categoryId));
  route(app, routes.quote, async (req) => checkout.quote(req.params.eventId, req.body));
  route(app, routes.createCart, async (req) => checkout.createCart(req.params.eventId, req.body));
  route(app, routes.getCart, async (req) => checkout.getCart(req.params.cartId));
  route(app, routes.releaseCart, async (req) => checkout.releaseCart(req.params.cartId));
  // An idempotent call answers the stored status and envelope as they were, so it sends them itself.
  route(app, routes.createOrder, async (req, reply) => {
    const idem = idempotency(req, `order:${req.params.eventId}`);
    const res = await checkout.withIdempotency(idem.scope, idem.key, req.body, async () => ({ status: 201, body: { status: 'OK' as const, data: await checkout.createOrder(req.params.eventId, req.body) } }));
    return reply.status(res.status as 201).header('idempotent-replayed', String(res.replayed)).send(res.body);
  });
  route(app, routes.order, async (req) => {
    await checkout.reconcileOrder(req.params.orderId);
    return checkout.publicOrder(req.params.orderId);
  });
  route(app, routes.retryPayment, async (req, reply) => {
    const idem = idempotency(req, `payment:${req.params.orderId}`);
    const res = await checkout.withIdempotency(idem.scope, idem.key, req.body, async () => ({ status: 201, body: { status: 'OK' as const, data: await checkout.retryPayment(req.params.orderId, req.body.provider) } }));
    return reply.status(res.status as 201).header('idempotent-replayed', String(res.replayed)).send(res.body);
  });
  route(app, routes.invoicePdf, async (req, reply) => {
    const pdf = await payments.invoicePdf(req.params.orderId);
    if (!pdf) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Invoice not found' });
    return reply.type('application/pdf').serializer((p) => p as string).send(pdf);
  });
  route(app, routes.creditNotes, async (req) => payments.publicCreditNotes(req.params.orderId));
  route(app, routes.creditNotePdf, async (req, reply) => {
    const doc = await payments.orderCreditNote(req.params.orderId, req.params.creditNoteId);
    if (!doc) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Credit note not found' });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${doc.fileName}"`).serializer((p) => p as string).send(doc.bytes);
  });
  route(app, routes.photo, async (req, reply) => {
    const photo = await service.photoBySignedUrl(req.params.registrationId, req.params.version, req.query.sig, verifyPhoto);
    if (!photo) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Photo not found' });
    // The URL names the photo's version, so a browser (and the scanner's cache) may keep it.
    return reply.type(photo.contentType).header('cache-control', 'private, max-age=86400, immutable').header('x-content-type-options', 'nosniff').serializer((p) => p as string).send(photo.bytes);
  });
  route(app, routes.ticketQr, async (req, reply) => {
    const found = await service.attendeeOf(req.params.orderId, req.params.registrationId);
    if (!found) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Ticket not found' });
    // no-store: a re-issue changes the credential, and a stale cached QR would be refused at the gate.
    const png = await ticketQrPng(await credentialToken(found.order.eventId, found.reg.id));
    return reply.type('image/png').header('cache-control', 'private, no-store').serializer((p) => p as string).send(png);
  });
}
