import type { FastifyInstance } from 'fastify';
import { paymentsRoutes as routes } from '@pavilion/domain/registration/payments.routes';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { PaymentsService } from './payments.service.ts';

/** The organiser payments contracts (packages/domain/src/registration/payments.routes.ts), served. */
export function registerPaymentsRoutes(app: FastifyInstance, service: PaymentsService): void {
  route(app, routes.getSettings, async (req) => service.getSettings(requireOrganisation(req).organisationId));
  route(app, routes.updateSettings, async (req) => service.updateSettings(requireOrganisation(req).organisationId, req.body));
  route(app, routes.getInvoiceSettings, async (req) => service.getInvoiceSettings(requireOrganisation(req).organisationId));
  route(app, routes.updateInvoiceSettings, async (req) => service.updateInvoiceSettings(requireOrganisation(req).organisationId, req.body));
  route(app, routes.transactions, async (req) => service.transactions(...organiser(req), req.params.eventId, req.query));
  route(app, routes.listRefunds, async (req) => service.listRefunds(...organiser(req), req.params.eventId, req.params.orderId));
  route(app, routes.refund, async (req) => service.refund(...organiser(req), req.params.eventId, req.params.orderId, req.body));
}
