import { z } from 'zod';
import { ValidationKey, type TValidationKey } from './error-keys.ts';

export type TTimeRangeOptions = {
  /** SPEC §5 variant: an end earlier on the clock is accepted as "past midnight" when am/pm differs (PM → AM). */
  allowPastMidnight?: boolean;
};

type TClockTime = { minutes: number; meridiem: 'AM' | 'PM' };

/** Parses "HH:mm", "HH:mm:ss" (24-hour) or "h:mm AM" / "hh:mm pm" (12-hour). Null when not a time. */
export function parseClockTime(value: string): TClockTime | null {
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*$/.exec(value);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = m[3] === undefined ? 0 : Number(m[3]);
  if (minutes > 59 || seconds > 59) return null;
  const suffix = m[4]?.toUpperCase() as 'AM' | 'PM' | undefined;
  if (suffix) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (suffix === 'PM' ? 12 : 0);
  } else if (hours > 23) {
    return null;
  }
  return { minutes: hours * 60 + minutes + seconds / 60, meridiem: hours < 12 ? 'AM' : 'PM' };
}

/**
 * SPEC §5 time range: the end must be after the start (equal is refused) → timeCampare. With `allowPastMidnight`,
 * a PM start and an AM end is an overnight range and is accepted. Unparsable times → invalidTime.
 */
export function timeRangeProblem(start: string, end: string, options: TTimeRangeOptions = {}): TValidationKey | null {
  const s = parseClockTime(start);
  const e = parseClockTime(end);
  if (!s || !e) return ValidationKey.InvalidTime;
  if (e.minutes > s.minutes) return null;
  if (options.allowPastMidnight && s.meridiem === 'PM' && e.meridiem === 'AM') return null;
  return ValidationKey.TimeCompare;
}

export function isValidTimeRange(start: string, end: string, options: TTimeRangeOptions = {}): boolean {
  return timeRangeProblem(start, end, options) === null;
}

/** A `.superRefine` callback for an object with a start and an end time; the issue lands on the end field. */
export function refineTimeRange<K extends string>(startKey: K, endKey: K, options: TTimeRangeOptions = {}) {
  return (value: Partial<Record<K, string | null | undefined>>, ctx: z.RefinementCtx) => {
    const start = value[startKey];
    const end = value[endKey];
    if (!start || !end) return;
    const key = timeRangeProblem(start, end, options);
    if (key) ctx.addIssue({ code: 'custom', message: key, path: [endKey] });
  };
}

export const zTimeRange = (options: TTimeRangeOptions = {}) =>
  z.object({ startTime: z.string(), endTime: z.string() }).superRefine(refineTimeRange('startTime', 'endTime', options));
