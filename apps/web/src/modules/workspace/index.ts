/**
 * The workspace module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path (app/signed-in-routes.tsx); the access gate shows the company portal, and events show and pick
 * regions.
 */
export { CompanyPortal } from './components/company-portal.tsx';
export { RegionBadge } from './components/region-badge.tsx';
export { useRegions } from './hooks/use-workspace.ts';
