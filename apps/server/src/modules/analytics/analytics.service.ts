import { fillBuckets, ORGANISER_USER_TYPE, timeRangeBounds, type TEventOverview, type TPageViewRequest, type TTimeRangeFilter } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

export type AnalyticsDeps = {
  repo: AnalyticsRepository;
  now?: () => Date;
  /** The events module's answer: the event as the caller may see it (404 otherwise). */
  getEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<{ id: string; timeZone: string }>;
  /** The events module's participant counts per user type, created within the range. */
  participantsByType: (organisationId: string, eventId: string, from: Date | null, to: Date) => Promise<{ userType: number; count: number }[]>;
  /** The registration module's figures: confirmed registrations and gross revenue by currency. */
  registrationStats: (
    organisationId: string,
    eventId: string,
    from: Date | null,
    to: Date,
  ) => Promise<{ registrations: number; revenue: { currency: string; amountMinor: number }[]; seats?: { sold: number; held: number; capacity: number | null } }>;
  /** The check-in module's figures: distinct registrations admitted in the range, and people inside now. */
  checkinStats?: (organisationId: string, eventId: string, from: Date | null, to: Date) => Promise<{ checkIns: number; liveFootfall: number }>;
};

export function createAnalyticsService(deps: AnalyticsDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async recordPageView(input: TPageViewRequest, userId: string | null): Promise<void> {
      await deps.repo.recordPageView({
        path: input.path,
        referrer: input.referrer ?? null,
        eventId: input.eventId ?? null,
        visitorId: input.visitorId,
        userId,
        // A live view is stamped by the database when it is written (the column's default), as every request's
        // time is; only views replayed at known instants (recordPageViews, the demo's history) carry their own.
      });
    },
    /** Views that happened at known times (the demo's last two weeks): the same fields, with their instant. */
    async recordPageViews(views: (TPageViewRequest & { userId?: string | null; at: Date })[]): Promise<void> {
      await deps.repo.recordPageViews(
        views.map((v) => ({ path: v.path, referrer: v.referrer ?? null, eventId: v.eventId ?? null, visitorId: v.visitorId, userId: v.userId ?? null, createdAt: v.at })),
      );
    },
    async overview(caller: AuthUser, organisationId: string, eventId: string, range: number): Promise<TEventOverview> {
      const event = await deps.getEvent(caller, organisationId, eventId);
      const bounds = timeRangeBounds(range as TTimeRangeFilter, now(), event.timeZone);
      const views = await deps.repo.pageViewStats(event.id, bounds.from, bounds.to, bounds.bucket);
      const participants = (await deps.participantsByType(organisationId, event.id, bounds.from, bounds.to)).filter(
        (p) => p.userType !== ORGANISER_USER_TYPE,
      );
      const stats = await deps.registrationStats(organisationId, event.id, bounds.from, bounds.to);
      const checkin = deps.checkinStats ? await deps.checkinStats(organisationId, event.id, bounds.from, bounds.to) : null;
      return {
        range,
        from: bounds.from?.toISOString() ?? null,
        to: bounds.to.toISOString(),
        bucket: bounds.bucket,
        pageViews: {
          total: views.total,
          uniqueVisitors: views.unique,
          series: fillBuckets(
            views.series.map((s) => ({ at: new Date(`${String(s.at).replace(' ', 'T')}${String(s.at).endsWith('Z') ? '' : 'Z'}`), count: s.count })),
            bounds.from,
            bounds.to,
            bounds.bucket,
            { count: 0 },
          ),
        },
        participants: { total: participants.reduce((n, p) => n + p.count, 0), byUserType: participants },
        registrations: stats.registrations,
        revenue: stats.revenue,
        seats: stats.seats ?? null,
        checkIns: checkin?.checkIns ?? null,
        liveFootfall: checkin?.liveFootfall ?? null,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
