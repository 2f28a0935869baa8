import type { TAccessCodeString } from '@pavilion/domain';
import type { TFeatureKey } from '../placeholder/index.ts';

/**
 * Dashboard areas of later issues (Registration shipped: modules/registration, Onsite check-in: modules/checkin, Exhibitors & booths: modules/exhibition; entries in dashboard-menu.ts). Each is a registered route under /app (see app/signed-in-routes.tsx) that shows the
 * shared "not available yet" page, and a side-menu entry shown only to holders of its menu or submenu code.
 * Kept free of UI imports: the signed-in route table (app/signed-in-routes.tsx) imports it.
 */
export const DASHBOARD_LATER_FEATURES = [
  { path: 'analytics', feature: 'analytics', card: 'analytics', code: 'SM-58' },
  { path: 'marketing', feature: 'marketing', card: 'marketing', code: 'M-18' },
  { path: 'stay-travel', feature: 'stayTravel', card: 'stayTravel', code: 'M-17' },
] as const satisfies ReadonlyArray<{ path: string; feature: TFeatureKey; card: string; code: TAccessCodeString }>;
