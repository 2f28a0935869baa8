import { zoneOffsetMinutes } from '@pavilion/domain';
import { formatDateTime as formatInstant } from '../../../ui/format.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `<input type="datetime-local">` value (wall time) for an ISO instant; '' for null. With `timeZone` the wall time is
 * the event's (a sale that opens at 09:00 in New Delhi reads 09:00 wherever the organiser is), else the browser's.
 */
export function toLocalInput(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (!timeZone) return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const w = new Date(d.getTime() + zoneOffsetMinutes(timeZone, d) * 60_000);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/** The ISO instant (UTC, "Z") of a datetime-local value read in `timeZone` (else the browser's); null when empty or invalid. */
export function fromLocalInput(value: string, timeZone?: string): string | null {
  if (!value) return null;
  if (!timeZone) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offset at that wall time: read once near it, then again at the instant found (daylight saving).
  const guess = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  return new Date(wall - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000).toISOString();
}

/** An instant in the browser's zone ("3 Mar 2027, 14:05"), or "—" when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatInstant(iso) : '—';
}
