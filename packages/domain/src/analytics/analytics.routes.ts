import { z } from 'zod';
import { defineRoutes } from '../common/route-contract.ts';
import { ZEventIdParams } from '../events/events.schemas.ts';
import { ZEventOverview, ZOverviewQuery } from './overview.schemas.ts';
import { ZPageViewRequest } from './page-view.schemas.ts';

const tags = ['analytics'];

/** Analytics (SPEC §7 prefix analytics/api/). */
export const analyticsRoutes = defineRoutes({
  /** SPEC §2.1: every SPA page view is logged; anonymous callers are welcome, a valid bearer is recorded. */
  recordPageView: {
    method: 'POST',
    path: '/api/analytics/api/page-views',
    auth: 'public',
    tags,
    body: ZPageViewRequest,
    status: 202,
    response: z.object({ recorded: z.literal(true) }),
  },
  /** The /app overview (T-1 Summary: View), for one event and a SPEC §9 time range. */
  overview: {
    method: 'GET',
    path: '/api/analytics/api/events/:eventId/overview',
    auth: 'organiser',
    access: 'AP-1',
    tags,
    params: ZEventIdParams,
    query: ZOverviewQuery,
    response: ZEventOverview,
  },
});
