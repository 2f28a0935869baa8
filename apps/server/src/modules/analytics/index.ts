import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { analyticsRoutes } from './analytics.routes.ts';

export function createAnalyticsModule(db: Db) {
  return {
    /** Served under /api/analytics/api (SPEC §7 prefix analytics/api/). */
    plugin: async (app: FastifyInstance) => app.register(analyticsRoutes, { prefix: '/api/analytics/api', db }),
  };
}
