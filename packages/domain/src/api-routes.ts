import type { TRouteContract, TRoutesOf } from './common/route-contract.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { registrationPublicRoutes, registrationRoutes } from './registration/registration.routes.ts';
import { paymentsPublicRoutes, paymentsRoutes } from './registration/payments.routes.ts';

/**
 * Every module's route contracts, one line each (issue 13). The server's route-catalogue test checks that what
 * Fastify serves under /api is exactly this list; the web client's `api.call` keys are typed from TApiRoute.
 * A new module adds its contracts here.
 */
export const API_ROUTES = {
  analytics: analyticsRoutes,
  registration: registrationRoutes,
  registrationPublic: registrationPublicRoutes,
  payments: paymentsRoutes,
  paymentsPublic: paymentsPublicRoutes,
} as const satisfies Record<string, Record<string, TRouteContract>>;

export type TApiRoute = {
  [M in keyof typeof API_ROUTES]: TRoutesOf<(typeof API_ROUTES)[M]>;
}[keyof typeof API_ROUTES];
