/**
 * The programme module's door (STYLE.md: other modules and app/ import only this file). The router loads the
 * organiser's section (/app/sessions) lazily by path; the attendee app's Schedule and Speakers tabs are lazy
 * components the portal's tab content renders.
 */
import { lazy } from 'react';

export const ScheduleTab = lazy(() => import('./components/schedule-tab.tsx').then((m) => ({ default: m.ScheduleTab })));
export const SpeakersTab = lazy(() => import('./components/speakers-tab.tsx').then((m) => ({ default: m.SpeakersTab })));
export const AgendaTab = lazy(() => import('./components/agenda-tab.tsx').then((m) => ({ default: m.AgendaTab })));
export const LiveSession = lazy(() => import('./components/live-session.tsx').then((m) => ({ default: m.LiveSession })));
/** The host report tab "Schedule Sessions" (the reports page renders it; lazy, with its chart). */
export const ScheduleSessionsReport = lazy(() => import('./components/schedule-sessions-report.tsx').then((m) => ({ default: m.ScheduleSessionsReport })));
/** The participant home's "My speaker profile" card, shown when the server says the account is a speaker of the event. */
export const SpeakerHomeCard = lazy(() => import('./components/speaker-home-card.tsx').then((m) => ({ default: m.SpeakerHomeCard })));
