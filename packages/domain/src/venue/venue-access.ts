import { isBeforeEventStart } from '../navigation/capabilities.ts';
import { PORTAL_MENU } from '../navigation/portal-menu.ts';
import type { TVenuePage } from './venue.schemas.ts';

/**
 * Why the portal menu leaves a venue page out by SPEC §2.5 (the portal module applies the organiser's saved menu;
 * this names the spec's reason when it is one), read from the portal menu's entry data, not a copy of the rule:
 * the entry's eventMode list (Lobby … Virtual Room: virtual and hybrid events only) and its shown-before-the-event
 * flag (false for them: closed until the event's first day has begun in the event's time zone).
 */
export type TVenueRefusal = 'VENUE_NOT_IN_EVENT_MODE' | 'VENUE_BEFORE_EVENT';

/** The wall-clock time (HH:MM, 24 h) of `now` in `timeZone`. */
export function localTimeIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** Why an attendee may not open `page` of this event now, or null when they may. */
export function venuePageRefusal(page: TVenuePage, event: { eventMode: number; startDate: string; timeZone: string }, now: Date): TVenueRefusal | null {
  const entry = PORTAL_MENU.find((e) => e.key === page);
  if (!entry || !(entry.eventMode as readonly number[]).includes(event.eventMode)) return 'VENUE_NOT_IN_EVENT_MODE';
  if (!entry.showMenuOnPreEvent && isBeforeEventStart(event.startDate, event.timeZone, now)) return 'VENUE_BEFORE_EVENT';
  return null;
}

/** Opening hours (HH:MM in the event's time zone): null when the room has none, else whether it is open now. */
export function isWithinOpeningHours(hours: { opensAt: string | null; closesAt: string | null }, timeZone: string, now: Date): boolean | null {
  if (!hours.opensAt || !hours.closesAt) return null;
  const t = localTimeIn(timeZone, now);
  return t >= hours.opensAt && t < hours.closesAt;
}
