import { api } from '../../../app/api-client.ts';
import type { TTableInput } from '@pavilion/domain/video/video.schemas';

/** The video module's one query-key factory. */
export const videoKeys = {
  all: ['video'] as const,
  rtcConfig: () => [...videoKeys.all, 'rtc-config'] as const,
  lounge: (eventId: string) => [...videoKeys.all, eventId, 'lounge'] as const,
  tableMessages: (eventId: string, tableId: string) => [...videoKeys.all, eventId, 'table', tableId, 'messages'] as const,
  orgTables: (eventId: string) => [...videoKeys.all, eventId, 'org-tables'] as const,
  report: (eventId: string, kind: string, days: number) => [...videoKeys.all, eventId, 'report', kind, days] as const,
};

export const videoApi = {
  rtcConfig: (signal?: AbortSignal) => api.call('GET /api/chatservices/api/video/config', { signal, isSilent: true }),
  lounge: (eventId: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/lounge', { params: { eventId }, signal }),
  tableMessages: (eventId: string, tableId: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/lounge/tables/:tableId/messages', { params: { eventId, tableId }, signal }),
  /** The media server's admission for a seated member of a table above the mesh limit. */
  sfuToken: (eventId: string, tableId: string) => api.call('POST /api/chatservices/api/events/:eventId/lounge/tables/:tableId/sfu-token', { params: { eventId, tableId } }),
};

export const videoOrgApi = {
  tables: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/networking/tables', { params: { eventId }, signal }),
  create: (eventId: string, body: TTableInput) => api.call('POST /api/eventservices/events/:eventId/networking/tables', { params: { eventId }, body }),
  update: (eventId: string, tableId: string, body: TTableInput) => api.call('PUT /api/eventservices/events/:eventId/networking/tables/:tableId', { params: { eventId, tableId }, body }),
  /** Takes one person off a table and bars them from it; `allowBack` lifts the bar. */
  removeSeated: (eventId: string, tableId: string, eventUserId: string) =>
    api.call('DELETE /api/eventservices/events/:eventId/networking/tables/:tableId/seated/:eventUserId', { params: { eventId, tableId, eventUserId } }),
  allowBack: (eventId: string, tableId: string, eventUserId: string) =>
    api.call('DELETE /api/eventservices/events/:eventId/networking/tables/:tableId/barred/:eventUserId', { params: { eventId, tableId, eventUserId } }),
  remove: (eventId: string, tableId: string) => api.call('DELETE /api/eventservices/events/:eventId/networking/tables/:tableId', { params: { eventId, tableId } }),
  loungeReport: (eventId: string, days: number, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/reports/networking-lounge', { params: { eventId }, query: { days }, signal }),
  discussionReport: (eventId: string, days: number, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/reports/discussion-table', { params: { eventId }, query: { days }, signal }),
  callsReport: (eventId: string, days: number, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/reports/video-calls', { params: { eventId }, query: { days }, signal }),
};
