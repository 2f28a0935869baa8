import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService, type AnalyticsDeps } from './analytics.service.ts';

export function createAnalyticsModule(db: Db, deps: Omit<AnalyticsDeps, 'repo'>) {
  const service = createAnalyticsService({ ...deps, repo: createAnalyticsRepository(db) });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerAnalyticsRoutes(app, service),
  };
}
