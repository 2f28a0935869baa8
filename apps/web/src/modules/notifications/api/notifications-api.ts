import type { TAnnouncementInput, TNotificationsQuery } from '@pavilion/domain/notifications/notifications.schemas';
import type { TPageQuery } from '@pavilion/domain/common/pagination';
import { api } from '../../../app/api-client.ts';

const EV = '/api/notifyservices/api/events/:eventId';

/** The one query-key factory of the notifications module. */
export const notificationsKeys = {
  all: (eventId: string) => ['notifications', eventId] as const,
  inbox: (eventId: string) => ['notifications', eventId, 'inbox'] as const,
  announcements: (eventId: string, page: number) => ['notifications', eventId, 'announcements', page] as const,
  audience: (eventId: string) => ['notifications', eventId, 'audience'] as const,
};

/** Participant side (the client sends the event access token of ei/{eventId}). */
export const notificationsApi = {
  mine: (eventId: string, query: Partial<TNotificationsQuery>, signal?: AbortSignal) => api.call(`GET ${EV}/notifications`, { params: { eventId }, query: query as TNotificationsQuery, signal }),
  markRead: (eventId: string, notificationId: string) => api.call(`POST ${EV}/notifications/:notificationId/read`, { params: { eventId, notificationId } }),
  markAllRead: (eventId: string) => api.call(`POST ${EV}/notifications/read-all`, { params: { eventId } }),
};

/** Organiser side: Announcements AP-350 (View) and AP-355 (Send Now). */
export const announcementsApi = {
  list: (eventId: string, page: number, signal?: AbortSignal) => api.call(`GET ${EV}/announcements`, { params: { eventId }, query: { page, pageSize: 10 } as TPageQuery, signal }),
  audience: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/announcements/audience`, { params: { eventId }, signal }),
  send: (eventId: string, body: TAnnouncementInput) => api.call(`POST ${EV}/announcements`, { params: { eventId }, body }),
};
