import type { TOrganiserInboxQuery } from '@pavilion/domain/notifications/organiser-inbox.schemas';
import { api } from '../../../app/api-client.ts';

const BASE = '/api/notifyservices/api/organiser/notifications';

/** The organiser inbox's query keys (the dashboard bell; the organiser socket's `organiserNotice` refreshes them). */
export const organiserInboxKeys = {
  all: ['organiser-inbox'] as const,
  list: (pageSize: number) => ['organiser-inbox', 'list', pageSize] as const,
};

/** The signed-in member's own notices in their organisation (issue 15). */
export const organiserInboxApi = {
  list: (query: Partial<TOrganiserInboxQuery>, signal?: AbortSignal) => api.call(`GET ${BASE}`, { query: query as TOrganiserInboxQuery, signal }),
  markRead: (noticeId: string) => api.call(`POST ${BASE}/:noticeId/read`, { params: { noticeId } }),
  markAllRead: () => api.call(`POST ${BASE}/read-all`, {}),
};
