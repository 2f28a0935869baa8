/**
 * The portal module's door (STYLE.md: other modules and app/ import only this file): the attendee app
 * (`/tabs/{tabName}`, `attendium`), the web portal (`attendium-v2`) and the organiser's App & portal section. Its
 * pages load lazily by path (app/router.tsx, app/signed-in-routes.tsx). A venue page inside the portal reads the
 * event it shows with `useAppEventId`.
 */
export { useAppEventId } from './hooks.ts';
