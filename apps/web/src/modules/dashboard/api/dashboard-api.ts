import type { TTimeRangeFilter } from '@pavilion/domain';
import { api } from '../../../app/api-client.ts';

/** The dashboard module's one query-key factory. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overviews: () => [...dashboardKeys.all, 'overview'] as const,
  overview: (eventId: string, range: TTimeRangeFilter) => [...dashboardKeys.overviews(), eventId, range] as const,
  report: (eventId: string, report: 'badge-print' | 'certificate-printing', range: TTimeRangeFilter) => [...dashboardKeys.all, 'report', eventId, report, range] as const,
};

export const dashboardApi = {
  /** GET analytics/api/events/{eventId}/overview?range= (AP-1 Summary: View). */
  overview: (eventId: string, range: TTimeRangeFilter, signal?: AbortSignal) =>
    api.call('GET /api/analytics/api/events/:eventId/overview', { params: { eventId }, query: { range }, signal, isSilent: true }),
  /** GET eventservices/events/{eventId}/badge-print-report/activity?range= (AP-732 Badge Print Report: View). */
  badgePrintActivity: (eventId: string, range: TTimeRangeFilter, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/events/:eventId/badge-print-report/activity', { params: { eventId }, query: { range }, signal, isSilent: true }),
  /** GET eventservices/events/{eventId}/certificate-report?range= (AP-258 Certificate Printing: View). */
  certificateActivity: (eventId: string, range: TTimeRangeFilter, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/events/:eventId/certificate-report', { params: { eventId }, query: { range }, signal, isSilent: true }),
};
