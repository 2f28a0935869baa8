import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccompanyingRequest,
  ZApprovalRequest,
  ZAssignCategoryRequest,
  ZAssignGroupsRequest,
  ZAssignQuotaRequest,
  ZBulkUpdateResponse,
  ZCartLink,
  ZCartLinkList,
  ZCartLinkRequest,
  ZCoupon,
  ZCouponBulkRequest,
  ZCouponBulkResponse,
  ZCouponCreateRequest,
  ZCouponListQuery,
  ZCouponPage,
  ZCouponUpdateRequest,
  ZDateOption,
  ZDateOptionList,
  ZDateOptionRequest,
  ZDeleted,
  ZJourney,
  ZOrder,
  ZOrderListQuery,
  ZOrderPage,
  ZOrderParams,
  ZPaymentStatusRequest,
  ZQuota,
  ZQuotaCreateRequest,
  ZQuotaList,
  ZQuotaUpdateRequest,
  ZRegEventItemParams,
  ZRegEventParams,
  ZRegistration,
  ZRegistrationExportQuery,
  ZRegistrationForm,
  ZRegistrationFormList,
  ZRegistrationFormRequest,
  ZRegistrationList,
  ZRegistrationListQuery,
  ZRegistrationPage,
  ZRegistrationParams,
  ZRegistrationPhotoRequest,
  ZOwnPhoto,
  ZOwnRegistrationParams,
  ZRegistrationSettings,
  ZRegistrationSettingsUpdateRequest,
  ZReplaceUserRequest,
  ZTicket,
  ZTicketCreateRequest,
  ZTicketList,
  ZTicketQuotasRequest,
  ZTicketUpdateRequest,
  ZVisitorCategory,
  ZVisitorCategoryList,
  ZVisitorCategoryRequest,
  zOk,
} from '@pavilion/domain';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import type { RegistrationService } from './registration.service.ts';
import type { PaymentsService } from '../payments/index.ts';

const tags = ['registration'];

