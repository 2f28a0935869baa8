import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZInvoiceSettings,
  ZInvoiceSettingsUpdateRequest,
  ZOrderParams,
  ZPaymentSettings,
  ZPaymentSettingsUpdateRequest,
  ZRefund,
  ZRefundList,
  ZRefundRequest,
  ZRegEventParams,
  ZTransactionListQuery,
  ZTransactionPage,
  zOk,
} from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { PaymentsService } from './payments.service.ts';

const tags = ['payments'];

/** Organiser routes under /api/productservices/api. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (app, { service }) => {
  app.get('/payment-settings', { config: { auth: 'organiser', access: 'AP-203' }, schema: { tags, response: { 200: zOk(ZPaymentSettings) } } }, async (req) => ({
    status: 'OK' as const,
    data: await service.getSettings(requireOrganisation(req).organisationId),
  }));
  app.put(
    '/payment-settings',
    { config: { auth: 'organiser', access: 'AP-204' }, schema: { tags, body: ZPaymentSettingsUpdateRequest, response: { 200: zOk(ZPaymentSettings) } } },
    async (req) => ({ status: 'OK' as const, data: await service.updateSettings(requireOrganisation(req).organisationId, req.body) }),
  );
  app.get('/invoice-settings', { config: { auth: 'organiser', access: 'AP-195' }, schema: { tags, response: { 200: zOk(ZInvoiceSettings) } } }, async (req) => ({
    status: 'OK' as const,
    data: await service.getInvoiceSettings(requireOrganisation(req).organisationId),
  }));
  app.put(
    '/invoice-settings',
    { config: { auth: 'organiser', access: 'AP-196' }, schema: { tags, body: ZInvoiceSettingsUpdateRequest, response: { 200: zOk(ZInvoiceSettings) } } },
    async (req) => ({ status: 'OK' as const, data: await service.updateInvoiceSettings(requireOrganisation(req).organisationId, req.body) }),
  );
  app.get(
    '/events/:eventId/transactions',
    { config: { auth: 'organiser', access: 'AP-217' }, schema: { tags, params: ZRegEventParams, querystring: ZTransactionListQuery, response: { 200: zOk(ZTransactionPage) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.transactions(user, organisationId, req.params.eventId, req.query) };
    },
  );
  app.get(
    '/events/:eventId/orders/:orderId/refunds',
    { config: { auth: 'organiser', access: 'AP-181' }, schema: { tags, params: ZOrderParams, response: { 200: zOk(ZRefundList) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.listRefunds(user, organisationId, req.params.eventId, req.params.orderId) };
    },
  );
  app.post(
    '/events/:eventId/orders/:orderId/refunds',
    { config: { auth: 'organiser', access: 'AP-183' }, schema: { tags, params: ZOrderParams, body: ZRefundRequest, response: { 201: zOk(ZRefund) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.refund(user, organisationId, req.params.eventId, req.params.orderId, req.body) });
    },
  );
};
