import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService, type AnalyticsDeps } from './analytics.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export function createAnalyticsModule(db: Db, deps: Omit<AnalyticsDeps, 'repo'>) {
  const service = createAnalyticsService({ ...deps, repo: createAnalyticsRepository(db) });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerAnalyticsRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    analytics: ReturnType<typeof createAnalyticsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The analytics module in the app's module list. */
export const analyticsModule = defineModule({
  name: 'analytics',
  needs: ['events', 'registration', 'checkin'],
  create: (p, { events, registration, checkin }) =>
    createAnalyticsModule(p.db, {
      now: p.now,
      getEvent: (caller, org, id) => events.service.get(caller, org, id),
      participantsByType: events.service.participantsByType,
      registrationStats: registration.overviewStats,
      checkinStats: checkin.service.overviewFigures,
    }),
});
