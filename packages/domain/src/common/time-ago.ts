/** SPEC §9 chat time-ago: 'Just Now' under 60 s, minutes under 1 hour, hours under 24 hours, else day and month. */
export const JUST_NOW = 'Just Now';

export type TTimeAgoOptions = {
  /** IANA zone for the day-and-month form; the runtime's zone when omitted. */
  timeZone?: string;
};

function toMillis(value: Date | number | string): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

export function chatTimeAgo(
  then: Date | number | string,
  now: Date | number | string = Date.now(),
  options: TTimeAgoOptions = {},
): string {
  const at = toMillis(then);
  const elapsedSeconds = Math.floor((toMillis(now) - at) / 1000);
  // A message stamped slightly in the future (clock skew) or an unparsable date reads as just sent.
  if (!Number.isFinite(elapsedSeconds) || elapsedSeconds < 60) return JUST_NOW;
  const minutes = Math.floor(elapsedSeconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 min ago' : `${minutes} mins ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: options.timeZone }).format(at);
}
