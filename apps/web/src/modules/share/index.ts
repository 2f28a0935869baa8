/**
 * The share module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages lazily
 * by path (app/router.tsx: i/, pl/; app/signed-in-routes.tsx: i, pl, ic). The attendee app links its event's
 * installable app with `useEventManifest(eventId)`.
 */
export { useEventManifest } from './hooks.ts';
export { useTicketLink } from './hooks.ts';
