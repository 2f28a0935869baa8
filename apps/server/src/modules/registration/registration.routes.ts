import type { FastifyInstance } from 'fastify';
import { registrationRoutes as routes } from '@pavilion/domain/registration/registration.routes';
import { requireUser } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { RegistrationService } from './registration.service.ts';

export type RegistrationRoutesDeps = { service: RegistrationService; payments: PaymentsService };

/**
 * The organiser registration contracts (packages/domain/src/registration/registration.routes.ts), served.
 * Handlers: validated input, caller, one call.
 */
export function registerRegistrationRoutes(app: FastifyInstance, { service, payments }: RegistrationRoutesDeps): void {
  route(app, routes.exportRegistrations, async (req, reply) => {
    const file = await service.exportRegistrations(...organiser(req), req.params.eventId, req.query);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).serializer((p) => p as string).send(file.body);
  });
  route(app, routes.invoicePdf, async (req, reply) => {
    const order = await service.orderInEvent(...organiser(req), req.params.eventId, req.params.orderId);
    const pdf = await payments.invoicePdf(order.id);
    if (!pdf) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'This order has no invoice' });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="invoice-${order.registrationNo}.pdf"`).serializer((p) => p as string).send(pdf);
  });
  route(app, routes.creditNotePdf, async (req, reply) => {
    const order = await service.orderInEvent(...organiser(req), req.params.eventId, req.params.orderId);
    const doc = await payments.orderCreditNote(order.id, req.params.creditNoteId);
    if (!doc) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'This order has no such credit note' });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${doc.fileName}"`).serializer((p) => p as string).send(doc.bytes);
  });
  route(app, routes.getSettings, async (req) => service.getSettings(...organiser(req), req.params.eventId));
  route(app, routes.updateSettings, async (req) => service.updateSettings(...organiser(req), req.params.eventId, req.body));
  route(app, routes.listTickets, async (req) => service.listTickets(...organiser(req), req.params.eventId));
  route(app, routes.createTicket, async (req) => service.createTicket(...organiser(req), req.params.eventId, req.body));
  route(app, routes.getTicket, async (req) => service.getTicket(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.updateTicket, async (req) => service.updateTicket(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteTicket, async (req) => service.deleteTicket(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.setTicketQuotas, async (req) => service.setTicketQuotas(...organiser(req), req.params.eventId, req.params.id, req.body.quotaIds));
  route(app, routes.listQuotas, async (req) => service.listQuotas(...organiser(req), req.params.eventId));
  route(app, routes.createQuota, async (req) => service.createQuota(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateQuota, async (req) => service.updateQuota(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteQuota, async (req) => service.deleteQuota(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.listForms, async (req) => service.listForms(...organiser(req), req.params.eventId));
  route(app, routes.createForm, async (req) => service.createForm(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateForm, async (req) => service.updateForm(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteForm, async (req) => service.deleteForm(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.listCoupons, async (req) => service.listCoupons(...organiser(req), req.params.eventId, req.query));
  route(app, routes.createCoupon, async (req) => service.createCoupon(...organiser(req), req.params.eventId, req.body));
  route(app, routes.bulkCoupons, async (req) => service.bulkCoupons(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateCoupon, async (req) => service.updateCoupon(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteCoupon, async (req) => service.deleteCoupon(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.listCategories, async (req) => service.listCategories(...organiser(req), req.params.eventId));
  route(app, routes.createCategory, async (req) => service.createCategory(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateCategory, async (req) => service.updateCategory(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteCategory, async (req) => service.deleteCategory(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.listDateOptions, async (req) => service.listDateOptions(...organiser(req), req.params.eventId));
  route(app, routes.createDateOption, async (req) => service.createDateOption(...organiser(req), req.params.eventId, req.body));
  route(app, routes.deleteDateOption, async (req) => service.deleteDateOption(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.listCartLinks, async (req) => service.listCartLinks(...organiser(req), req.params.eventId));
  route(app, routes.createCartLink, async (req) => service.createCartLink(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateCartLink, async (req) => service.updateCartLink(...organiser(req), req.params.eventId, req.params.id, req.body));
  route(app, routes.deleteCartLink, async (req) => service.deleteCartLink(...organiser(req), req.params.eventId, req.params.id));
  route(app, routes.listRegistrations, async (req) => service.listRegistrations(...organiser(req), req.params.eventId, req.query));
  route(app, routes.setApproval, async (req) => service.setApproval(...organiser(req), req.params.eventId, req.body));
  route(app, routes.assignQuota, async (req) => service.assignQuota(...organiser(req), req.params.eventId, req.body));
  route(app, routes.assignCategory, async (req) => service.assignCategory(...organiser(req), req.params.eventId, req.body));
  route(app, routes.assignGroups, async (req) => service.assignGroups(...organiser(req), req.params.eventId, req.body));
  route(app, routes.getRegistration, async (req) => service.getRegistration(...organiser(req), req.params.eventId, req.params.registrationId));
  route(app, routes.replaceUser, async (req) => service.replaceUser(...organiser(req), req.params.eventId, req.params.registrationId, req.body));
  route(app, routes.addAccompanying, async (req) => service.addAccompanying(...organiser(req), req.params.eventId, req.params.registrationId, req.body));
  route(app, routes.setPaymentStatus, async (req) => service.setPaymentStatus(...organiser(req), req.params.eventId, req.params.registrationId, req.body));
  route(app, routes.setPhoto, async (req) => service.setPhoto(...organiser(req), req.params.eventId, req.params.registrationId, req.body));
  route(app, routes.removePhoto, async (req) => service.removePhoto(...organiser(req), req.params.eventId, req.params.registrationId));
  // The attendee's own photo (eb): any signed-in user, for registrations made with their account email.
  route(app, routes.setOwnPhoto, async (req) => service.setOwnPhoto(requireUser(req), req.params.registrationId, req.body));
  route(app, routes.removeOwnPhoto, async (req) => service.removeOwnPhoto(requireUser(req), req.params.registrationId));
  route(app, routes.journeyOf, async (req) => service.journeyOf(...organiser(req), req.params.eventId, req.params.registrationId));
  route(app, routes.listOrders, async (req) => service.listOrders(...organiser(req), req.params.eventId, req.query));
  route(app, routes.getOrder, async (req) => service.getOrder(...organiser(req), req.params.eventId, req.params.orderId));
  route(app, routes.markPaid, async (req) => service.markPaid(...organiser(req), req.params.eventId, req.params.orderId));
  route(app, routes.cancelOrder, async (req) => service.cancelOrder(...organiser(req), req.params.eventId, req.params.orderId));
}
