/**
 * The notifications module's door (STYLE.md: other modules and app/ import only this file): the attendee app's bell
 * (lazy, so no other chunk carries the inbox), the query keys, and the live-notice hook other modules use to refresh
 * what a notice concerns. The router loads the organiser's Announcements page by path.
 */
import { lazy } from 'react';

export const NotificationsBell = lazy(() => import('./components/notifications-bell.tsx').then((m) => ({ default: m.NotificationsBell })));
export { notificationsKeys } from './api/notifications-api.ts';
export { useOnNotice } from './hooks/use-on-notice.ts';
