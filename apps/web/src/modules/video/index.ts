/**
 * The video module's door (STYLE.md: other modules and app/ import only this file): the call host mounted on every
 * attendee page (app/root-layout.tsx), the start-call button (chat's conversation header, a virtual meeting), the
 * organiser's report tabs. All lazy: no other chunk carries WebRTC or the call screen. The router loads the lounge
 * and the organiser's tables page by path.
 */
import { lazy } from 'react';

export const loadCallHost = () => import('./call/call-host.tsx');
export const StartCallButton = lazy(() => import('./components/start-call-button.tsx').then((m) => ({ default: m.StartCallButton })));
export const VideoReport = lazy(() => import('./components/video-reports.tsx').then((m) => ({ default: m.VideoReport })));

