/**
 * The meetings module's door (STYLE.md: other modules and app/ import only this file): the Networking tab, the
 * participant's meetings (merged into the Schedule tab's "My schedule"), the organiser's meetings report, all lazy so
 * that no other chunk carries them. The router loads mm/ and the organiser's page by path.
 */
import { lazy } from 'react';

export const NetworkingTab = lazy(() => import('./components/networking-tab.tsx').then((m) => ({ default: m.NetworkingTab })));
export const MyMeetings = lazy(() => import('./components/my-meetings.tsx').then((m) => ({ default: m.MyMeetings })));
export const MeetingsReport = lazy(() => import('./components/meetings-report.tsx').then((m) => ({ default: m.MeetingsReport })));
export const MeetingsHomeCard = lazy(() => import('./components/meetings-home-card.tsx').then((m) => ({ default: m.MeetingsHomeCard })));
