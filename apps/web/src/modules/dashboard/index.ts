/**
 * The dashboard module's door (STYLE.md: other modules and app/ import only this file). The router loads its shell
 * and pages lazily by path (app/signed-in-routes.tsx) and routes the features still to come to the placeholder page.
 */
export { DASHBOARD_LATER_FEATURES } from './dashboard-features.ts';
