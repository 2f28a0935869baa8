/**
 * The registration module's door (STYLE.md: other modules and app/ import only this file). The router loads its
 * pages and section lazily by path (app/router.tsx, app/signed-in-routes.tsx); other modules share its query keys,
 * its tickets and categories, its seat wording and its photo shrinking.
 */
export { registrationKeys } from './api/registration-keys.ts';
export { useCategories, useTickets } from './hooks/use-organiser-registration.ts';
export { formatSeats } from './lib/seats.ts';
export { shrinkPhoto } from './lib/shrink-photo.ts';
export { toMinor } from './lib/money.ts';
