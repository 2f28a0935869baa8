import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { registerPaymentsPublicRoutes } from './payments.public-routes.ts';
import { registerPaymentsRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsDeps } from './payments.service.ts';

export type { PaymentsService, RegistrationPort, OrderView } from './payments.service.ts';
export type { Tx as PaymentsTx } from './payments.repository.ts';
export { signPavilion, razorpayRedirectSignature, razorpayWebhookSignature } from './providers.ts';

export function createPaymentsModule(db: Db, deps: Omit<PaymentsDeps, 'repo' | 'inject'>) {
  const inject: PaymentsDeps['inject'] = { current: null };
  const service = createPaymentsService({ ...deps, repo: createPaymentsRepository(db), inject });
  return {
    service,
    /** Organiser routes (productservices/api) and public payment routes (eventservices/public/payments), from their contracts. */
    plugin: async (app: FastifyInstance) => {
      // The test gateway delivers its webhook through the root app, so it crosses the same hooks and parsers.
      inject.current = (opts) => app.inject(opts);
      registerPaymentsRoutes(app, service);
      await registerPaymentsPublicRoutes(app, service);
    },
  };
}
