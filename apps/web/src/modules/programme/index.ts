/**
 * The programme module's door (STYLE.md: other modules and app/ import only this file). The router loads the
 * organiser's section (/app/sessions) lazily by path; the attendee app's Schedule and Speakers tabs are lazy
 * components the portal's tab content renders.
 */
import { createElement, lazy, useState, type ComponentProps } from 'react';
import { hasFirstViewPart, holdFirstRender } from '../../app/first-view.ts';

export const ScheduleTab = lazy(() => import('./components/schedule-tab.tsx').then((m) => ({ default: m.ScheduleTab })));
export const SpeakersTab = lazy(() => import('./components/speakers-tab.tsx').then((m) => ({ default: m.SpeakersTab })));

type TAgendaModule = typeof import('./components/agenda-tab.tsx');
let agendaModule: TAgendaModule | null = null;
const loadAgenda = () => import('./components/agenda-tab.tsx').then((m) => (agendaModule = m));
const LazyAgendaTab = lazy(() => loadAgenda().then((m) => ({ default: m.AgendaTab })));
// The server drew the Agenda (apps/server platform/first-view.ts): its code loads with the page, and React's first render
// waits for it (app/first-view.ts), so that render is the Agenda itself, not a loading skeleton in its place.
if (hasFirstViewPart('agenda')) holdFirstRender(loadAgenda());

/**
 * The Agenda tab: lazy, rendered at once when its code is already in (the server's first view held the render for it).
 * Which of the two is chosen once per mount, so a chunk that arrives later never swaps it (and resets the chosen day).
 */
export function AgendaTab(props: ComponentProps<TAgendaModule['AgendaTab']>) {
  const [Component] = useState(() => agendaModule?.AgendaTab ?? LazyAgendaTab);
  return createElement(Component, props);
}
export const LiveSession = lazy(() => import('./components/live-session.tsx').then((m) => ({ default: m.LiveSession })));
/** The host report tab "Schedule Sessions" (the reports page renders it; lazy, with its chart). */
export const ScheduleSessionsReport = lazy(() => import('./components/schedule-sessions-report.tsx').then((m) => ({ default: m.ScheduleSessionsReport })));
/** The participant home's "My speaker profile" card, shown when the server says the account is a speaker of the event. */
export const SpeakerHomeCard = lazy(() => import('./components/speaker-home-card.tsx').then((m) => ({ default: m.SpeakerHomeCard })));
