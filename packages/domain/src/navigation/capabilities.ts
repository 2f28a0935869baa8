import type { TAppTabName } from './app-tabs.ts';
import { PORTAL_MENU } from './portal-menu.ts';

/**
 * Which attendee-app tabs (SPEC §2.4) and web-portal entries (SPEC §2.5) have a capability behind them today: THE one
 * place that says so (server and web both read it). A tab that is not built is left out of every attendee menu, even
 * when the organiser shows it, and its URL answers "not available for this event"; a portal entry that is not built
 * is listed (the portal shows what the event's mode allows) but opens the same honest page.
 *
 * A later capability flips its entry to `true`, adds its page component (web: modules/portal/components/app-tab-content.tsx
 * or a child route of `attendium-v2` in app/signed-in-routes.tsx) and calls `portal.assertTabVisible` from its own
 * data endpoints (ARCHITECTURE "Attendee app and web portal").
 */
export const BUILT_APP_TABS: Readonly<Record<TAppTabName, boolean>> = {
  'event-info': true,
  networking: true,
  'session-list': true,
  'feed-listing': false,
  exhibitors: true,
  'speaker-listing': true,
  lead: true,
  'e-badge': true,
  'event-agenda': true,
  sponsor: true,
  'event-location': true,
  'help-desk': false,
  'album-list': false,
  'product-list': false,
  'selfie-frame-list': false,
  groups: false,
  hospitality: false,
  'news-updates': false,
  faq: false,
  'about-the-event': true,
};

/** SPEC §2.5 entry keys, in the spec's order. */
export const PORTAL_ENTRY_KEYS = [
  'home',
  'networking',
  'event-schedule',
  'event-feed',
  'exhibitors',
  'speakers',
  'agenda',
  'sponsors',
  'help-desk',
  'lobby',
  'exhibition-hall',
  'info',
  'auditorium',
  'virtual-room',
  'my-schedule',
  'e-poster',
  'feedback',
  'delegation-member',
  'abstract',
] as const;
export type TPortalEntryKey = (typeof PORTAL_ENTRY_KEYS)[number];

export const BUILT_PORTAL_ENTRIES: Readonly<Record<TPortalEntryKey, boolean>> = {
  home: true,
  networking: true,
  'event-schedule': true,
  'event-feed': false,
  exhibitors: true,
  speakers: true,
  agenda: true,
  sponsors: true,
  'help-desk': false,
  lobby: true,
  'exhibition-hall': true,
  info: true,
  auditorium: true,
  'virtual-room': true,
  'my-schedule': true,
  'e-poster': true,
  feedback: false,
  'delegation-member': false,
  abstract: false,
};

export const isAppTabBuilt = (tabName: string): boolean => BUILT_APP_TABS[tabName as TAppTabName] === true;
export const isPortalEntryBuilt = (key: string): boolean => BUILT_PORTAL_ENTRIES[key as TPortalEntryKey] === true;
export const isPortalEntryKey = (key: string): key is TPortalEntryKey => (PORTAL_ENTRY_KEYS as readonly string[]).includes(key);

/** The spec's name of a portal entry ('' for an unknown key). */
export const portalEntryName = (key: string): string => PORTAL_MENU.find((e) => e.key === key)?.name ?? '';

/** The calendar date (YYYY-MM-DD) it is at `now` in `timeZone` (IANA; an unknown zone reads as UTC). */
export function localDateIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * SPEC §2.5 "before the event": the event's first day has not begun yet in the event's own time zone. An event
 * starting on 2026-12-01 in Asia/Kolkata is under way from 2026-11-30T18:30Z.
 */
export function isBeforeEventStart(startDate: string, timeZone: string, now: Date): boolean {
  return localDateIn(timeZone, now) < startDate;
}
