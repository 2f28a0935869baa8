import { lazy } from 'react';

/**
 * The exhibition module's door (STYLE.md: other modules and app/ import only this file). The router loads the
 * organiser's pages lazily by path (app/exhibitors); the attendee app's Exhibitors tab is a lazy component.
 */
export const ExhibitorsTab = lazy(() => import('./components/exhibitors-tab.tsx').then((m) => ({ default: m.ExhibitorsTab })));
export { exhibitionKeys } from './api/exhibition-keys.ts';
/** The participant home's "My stand" card for an exhibiting company's admin and staff (lazy: the home's chunk stays small). */
export const StandHomeCard = lazy(() => import('./components/stand-home-card.tsx').then((m) => ({ default: m.StandHomeCard })));
