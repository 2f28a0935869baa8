import type { TShareOption, TSharePlatform } from '../content/share-options.ts';

/** The event as add-to-calendar and share links need it. Dates are the event's local calendar days (YYYY-MM-DD). */
export type TShareEvent = { name: string; startDate: string; endDate: string; timeZone: string; venue: string; description?: string };

/** The day after a YYYY-MM-DD date: calendar all-day events end exclusively. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return t.toISOString().slice(0, 10);
}

const compact = (date: string) => date.replaceAll('-', '');

function body(option: Pick<TShareOption, 'message' | 'includeCurrentPageLink'>, pageUrl: string): string {
  const parts = [option.message.trim()];
  if (option.includeCurrentPageLink && pageUrl) parts.push(pageUrl);
  return parts.filter(Boolean).join('\n');
}

/** Google Calendar "create event" template link for an all-day event in the event's time zone. */
export function googleCalendarUrl(event: TShareEvent, details: string): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${compact(event.startDate)}/${compact(nextDay(event.endDate))}`,
    details,
    location: event.venue,
    ctz: event.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** Outlook on the web "compose event" deep link for an all-day event. */
export function outlookCalendarUrl(event: TShareEvent, details: string): string {
  const q = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.name,
    startdt: event.startDate,
    enddt: nextDay(event.endDate),
    allday: 'true',
    body: details,
    location: event.venue,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${q.toString()}`;
}

/** Google Calendar's "add calendar by URL" link for a subscribed feed (it takes the webcal: address). */
export function googleSubscribeUrl(feedUrl: string): string {
  return `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: feedUrl.replace(/^https?:/, 'webcal:') }).toString()}`;
}

/** Outlook on the web's "subscribe from web" link for a feed. */
export function outlookSubscribeUrl(feedUrl: string, name: string): string {
  return `https://outlook.live.com/calendar/0/addfromweb?${new URLSearchParams({ url: feedUrl, name }).toString()}`;
}

export function whatsAppUrl(text: string): string {
  return `https://wa.me/?${new URLSearchParams({ text }).toString()}`;
}

export function linkedInUrl(pageUrl: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: pageUrl }).toString()}`;
}

export type TShareLink = { platform: TSharePlatform; name: string; title: string; href: string; kind: 'calendar' | 'share' };

/**
 * SPEC §3.7: the active share options, in `position` order, as real links. `pageUrl` is the public page to share
 * (the event's registration page, never the attendee's own e-badge, whose id is the QR's secret).
 */
export function shareLinks(options: readonly TShareOption[], event: TShareEvent, pageUrl: string): TShareLink[] {
  return [...options]
    .filter((o) => o.active)
    .sort((a, b) => a.position - b.position)
    .map((o) => {
      const text = body(o, pageUrl);
      const calendarDetails = [o.message.trim() || event.description?.trim() || '', o.includeCurrentPageLink ? pageUrl : ''].filter(Boolean).join('\n');
      switch (o.platform) {
        case 'whatsApp':
          return { platform: o.platform, name: o.name, title: o.title, href: whatsAppUrl(text || event.name), kind: 'share' as const };
        case 'linkedIn':
          return { platform: o.platform, name: o.name, title: o.title, href: linkedInUrl(pageUrl), kind: 'share' as const };
        case 'googleCalender':
          return { platform: o.platform, name: o.name, title: o.title, href: googleCalendarUrl(event, calendarDetails), kind: 'calendar' as const };
        case 'outlookCalender':
          return { platform: o.platform, name: o.name, title: o.title, href: outlookCalendarUrl(event, calendarDetails), kind: 'calendar' as const };
      }
    });
}

/** Case-, accent- and spacing-insensitive name comparison for verify/ebadge/{origin}/{eventId}/{userName}. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function isSameName(claimed: string, firstName: string, lastName: string): boolean {
  const c = normaliseName(claimed);
  if (!c) return false;
  return c === normaliseName(`${firstName} ${lastName}`) || c === normaliseName(`${lastName} ${firstName}`);
}
