/**
 * The e-badge module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path (app/router.tsx); the attendee home lists the caller's own e-badges.
 */
export { useMyEbadges } from './hooks.ts';
/** The attendee's own photo on one registration (the e-badge photo), for the profile page. */
export { OwnPhoto } from './components/own-photo.tsx';
