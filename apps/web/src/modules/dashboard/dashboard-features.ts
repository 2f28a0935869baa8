import type { TFeatureKey } from '../placeholder/pages/not-available-page.tsx';

/**
 * Dashboard areas of later issues. Each is a registered route under /app (see app/router.tsx) that shows the
 * shared "not available yet" page, and a side-menu entry. Kept free of UI imports: the router loads it eagerly.
 */
export const DASHBOARD_LATER_FEATURES = [
  { path: 'registration', feature: 'registration', card: 'registration' },
  { path: 'exhibitors', feature: 'exhibitors', card: 'exhibitors' },
  { path: 'sessions', feature: 'sessions', card: 'sessions' },
  { path: 'networking', feature: 'networking', card: 'networking' },
  { path: 'onsite', feature: 'onsite', card: 'onsite' },
  { path: 'analytics', feature: 'analytics', card: 'analytics' },
  { path: 'marketing', feature: 'marketing', card: 'marketing' },
  { path: 'stay-travel', feature: 'stayTravel', card: 'stayTravel' },
] as const satisfies ReadonlyArray<{ path: string; feature: TFeatureKey; card: string }>;
