/**
 * The profile module's door (STYLE.md: other modules and app/ import only this file). The router loads its page
 * lazily (app/signed-in-routes.tsx: attendium/profile); the share pages list the attendee's links from `useMyProfiles`.
 */
export { useMyProfiles } from './hooks.ts';
