/**
 * The check-in module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path (app/router.tsx, app/signed-in-routes.tsx); the dashboard's live counts share its query keys.
 */
export { checkinKeys } from './api/checkin-keys.ts';
