/**
 * The placeholder module's door (STYLE.md: other modules and app/ import only this file). Its one page is loaded
 * lazily by path (app/route-helpers.tsx); the others name its features by their key.
 */
export type { TFeatureKey } from './pages/not-available-page.tsx';
