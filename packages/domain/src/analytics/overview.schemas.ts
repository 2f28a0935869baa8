import { z } from 'zod';
import { TIME_RANGE_FILTER_OPTIONS } from './analytics.enums.ts';

const RANGE_IDS = TIME_RANGE_FILTER_OPTIONS.map((o) => o.id) as number[];

export const ZOverviewQuery = z.object({
  range: z.coerce
    .number()
    .int()
    .refine((v) => RANGE_IDS.includes(v), { message: 'pattern' })
    .default(1),
});
export type TOverviewQuery = z.infer<typeof ZOverviewQuery>;

/**
 * The /app overview of one event. Registrations count confirmed (paid or free) registrations created in the range;
 * revenue is gross, by currency, of orders paid in the range. Figures whose module has not landed yet are null (the UI
 * says so), never zero.
 */
export const ZEventOverview = z.object({
  range: z.number().int(),
  from: z.string().nullable(),
  to: z.string(),
  bucket: z.enum(['minute', 'hour', 'day']),
  pageViews: z.object({
    total: z.number().int(),
    uniqueVisitors: z.number().int(),
    series: z.array(z.object({ at: z.string(), count: z.number().int() })),
  }),
  participants: z.object({ total: z.number().int(), byUserType: z.array(z.object({ userType: z.number().int(), count: z.number().int() })) }),
  registrations: z.number().int().nullable(),
  revenue: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })).nullable(),
  /**
   * Seats now, whatever the range: sold (confirmed orders), held (unpaid orders within their payment window and open
   * carts) and the tickets' total capacity (null when a ticket is unlimited). Null until the registration module answers.
   */
  seats: z.object({ sold: z.number().int(), held: z.number().int(), capacity: z.number().int().nullable() }).nullable(),
  checkIns: z.number().int().nullable(),
  liveFootfall: z.number().int().nullable(),
});
export type TEventOverview = z.infer<typeof ZEventOverview>;

/** A report's SPEC §9 time range (`?range=`, default All Dates). */
export const ZReportRangeQuery = ZOverviewQuery;
export type TReportRangeQuery = z.infer<typeof ZReportRangeQuery>;

/**
 * The window a report covers: the range id, its instants (from is null for All Dates), the series bucket and the
 * event's time zone the calendar ranges and day buckets follow.
 */
export const ZReportWindow = z.object({
  range: z.number().int(),
  from: z.string().nullable(),
  to: z.string(),
  bucket: z.enum(['minute', 'hour', 'day']),
  timeZone: z.string(),
});
export type TReportWindow = z.infer<typeof ZReportWindow>;
