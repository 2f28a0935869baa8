/**
 * The attendee module's door (STYLE.md: other modules and app/ import only this file): the signed-in participant's
 * Home (the attendee app's event-info tab, modules/portal) and their certificates.
 */
export { AttendeeHome } from './components/attendee-home.tsx';
export { HomeCard } from '../../ui/home-card.tsx';
export { useMyCertificates } from './hooks.ts';
export { attendeeApi } from './api/attendee-api.ts';
