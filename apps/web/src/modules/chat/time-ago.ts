import type { TFunction } from 'i18next';

/**
 * SPEC §9 chat time-ago: 'Just Now' under 60 s, minutes under an hour, hours under 24 hours, otherwise day and month
 * (in the event's time zone when one is given).
 */
export function timeAgo(iso: string, now: Date, t: TFunction, timeZone?: string): string {
  const at = new Date(iso);
  const seconds = Math.max(0, (now.getTime() - at.getTime()) / 1000);
  if (seconds < 60) return t('chat.justNow');
  if (seconds < 3600) return t('chat.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 24 * 3600) return t('chat.hoursAgo', { count: Math.floor(seconds / 3600) });
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(at);
}
