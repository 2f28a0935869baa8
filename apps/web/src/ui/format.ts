import { formatCalendarDate, formatCalendarDateRange } from '@pavilion/domain/common/calendar-date';

/**
 * Intl formatters are built on first use, not when the module loads: each costs a few milliseconds of a phone's main
 * thread, and most pages use one or none of them.
 */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** A calendar date, e.g. "3 Mar 2027" (en-GB, written without Intl: domain common/calendar-date.ts). */
export function formatDate(value: string): string {
  return formatCalendarDate(value);
}

/** The days of an event, e.g. "16 – 18 Feb 2027". */
export function formatDateRange(start: string, end: string): string {
  return formatCalendarDateRange(start, end);
}

/** Today's ISO date in a time zone (falls back to the browser's zone). */
export function todayIn(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  }
}

const dateTimeFormat = lazily(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** An instant (ISO timestamp) in the browser's zone, e.g. "3 Mar 2027, 14:05". */
export function formatDateTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateTimeFormat().format(d);
}

const shortDateTimeFormat = lazily(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }));

/** An instant without its year, e.g. "3 Mar, 14:05" (a sale that opens soon). */
export function formatShortDateTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : shortDateTimeFormat().format(d);
}
