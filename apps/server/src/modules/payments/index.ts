import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import { loadSigningSecret } from '../../platform/secrets.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { registerPaymentsPublicRoutes } from './payments.public-routes.ts';
import { registerPaymentsRoutes } from './payments.routes.ts';
import type { OrderPaid } from '../registration/index.ts';
import { createPaymentsService, type PaymentsDeps } from './payments.service.ts';
import type { ServiceOrderApproved } from './company-invoices.service.ts';

export type { PaymentsService, PaymentsEvents, OrdersPort, OrderView } from './payments.service.ts';
export type { ServiceOrderApproved, CompanyInvoices } from './company-invoices.service.ts';
export { signPavilion, razorpayRedirectSignature, razorpayWebhookSignature } from './providers.ts';

export type PaymentsModuleDeps = Omit<PaymentsDeps, 'repo' | 'inject' | 'testGatewaySecret'> & {
  /** JWT_SECRET from config (else the stored instance secret): the test gateway's signing key is derived from it. */
  jwtSecret?: string;
};

/**
 * Payments (providers, webhooks, refunds, invoices): reads orders through registration's port and tells registration
 * what happened to the money through its facts (PaymentsEvents); it reacts to registration's `order.paid`.
 */
export function createPaymentsModule(db: Db, deps: PaymentsModuleDeps) {
  const inject: PaymentsDeps['inject'] = { current: null };
  const secret = { value: '' };
  const service = createPaymentsService({ ...deps, repo: createPaymentsRepository(db), inject, testGatewaySecret: () => secret.value });
  return {
    service,
    /**
     * When registration says an order is paid: its invoice, and a desk payment's record. When exhibition approves a
     * priced service-form order: its lines on the company's open invoice. When a company invoice was paid twice: the
     * second payment back.
     */
    subscribe(bus: Subscriber<{ 'order.paid': OrderPaid; 'service-order.approved': ServiceOrderApproved; 'company-invoice.overpaid': { paymentId: string } }>) {
      bus.subscribe('order.paid', (e) => service.onOrderPaid(e));
      bus.subscribe('service-order.approved', (e) => service.companyInvoices.onServiceOrderApproved(e));
      // Its own fact: a second payment of a paid company invoice goes back through its provider (idempotent).
      bus.subscribe('company-invoice.overpaid', (e) => service.companyInvoices.refundOverpayment(e));
    },
    /** Organiser routes (productservices/api) and public payment routes (eventservices/public/payments), from their contracts. */
    plugin: async (app: FastifyInstance) => {
      const signingSecret = await loadSigningSecret(db, deps.jwtSecret);
      secret.value = createHash('sha256').update(`pavilion-test-gateway:${signingSecret}`).digest('hex');
      // The test gateway delivers its webhook through the root app, so it crosses the same hooks and parsers.
      inject.current = (opts) => app.inject(opts);
      registerPaymentsRoutes(app, service);
      await registerPaymentsPublicRoutes(app, service);
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    payments: ReturnType<typeof createPaymentsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The payments module in the app's module list: built before registration, which starts checkouts through it. */
export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['events'],
  create: (p, { events }) => {
    const env = process.env;
    return createPaymentsModule(p.db, {
      orders: p.ports.registration,
      outbox: p.outbox,
      assertEvent: async (caller, organisationId, eventId) => {
        await events.service.get(caller, organisationId, eventId);
      },
      findEventName: async (eventId) => (await events.service.findOwner(eventId))?.name ?? '',
      publicUrl: p.publicUrl,
      now: p.now,
      jwtSecret: p.config.JWT_SECRET,
      isProduction: p.isProduction,
      secrets: p.secrets,
      env: {
        STRIPE_API_BASE: env.STRIPE_API_BASE,
        STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
        RAZORPAY_KEY_ID: env.RAZORPAY_KEY_ID,
        RAZORPAY_KEY_SECRET: env.RAZORPAY_KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: env.RAZORPAY_WEBHOOK_SECRET,
        RAZORPAY_CHECKOUT_URL: env.RAZORPAY_CHECKOUT_URL,
        RAZORPAY_API_BASE: env.RAZORPAY_API_BASE,
      },
      log: p.log,
    });
  },
});
