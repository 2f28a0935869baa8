import type { FastifyInstance } from 'fastify';
import { analyticsRoutes as routes } from '@pavilion/domain/analytics/analytics.routes';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** The analytics contracts (packages/domain/src/analytics/analytics.routes.ts), served. */
export function registerAnalyticsRoutes(app: FastifyInstance, service: AnalyticsService): void {
  route(
    app,
    routes.recordPageView,
    async (req) => {
      await service.recordPageView(req.body, req.user?.userId ?? null);
      return { recorded: true as const };
    },
    { rateLimit: { max: 240, timeWindow: '1 minute' } },
  );

  route(app, routes.overview, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.overview(user, organisationId, req.params.eventId, req.query.range);
  });
}
