import { defineRoutes } from '../common/route-contract.ts';
import {
  ZAnnouncement,
  ZAnnouncementAudienceOptions,
  ZAnnouncementInput,
  ZAnnouncementPage,
  ZAnnouncementsQuery,
  ZMarkAllRead,
  ZNotification,
  ZNotificationPage,
  ZNotificationParams,
  ZNotificationsEventParams,
  ZNotificationsQuery,
} from './notifications.schemas.ts';

const tags = ['notifications'];
const ev = '/api/notifyservices/api/events/:eventId';
const org = { auth: 'organiser', tags } as const;
const user = { auth: 'user', tags } as const;

/**
 * The attendee's notifications inbox and the organiser's announcements (issue 17), under SPEC §7's `notifyservices/api/`.
 *
 * Participant routes need the `ei/{eventId}` sign-in of this event (403 NOTIFICATIONS_NOT_PARTICIPANT otherwise) and
 * see only their own participation's notifications (another's id answers 404). Organiser routes answer 404 for
 * another organisation's event and use SPEC §2.7's Announcements codes: AP-350 (View) for the list with its recipient
 * and read counts, AP-355 (Send Now) for sending and for the audience picker.
 */
export const notificationsRoutes = defineRoutes({
  mine: { ...user, method: 'GET', path: `${ev}/notifications`, params: ZNotificationsEventParams, query: ZNotificationsQuery, response: ZNotificationPage },
  markRead: { ...user, method: 'POST', path: `${ev}/notifications/:notificationId/read`, params: ZNotificationParams, response: ZNotification },
  markAllRead: { ...user, method: 'POST', path: `${ev}/notifications/read-all`, params: ZNotificationsEventParams, response: ZMarkAllRead },

  announcements: { ...org, method: 'GET', path: `${ev}/announcements`, access: 'AP-350', params: ZNotificationsEventParams, query: ZAnnouncementsQuery, response: ZAnnouncementPage },
  audienceOptions: { ...org, method: 'GET', path: `${ev}/announcements/audience`, access: 'AP-355', params: ZNotificationsEventParams, response: ZAnnouncementAudienceOptions },
  send: { ...org, method: 'POST', path: `${ev}/announcements`, access: 'AP-355', params: ZNotificationsEventParams, body: ZAnnouncementInput, status: 201, response: ZAnnouncement },
});
