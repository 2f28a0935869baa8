/**
 * The events module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path (app/signed-in-routes.tsx); other modules read an event, the event options and the public event
 * card through these hooks, and show an event's phase with its badge. Public pages import this file (the event
 * login page): keep it free of forms and schemas.
 */
export { useEvent, useEventOptions, usePublicEvent } from './hooks/use-events.ts';
export { EventPhaseBadge } from './components/event-phase-badge.tsx';
