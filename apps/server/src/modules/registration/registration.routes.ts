import type { FastifyInstance } from 'fastify';
import type { TRouteContract } from '@pavilion/domain';
import { registrationRoutes as routes } from '@pavilion/domain/registration/registration.routes';
import { requireOrganisation, requireUser, type AuthUser } from '../../platform/auth-guard.ts';
import { route, type TContractHandler, type TContractRequest } from '../../platform/contract-routes.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { RegistrationService } from './registration.service.ts';

export type RegistrationRoutesDeps = { service: RegistrationService; payments: PaymentsService };

/**
 * The organiser registration contracts (packages/domain/src/registration/registration.routes.ts), served.
 * Handlers: validated input, caller, one call.
 */
export function registerRegistrationRoutes(app: FastifyInstance, { service, payments }: RegistrationRoutesDeps): void {
  /** An organiser route: the caller and their organisation, then the one service call. */
  const inOrg = <C extends TRouteContract>(contract: C, call: (req: TContractRequest<C>, user: AuthUser, organisationId: string) => ReturnType<TContractHandler<C>>) =>
    route(app, contract, (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return call(req, user, organisationId);
    });

  route(app, routes.exportRegistrations, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const file = await service.exportRegistrations(user, organisationId, req.params.eventId, req.query);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).serializer((p) => p as string).send(file.body);
  });
  route(app, routes.invoicePdf, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const order = await service.orderInEvent(user, organisationId, req.params.eventId, req.params.orderId);
    const pdf = await payments.invoicePdf(order.id);
    if (!pdf) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'This order has no invoice' });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="invoice-${order.registrationNo}.pdf"`).serializer((p) => p as string).send(pdf);
  });
  inOrg(routes.getSettings, (req, u, o) => service.getSettings(u, o, req.params.eventId));
  inOrg(routes.updateSettings, (req, u, o) => service.updateSettings(u, o, req.params.eventId, req.body));
  inOrg(routes.listTickets, (req, u, o) => service.listTickets(u, o, req.params.eventId));
  inOrg(routes.createTicket, (req, u, o) => service.createTicket(u, o, req.params.eventId, req.body));
  inOrg(routes.getTicket, (req, u, o) => service.getTicket(u, o, req.params.eventId, req.params.id));
  inOrg(routes.updateTicket, (req, u, o) => service.updateTicket(u, o, req.params.eventId, req.params.id, req.body));
  inOrg(routes.deleteTicket, (req, u, o) => service.deleteTicket(u, o, req.params.eventId, req.params.id));
  inOrg(routes.setTicketQuotas, (req, u, o) => service.setTicketQuotas(u, o, req.params.eventId, req.params.id, req.body.quotaIds));
  inOrg(routes.listQuotas, (req, u, o) => service.listQuotas(u, o, req.params.eventId));
  inOrg(routes.createQuota, (req, u, o) => service.createQuota(u, o, req.params.eventId, req.body));
  inOrg(routes.updateQuota, (req, u, o) => service.updateQuota(u, o, req.params.eventId, req.params.id, req.body));
  inOrg(routes.deleteQuota, (req, u, o) => service.deleteQuota(u, o, req.params.eventId, req.params.id));
  inOrg(routes.listForms, (req, u, o) => service.listForms(u, o, req.params.eventId));
  inOrg(routes.createForm, (req, u, o) => service.createForm(u, o, req.params.eventId, req.body));
  inOrg(routes.updateForm, (req, u, o) => service.updateForm(u, o, req.params.eventId, req.params.id, req.body));
  inOrg(routes.deleteForm, (req, u, o) => service.deleteForm(u, o, req.params.eventId, req.params.id));
  inOrg(routes.listCoupons, (req, u, o) => service.listCoupons(u, o, req.params.eventId, req.query));
  inOrg(routes.createCoupon, (req, u, o) => service.createCoupon(u, o, req.params.eventId, req.body));
  inOrg(routes.bulkCoupons, (req, u, o) => service.bulkCoupons(u, o, req.params.eventId, req.body));
  inOrg(routes.updateCoupon, (req, u, o) => service.updateCoupon(u, o, req.params.eventId, req.params.id, req.body));
  inOrg(routes.deleteCoupon, (req, u, o) => service.deleteCoupon(u, o, req.params.eventId, req.params.id));
  inOrg(routes.listCategories, (req, u, o) => service.listCategories(u, o, req.params.eventId));
  inOrg(routes.createCategory, (req, u, o) => service.createCategory(u, o, req.params.eventId, req.body));
  inOrg(routes.updateCategory, (req, u, o) => service.updateCategory(u, o, req.params.eventId, req.params.id, req.body));
  inOrg(routes.deleteCategory, (req, u, o) => service.deleteCategory(u, o, req.params.eventId, req.params.id));
  inOrg(routes.listDateOptions, (req, u, o) => service.listDateOptions(u, o, req.params.eventId));
  inOrg(routes.createDateOption, (req, u, o) => service.createDateOption(u, o, req.params.eventId, req.body));
  inOrg(routes.deleteDateOption, (req, u, o) => service.deleteDateOption(u, o, req.params.eventId, req.params.id));
  inOrg(routes.listCartLinks, (req, u, o) => service.listCartLinks(u, o, req.params.eventId));
  inOrg(routes.createCartLink, (req, u, o) => service.createCartLink(u, o, req.params.eventId, req.body));
  inOrg(routes.updateCartLink, (req, u, o) => service.updateCartLink(u, o, req.params.eventId, req.params.id, req.body));
  inOrg(routes.deleteCartLink, (req, u, o) => service.deleteCartLink(u, o, req.params.eventId, req.params.id));
  inOrg(routes.listRegistrations, (req, u, o) => service.listRegistrations(u, o, req.params.eventId, req.query));
  inOrg(routes.setApproval, (req, u, o) => service.setApproval(u, o, req.params.eventId, req.body));
  inOrg(routes.assignQuota, (req, u, o) => service.assignQuota(u, o, req.params.eventId, req.body));
  inOrg(routes.assignCategory, (req, u, o) => service.assignCategory(u, o, req.params.eventId, req.body));
  inOrg(routes.assignGroups, (req, u, o) => service.assignGroups(u, o, req.params.eventId, req.body));
  inOrg(routes.getRegistration, (req, u, o) => service.getRegistration(u, o, req.params.eventId, req.params.registrationId));
  inOrg(routes.replaceUser, (req, u, o) => service.replaceUser(u, o, req.params.eventId, req.params.registrationId, req.body));
  inOrg(routes.addAccompanying, (req, u, o) => service.addAccompanying(u, o, req.params.eventId, req.params.registrationId, req.body));
  inOrg(routes.setPaymentStatus, (req, u, o) => service.setPaymentStatus(u, o, req.params.eventId, req.params.registrationId, req.body));
  inOrg(routes.setPhoto, (req, u, o) => service.setPhoto(u, o, req.params.eventId, req.params.registrationId, req.body));
  inOrg(routes.removePhoto, (req, u, o) => service.removePhoto(u, o, req.params.eventId, req.params.registrationId));
  // The attendee's own photo (eb): any signed-in user, for registrations made with their account email.
  route(app, routes.setOwnPhoto, async (req) => service.setOwnPhoto(requireUser(req), req.params.registrationId, req.body));
  route(app, routes.removeOwnPhoto, async (req) => service.removeOwnPhoto(requireUser(req), req.params.registrationId));
  inOrg(routes.journeyOf, (req, u, o) => service.journeyOf(u, o, req.params.eventId, req.params.registrationId));
  inOrg(routes.listOrders, (req, u, o) => service.listOrders(u, o, req.params.eventId, req.query));
  inOrg(routes.getOrder, (req, u, o) => service.getOrder(u, o, req.params.eventId, req.params.orderId));
  inOrg(routes.markPaid, (req, u, o) => service.markPaid(u, o, req.params.eventId, req.params.orderId));
  inOrg(routes.cancelOrder, (req, u, o) => service.cancelOrder(u, o, req.params.eventId, req.params.orderId));
}