/** Organiser routes under /api/eventservices (generated table in API.md). Handlers: validated input, caller, one call. */
export const registrationRoutes: FastifyPluginAsyncZod<{ service: RegistrationService; payments: PaymentsService }> = async (app, { service, payments }) => {
  // Declared before /registrations/:registrationId so the static segment wins.
  app.get(
    '/events/:eventId/registrations/export',
    { config: { auth: 'organiser', access: 'AP-98' }, schema: { tags, params: ZRegEventParams, querystring: ZRegistrationExportQuery } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      const file = await service.exportRegistrations(user, organisationId, req.params.eventId, req.query);
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).serializer((p) => p as string).send(file.body);
    },
  );
  app.get(
    '/events/:eventId/orders/:orderId/invoice.pdf',
    { config: { auth: 'organiser', access: 'AP-193' }, schema: { tags, params: ZOrderParams } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      const order = await service.orderInEvent(user, organisationId, req.params.eventId, req.params.orderId);
      const pdf = await payments.invoicePdf(order.id);
      if (!pdf) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'This order has no invoice' });
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="invoice-${order.registrationNo}.pdf"`).serializer((p) => p as string).send(pdf);
    },
  );
  app.get(
    '/events/:eventId/registration-settings',
    { config: { auth: 'organiser', access: 'AP-46' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZRegistrationSettings) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.getSettings(user, organisationId, req.params.eventId) };
    },
  );
  app.patch(
    '/events/:eventId/registration-settings',
    { config: { auth: 'organiser', access: 'AP-48' }, schema: { tags, params: ZRegEventParams, body: ZRegistrationSettingsUpdateRequest, response: { 200: zOk(ZRegistrationSettings) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateSettings(user, organisationId, req.params.eventId, req.body) };
    },
  );
  app.get(
    '/events/:eventId/tickets',
    { config: { auth: 'organiser', access: 'AP-46' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZTicketList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listTickets(user, organisationId, req.params.eventId) };
    },
  );
  app.post(
    '/events/:eventId/tickets',
    { config: { auth: 'organiser', access: 'AP-47' }, schema: { tags, params: ZRegEventParams, body: ZTicketCreateRequest, response: { 201: zOk(ZTicket) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createTicket(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.get(
    '/events/:eventId/tickets/:id',
    { config: { auth: 'organiser', access: 'AP-46' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZTicket) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.getTicket(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.patch(
    '/events/:eventId/tickets/:id',
    { config: { auth: 'organiser', access: 'AP-48' }, schema: { tags, params: ZRegEventItemParams, body: ZTicketUpdateRequest, response: { 200: zOk(ZTicket) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateTicket(user, organisationId, req.params.eventId, req.params.id, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/tickets/:id',
    { config: { auth: 'organiser', access: 'AP-49' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteTicket(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.put(
    '/events/:eventId/tickets/:id/quotas',
    { config: { auth: 'organiser', access: 'AP-51' }, schema: { tags, params: ZRegEventItemParams, body: ZTicketQuotasRequest, response: { 200: zOk(ZTicket) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.setTicketQuotas(user, organisationId, req.params.eventId, req.params.id, req.body.quotaIds) };
    },
  );
  app.get(
    '/events/:eventId/quotas',
    { config: { auth: 'organiser', access: 'AP-46' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZQuotaList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listQuotas(user, organisationId, req.params.eventId) };
    },
  );
  app.post(
    '/events/:eventId/quotas',
    { config: { auth: 'organiser', access: 'AP-51' }, schema: { tags, params: ZRegEventParams, body: ZQuotaCreateRequest, response: { 201: zOk(ZQuota) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createQuota(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.patch(
    '/events/:eventId/quotas/:id',
    { config: { auth: 'organiser', access: 'AP-51' }, schema: { tags, params: ZRegEventItemParams, body: ZQuotaUpdateRequest, response: { 200: zOk(ZQuota) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateQuota(user, organisationId, req.params.eventId, req.params.id, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/quotas/:id',
    { config: { auth: 'organiser', access: 'AP-51' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteQuota(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.get(
    '/events/:eventId/forms',
    { config: { auth: 'organiser', access: 'AP-72' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZRegistrationFormList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listForms(user, organisationId, req.params.eventId) };
    },
  );
  app.post(
    '/events/:eventId/forms',
    { config: { auth: 'organiser', access: 'AP-73' }, schema: { tags, params: ZRegEventParams, body: ZRegistrationFormRequest, response: { 201: zOk(ZRegistrationForm) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createForm(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.put(
    '/events/:eventId/forms/:id',
    { config: { auth: 'organiser', access: 'AP-74' }, schema: { tags, params: ZRegEventItemParams, body: ZRegistrationFormRequest, response: { 200: zOk(ZRegistrationForm) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateForm(user, organisationId, req.params.eventId, req.params.id, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/forms/:id',
    { config: { auth: 'organiser', access: 'AP-75' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteForm(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.get(
    '/events/:eventId/coupons',
    { config: { auth: 'organiser', access: 'AP-161' }, schema: { tags, params: ZRegEventParams, querystring: ZCouponListQuery, response: { 200: zOk(ZCouponPage) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listCoupons(user, organisationId, req.params.eventId, req.query) };
    },
  );
  app.post(
    '/events/:eventId/coupons',
    { config: { auth: 'organiser', access: 'AP-162' }, schema: { tags, params: ZRegEventParams, body: ZCouponCreateRequest, response: { 201: zOk(ZCoupon) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createCoupon(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.post(
    '/events/:eventId/coupons/bulk',
    { config: { auth: 'organiser', access: 'AP-166' }, schema: { tags, params: ZRegEventParams, body: ZCouponBulkRequest, response: { 201: zOk(ZCouponBulkResponse) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.bulkCoupons(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.patch(
    '/events/:eventId/coupons/:id',
    { config: { auth: 'organiser', access: 'AP-163' }, schema: { tags, params: ZRegEventItemParams, body: ZCouponUpdateRequest, response: { 200: zOk(ZCoupon) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateCoupon(user, organisationId, req.params.eventId, req.params.id, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/coupons/:id',
    { config: { auth: 'organiser', access: 'AP-164' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteCoupon(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.get(
    '/events/:eventId/visitor-categories',
    { config: { auth: 'organiser', access: 'AP-112' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZVisitorCategoryList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listCategories(user, organisationId, req.params.eventId) };
    },
  );
  app.post(
    '/events/:eventId/visitor-categories',
    { config: { auth: 'organiser', access: 'AP-113' }, schema: { tags, params: ZRegEventParams, body: ZVisitorCategoryRequest, response: { 201: zOk(ZVisitorCategory) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createCategory(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.put(
    '/events/:eventId/visitor-categories/:id',
    { config: { auth: 'organiser', access: 'AP-114' }, schema: { tags, params: ZRegEventItemParams, body: ZVisitorCategoryRequest, response: { 200: zOk(ZVisitorCategory) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateCategory(user, organisationId, req.params.eventId, req.params.id, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/visitor-categories/:id',
    { config: { auth: 'organiser', access: 'AP-115' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteCategory(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.get(
    '/events/:eventId/date-options',
    { config: { auth: 'organiser', access: 'AP-112' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZDateOptionList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listDateOptions(user, organisationId, req.params.eventId) };
    },
  );
  app.post(
    '/events/:eventId/date-options',
    { config: { auth: 'organiser', access: 'AP-113' }, schema: { tags, params: ZRegEventParams, body: ZDateOptionRequest, response: { 201: zOk(ZDateOption) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createDateOption(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.delete(
    '/events/:eventId/date-options/:id',
    { config: { auth: 'organiser', access: 'AP-115' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteDateOption(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.get(
    '/events/:eventId/cart-links',
    { config: { auth: 'organiser', access: 'AP-83' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZCartLinkList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listCartLinks(user, organisationId, req.params.eventId) };
    },
  );
  app.post(
    '/events/:eventId/cart-links',
    { config: { auth: 'organiser', access: 'AP-84' }, schema: { tags, params: ZRegEventParams, body: ZCartLinkRequest, response: { 201: zOk(ZCartLink) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createCartLink(user, organisationId, req.params.eventId, req.body) });
    },
  );
  app.put(
    '/events/:eventId/cart-links/:id',
    { config: { auth: 'organiser', access: 'AP-85' }, schema: { tags, params: ZRegEventItemParams, body: ZCartLinkRequest, response: { 200: zOk(ZCartLink) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.updateCartLink(user, organisationId, req.params.eventId, req.params.id, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/cart-links/:id',
    { config: { auth: 'organiser', access: 'AP-86' }, schema: { tags, params: ZRegEventItemParams, response: { 200: zOk(ZDeleted) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.deleteCartLink(user, organisationId, req.params.eventId, req.params.id) };
    },
  );
  app.get(
    '/events/:eventId/registrations',
    { config: { auth: 'organiser', access: 'AP-94' }, schema: { tags, params: ZRegEventParams, querystring: ZRegistrationListQuery, response: { 200: zOk(ZRegistrationPage) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listRegistrations(user, organisationId, req.params.eventId, req.query) };
    },
  );
  app.post(
    '/events/:eventId/registrations/approval',
    { config: { auth: 'organiser', access: 'AP-99' }, schema: { tags, params: ZRegEventParams, body: ZApprovalRequest, response: { 200: zOk(ZBulkUpdateResponse) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.setApproval(user, organisationId, req.params.eventId, req.body) };
    },
  );
  app.post(
    '/events/:eventId/registrations/assign-quota',
    { config: { auth: 'organiser', access: 'AP-51' }, schema: { tags, params: ZRegEventParams, body: ZAssignQuotaRequest, response: { 200: zOk(ZBulkUpdateResponse) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.assignQuota(user, organisationId, req.params.eventId, req.body) };
    },
  );
  app.post(
    '/events/:eventId/registrations/assign-category',
    { config: { auth: 'organiser', access: 'AP-117' }, schema: { tags, params: ZRegEventParams, body: ZAssignCategoryRequest, response: { 200: zOk(ZBulkUpdateResponse) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.assignCategory(user, organisationId, req.params.eventId, req.body) };
    },
  );
  app.post(
    '/events/:eventId/registrations/assign-groups',
    { config: { auth: 'organiser', access: 'AP-118' }, schema: { tags, params: ZRegEventParams, body: ZAssignGroupsRequest, response: { 200: zOk(ZBulkUpdateResponse) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.assignGroups(user, organisationId, req.params.eventId, req.body) };
    },
  );
  app.get(
    '/events/:eventId/registrations/:registrationId',
    { config: { auth: 'organiser', access: 'AP-94' }, schema: { tags, params: ZRegistrationParams, response: { 200: zOk(ZRegistration) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.getRegistration(user, organisationId, req.params.eventId, req.params.registrationId) };
    },
  );
  app.post(
    '/events/:eventId/registrations/:registrationId/replace',
    { config: { auth: 'organiser', access: 'AP-101' }, schema: { tags, params: ZRegistrationParams, body: ZReplaceUserRequest, response: { 200: zOk(ZRegistration) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.replaceUser(user, organisationId, req.params.eventId, req.params.registrationId, req.body) };
    },
  );
  app.post(
    '/events/:eventId/registrations/:registrationId/accompanying',
    { config: { auth: 'organiser', access: 'AP-102' }, schema: { tags, params: ZRegistrationParams, body: ZAccompanyingRequest, response: { 201: zOk(ZRegistrationList) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.addAccompanying(user, organisationId, req.params.eventId, req.params.registrationId, req.body) });
    },
  );
  app.post(
    '/events/:eventId/registrations/:registrationId/payment-status',
    { config: { auth: 'organiser', access: 'AP-103' }, schema: { tags, params: ZRegistrationParams, body: ZPaymentStatusRequest, response: { 200: zOk(ZRegistration) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.setPaymentStatus(user, organisationId, req.params.eventId, req.params.registrationId, req.body) };
    },
  );
  app.put(
    '/events/:eventId/registrations/:registrationId/photo',
    { config: { auth: 'organiser', access: 'AP-96' }, schema: { tags, params: ZRegistrationParams, body: ZRegistrationPhotoRequest, response: { 200: zOk(ZRegistration) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.setPhoto(user, organisationId, req.params.eventId, req.params.registrationId, req.body) };
    },
  );
  app.delete(
    '/events/:eventId/registrations/:registrationId/photo',
    { config: { auth: 'organiser', access: 'AP-96' }, schema: { tags, params: ZRegistrationParams, response: { 200: zOk(ZRegistration) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.removePhoto(user, organisationId, req.params.eventId, req.params.registrationId) };
    },
  );
  // The attendee's own photo (eb): any signed-in user, for registrations made with their account email.
  app.put(
    '/me/registrations/:registrationId/photo',
    { config: { auth: 'user' }, schema: { tags, params: ZOwnRegistrationParams, body: ZRegistrationPhotoRequest, response: { 200: zOk(ZOwnPhoto) } } },
    async (req) => ({ status: 'OK' as const, data: await service.setOwnPhoto(requireUser(req), req.params.registrationId, req.body) }),
  );
  app.delete(
    '/me/registrations/:registrationId/photo',
    { config: { auth: 'user' }, schema: { tags, params: ZOwnRegistrationParams, response: { 200: zOk(ZOwnPhoto) } } },
    async (req) => ({ status: 'OK' as const, data: await service.removeOwnPhoto(requireUser(req), req.params.registrationId) }),
  );
  app.get(
    '/events/:eventId/registrations/:registrationId/journey',
    { config: { auth: 'organiser', access: 'AP-124' }, schema: { tags, params: ZRegistrationParams, response: { 200: zOk(ZJourney) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.journeyOf(user, organisationId, req.params.eventId, req.params.registrationId) };
    },
  );
  app.get(
    '/events/:eventId/orders',
    { config: { auth: 'organiser', access: 'AP-175' }, schema: { tags, params: ZRegEventParams, querystring: ZOrderListQuery, response: { 200: zOk(ZOrderPage) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listOrders(user, organisationId, req.params.eventId, req.query) };
    },
  );
  app.get(
    '/events/:eventId/orders/:orderId',
    { config: { auth: 'organiser', access: 'AP-175' }, schema: { tags, params: ZOrderParams, response: { 200: zOk(ZOrder) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.getOrder(user, organisationId, req.params.eventId, req.params.orderId) };
    },
  );
  app.post(
    '/events/:eventId/orders/:orderId/mark-paid',
    { config: { auth: 'organiser', access: 'AP-180' }, schema: { tags, params: ZOrderParams, response: { 200: zOk(ZOrder) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.markPaid(user, organisationId, req.params.eventId, req.params.orderId) };
    },
  );
  app.post(
    '/events/:eventId/orders/:orderId/cancel',
    { config: { auth: 'organiser', access: 'AP-190' }, schema: { tags, params: ZOrderParams, response: { 200: zOk(ZOrder) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.cancelOrder(user, organisationId, req.params.eventId, req.params.orderId) };
    },
  );
};
