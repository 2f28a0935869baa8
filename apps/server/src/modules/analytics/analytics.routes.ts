import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPageViewRequest, zOk } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { pageViews } from './analytics.tables.ts';

/** SPEC §2.1: every SPA page view is logged to analytics. Anonymous callers are welcome; a valid bearer is recorded. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/page-views',
    {
      config: { auth: 'public', rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: { tags: ['analytics'], body: ZPageViewRequest, response: { 202: zOk(z.object({ recorded: z.literal(true) })) } },
    },
    async (req, reply) => {
      await db.insert(pageViews).values({
        path: req.body.path,
        referrer: req.body.referrer ?? null,
        eventId: req.body.eventId ?? null,
        visitorId: req.body.visitorId,
        userId: req.user?.userId ?? null,
      });
      return reply.status(202).send({ status: 'OK' as const, data: { recorded: true as const } });
    },
  );
};
