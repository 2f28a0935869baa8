/**
 * The notifications module's door (STYLE.md: other modules and app/ import only this file): the attendee app's bell
 * (lazy, so no other chunk carries the inbox), the query keys, and the live-notice hook other modules use to refresh
 * what a notice concerns. The router loads the organiser's Announcements page by path.
 */
import { lazy } from 'react';

export const NotificationsBell = lazy(() => import('./components/notifications-bell.tsx').then((m) => ({ default: m.NotificationsBell })));
export { notificationsKeys } from './api/notifications-api.ts';
/** The organiser dashboard's bell (issue 15: the member's own inbox), lazy; its keys for the organiser socket's nudge. */
export const OrganiserBell = lazy(() => import('./components/organiser-bell.tsx').then((m) => ({ default: m.OrganiserBell })));
export { organiserInboxKeys } from './api/organiser-inbox-api.ts';
export { useOnNotice } from './hooks/use-on-notice.ts';
