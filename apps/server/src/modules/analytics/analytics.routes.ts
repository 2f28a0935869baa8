import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEventIdParams, ZEventOverview, ZOverviewQuery, ZPageViewRequest, zOk } from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['analytics'];

/** Served under /api/analytics/api (SPEC §7 prefix analytics/api/). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsService }> = async (app, { service }) => {
  // SPEC §2.1: every SPA page view is logged. Anonymous callers are welcome; a valid bearer is recorded.
  app.post(
    '/page-views',
    {
      config: { auth: 'public', rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: { tags, body: ZPageViewRequest, response: { 202: zOk(z.object({ recorded: z.literal(true) })) } },
    },
    async (req, reply) => {
      await service.recordPageView(req.body, req.user?.userId ?? null);
      return reply.status(202).send({ status: 'OK' as const, data: { recorded: true as const } });
    },
  );

  // The /app overview (T-1 Summary: View), for one event and a SPEC §9 time range.
  app.get(
    '/events/:eventId/overview',
    { config: { auth: 'organiser', access: 'AP-1' }, schema: { tags, params: ZEventIdParams, querystring: ZOverviewQuery, response: { 200: zOk(ZEventOverview) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.overview(user, organisationId, req.params.eventId, req.query.range) };
    },
  );
};
