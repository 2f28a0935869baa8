/** ISO calendar dates ("2026-05-01") are dates, not instants: build them in local time so no zone shifts them. */
function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/**
 * Intl formatters are built on first use, not when the module loads: each costs a few milliseconds of a phone's main
 * thread, and most pages use one or none of them.
 */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateFormat = lazily(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

export function formatDate(value: string): string {
  const d = parseIsoDate(value);
  return d ? dateFormat().format(d) : value;
}

export function formatDateRange(start: string, end: string): string {
  const a = parseIsoDate(start);
  const b = parseIsoDate(end);
  if (!a || !b) return `${start} – ${end}`;
  if (start === end) return dateFormat().format(a);
  const format = dateFormat();
  return typeof format.formatRange === 'function' ? format.formatRange(a, b) : `${format.format(a)} – ${format.format(b)}`;
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
