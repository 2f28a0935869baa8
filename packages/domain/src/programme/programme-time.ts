/**
 * Session times (issue 16): the organiser types a wall-clock time in the event's time zone ("2027-03-02T09:30"); it
 * is stored as a UTC instant and shown again in the event's zone. Pure Intl, no time-zone library.
 */

export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

function partsIn(at: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const fmt = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const get = (type: string) => Number(fmt.formatToParts(new Date(at)).find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

/** How far `timeZone` is ahead of UTC at the instant `at` (ms, minute precision). */
function offsetAt(at: number, timeZone: string): number {
  const p = partsIn(at, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) - Math.floor(at / 60_000) * 60_000;
}

/**
 * The UTC instant of a wall-clock time in `timeZone`. A time skipped by a daylight-saving jump is read with the
 * offset from before the jump (02:30 on a spring-forward night is 03:30 summer time); an ambiguous autumn time is
 * its first occurrence.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) throw new RangeError(`Not a local date-time: ${local}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const before = offsetAt(wall - 86_400_000 / 2, timeZone);
  const after = offsetAt(wall + 86_400_000 / 2, timeZone);
  // Try the earlier offset first (the first occurrence of an ambiguous time), then the later one.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const at = wall - offset;
    if (offsetAt(at, timeZone) === offset) return new Date(at);
  }
  return new Date(wall - before);
}

/** The wall-clock time ("YYYY-MM-DDTHH:mm") of a UTC instant in `timeZone`. */
export function utcToZonedLocal(at: Date, timeZone: string): string {
  const p = partsIn(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}
