/**
 * The live module's door (STYLE.md: other modules and app/ import only this file). The programme's Auditorium shows
 * the Live panel (lazy) of the session playing and follows the now-playing list; the router loads the organiser's
 * console page lazily by path (app/signed-in-routes.tsx: app/sessions/live).
 */
import { lazy } from 'react';

export const LivePanel = lazy(() => import('./components/live-panel.tsx').then((m) => ({ default: m.LivePanel })));
export { useNowPlaying } from './hooks/use-live-room.ts';
export { liveKeys } from './api/live-api.ts';
