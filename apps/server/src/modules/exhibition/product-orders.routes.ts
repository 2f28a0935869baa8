import type { FastifyInstance, FastifyReply } from 'fastify';
import { productOrdersRoutes as routes } from '@pavilion/domain/exhibition/product-orders.routes';
import { PRODUCT_IMAGE_BODY_LIMIT } from '@pavilion/domain';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { ProductOrdersService, TProductOrdersFile } from './product-orders.service.ts';

/** The product images, product orders and staff quota contracts (packages/domain/src/exhibition/product-orders.routes.ts), served. */
export function registerProductOrdersRoutes(app: FastifyInstance, service: ProductOrdersService): void {
  const participant = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });

  route(app, routes.productImages, async (req) => service.productImages(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId));
  route(app, routes.uploadProductImage, async (req) => service.uploadProductImage(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId, req.body), { bodyLimit: PRODUCT_IMAGE_BODY_LIMIT });
  route(app, routes.deleteProductImage, async (req) => service.deleteProductImage(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId, req.params.imageId));

  route(app, routes.productOrders, async (req) => service.orders(...organiser(req), req.params.eventId, req.query));
  const sendFile = (reply: FastifyReply, file: TProductOrdersFile) =>
    reply.type(file.contentType).header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${file.fileName}"`).serializer((p) => p as string).send(file.body);
  route(app, routes.exportOrders, async (req, reply) => sendFile(reply, await service.exportOrders(...organiser(req), req.params.eventId, req.query)));
  route(app, routes.approveOrder, async (req) => service.approve(...organiser(req), req.params.eventId, req.params.orderId));
  route(app, routes.rejectOrder, async (req) => service.reject(...organiser(req), req.params.eventId, req.params.orderId, req.body.reason));
  route(app, routes.fulfilOrder, async (req) => service.fulfil(...organiser(req), req.params.eventId, req.params.orderId));

  route(app, routes.staffQuota, async (req) => service.staffQuota(...organiser(req), req.params.eventId));
  route(app, routes.saveStaffQuota, async (req) => service.saveStaffQuota(...organiser(req), req.params.eventId, req.body.bands));
  route(app, routes.clearStaffQuota, async (req) => service.clearStaffQuota(...organiser(req), req.params.eventId));

  route(app, routes.myOrders, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.myOrders(participant(req), req.params.eventId);
  });
  route(app, routes.myExportOrders, async (req, reply) => sendFile(reply, await service.myExportOrders(participant(req), req.params.eventId, req.query)));
  route(app, routes.myApproveOrder, async (req) => service.myApprove(participant(req), req.params.eventId, req.params.orderId));
  route(app, routes.myRejectOrder, async (req) => service.myReject(participant(req), req.params.eventId, req.params.orderId, req.body.reason));
  route(app, routes.myFulfilOrder, async (req) => service.myFulfil(participant(req), req.params.eventId, req.params.orderId));

  route(app, routes.placeOrder, async (req) => service.placeOrder(participant(req), req.params.eventId, req.params.companyId, req.body));
  route(app, routes.attendeeOrders, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.attendeeOrders(participant(req), req.params.eventId);
  });
  route(app, routes.exhibitorProductImages, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.exhibitorProductImages(participant(req), req.params.eventId, req.params.companyId);
  });
  route(app, routes.productImageFile, async (req, reply) => {
    const file = await service.productImageFile(req.params.eventId, req.params.companyId, req.params.productId, req.params.imageId);
    // An image id names fixed bytes (a new upload is a new id): cached by the browser, never sniffed as something else.
    return reply.type(file.contentType).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff').send(file.bytes);
  });
}
