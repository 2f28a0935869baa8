/**
 * Calendar dates ("2027-02-16", the event's days) as people read them in en-GB, written without Intl: the public
 * pages show the event's dates in their first render, and building the first Intl.DateTimeFormat costs a phone's
 * main thread tens of milliseconds (it loads the time-zone data even for a date with no time). The server's first
 * view of a page (apps/server platform/first-view.ts) uses the same function, so both write the same text.
 * The texts are what Intl's en-GB gives ({ day: 'numeric', month: 'short', year: 'numeric' } and its formatRange).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

type TCalendarDate = { year: number; month: number; day: number };

/** The calendar date at the start of an ISO date or timestamp ("2027-02-16", "2027-02-16T09:00:00Z"); null if none. */
export function parseCalendarDate(value: string): TCalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/** "16 Feb 2027". */
export function formatCalendarDate(value: string): string {
  const d = parseCalendarDate(value);
  return d ? `${d.day} ${MONTHS[d.month - 1]} ${d.year}` : value;
}

/** "16 – 18 Feb 2027", "28 Feb – 3 Mar 2027", "30 Dec 2026 – 2 Jan 2027"; one date when both are the same day. */
export function formatCalendarDateRange(start: string, end: string): string {
  const a = parseCalendarDate(start);
  const b = parseCalendarDate(end);
  if (!a || !b) return `${start} – ${end}`;
  if (a.year !== b.year) return `${formatCalendarDate(start)} – ${formatCalendarDate(end)}`;
  if (a.month !== b.month) return `${a.day} ${MONTHS[a.month - 1]} – ${b.day} ${MONTHS[b.month - 1]} ${b.year}`;
  if (a.day !== b.day) return `${a.day} – ${b.day} ${MONTHS[b.month - 1]} ${b.year}`;
  return formatCalendarDate(start);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Tue 16 Feb": a programme day's label (Intl's en-GB { weekday: 'short', day: 'numeric', month: 'short' }). */
export function formatCalendarDayLabel(value: string): string {
  const d = parseCalendarDate(value);
  if (!d) return value;
  return `${WEEKDAYS[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()]} ${d.day} ${MONTHS[d.month - 1]}`;
}
