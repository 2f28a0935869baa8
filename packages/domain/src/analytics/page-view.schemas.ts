import { z } from 'zod';

/** One SPA page view (SPEC §2.1: each page view is logged to analytics). */
export const ZPageViewRequest = z.strictObject({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).optional(),
  eventId: z.string().max(64).optional(),
  visitorId: z.string().min(8).max(64),
});
export type TPageViewRequest = z.infer<typeof ZPageViewRequest>;
