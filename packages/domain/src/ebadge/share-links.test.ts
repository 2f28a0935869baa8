import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_OPTIONS } from '../content/share-options.ts';
import { googleCalendarUrl, isSameName, nextDay, outlookCalendarUrl, shareLinks } from './share-links.ts';

const event = { name: 'Expo & Summit', startDate: '2027-02-27', endDate: '2027-02-28', timeZone: 'Europe/Berlin', venue: 'Hall 1, Messe' };

describe('share links', () => {
  it('ends all-day calendar events on the following day, across month ends and leap years', () => {
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('builds a Google Calendar template link with dates, place and time zone', () => {
    const url = new URL(googleCalendarUrl(event, 'See you'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Expo & Summit');
    expect(url.searchParams.get('dates')).toBe('20270227/20270301');
    expect(url.searchParams.get('location')).toBe('Hall 1, Messe');
    expect(url.searchParams.get('ctz')).toBe('Europe/Berlin');
  });

  it('builds an Outlook compose link for an all-day event', () => {
    const url = new URL(outlookCalendarUrl(event, ''));
    expect(url.hostname).toBe('outlook.live.com');
    expect(url.searchParams.get('subject')).toBe('Expo & Summit');
    expect(url.searchParams.get('startdt')).toBe('2027-02-27');
    expect(url.searchParams.get('enddt')).toBe('2027-03-01');
    expect(url.searchParams.get('allday')).toBe('true');
  });

  it('keeps only active options, in position order, with the page link where asked', () => {
    const options = DEFAULT_SHARE_OPTIONS.map((o) => (o.platform === 'linkedIn' ? { ...o, active: false } : o.platform === 'whatsApp' ? { ...o, position: 9 } : o));
    const links = shareLinks(options, event, 'https://pv.example/cart-registration/e1');
    expect(links.map((l) => l.platform)).toEqual(['googleCalender', 'outlookCalender', 'whatsApp']);
    const wa = new URL(links[2]!.href);
    expect(wa.hostname).toBe('wa.me');
    expect(wa.searchParams.get('text')).toBe('Join me at this event!\nhttps://pv.example/cart-registration/e1');
    const noLink = shareLinks([{ ...DEFAULT_SHARE_OPTIONS[0]!, includeCurrentPageLink: false }], event, 'https://pv.example/x');
    expect(new URL(noLink[0]!.href).searchParams.get('text')).toBe('Join me at this event!');
    const li = shareLinks([DEFAULT_SHARE_OPTIONS[1]!], event, 'https://pv.example/x');
    expect(new URL(li[0]!.href).searchParams.get('url')).toBe('https://pv.example/x');
  });

  it('compares claimed names ignoring case, accents, order and punctuation', () => {
    expect(isSameName('jose  alvarez', 'José', 'Álvarez')).toBe(true);
    expect(isSameName('Álvarez, José', 'José', 'Álvarez')).toBe(true);
    expect(isSameName('Jose', 'José', 'Álvarez')).toBe(false);
    expect(isSameName('  ', 'A', 'B')).toBe(false);
  });
});
