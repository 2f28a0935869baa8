/**
 * The venue module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path: the organiser's editor (app/portal/venue) and the attendee's pages (attendium-v2/lobby …).
 */
export { venueKeys } from './api/venue-keys.ts';
/** A YouTube/Vimeo player or an .mp4 (programme: a session's stream in the Auditorium). Light: no page code. */
export { VideoEmbed } from './components/video-embed.tsx';
