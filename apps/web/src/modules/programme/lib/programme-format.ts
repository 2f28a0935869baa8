import { formatCalendarDayLabel } from '@pavilion/domain/common/calendar-date';

/** "2027-03-02T09:30" → "09:30" (wall-clock strings of the event's zone, shown as they are). */
export const clockOf = (local: string) => local.slice(11, 16);

/** "2027-03-02" → "Tue 2 Mar" (domain common/calendar-date.ts: the server's first view of the Agenda writes the same). */
export const dayLabel = formatCalendarDayLabel;

/** Every calendar day from the event's first to its last (at most 60). */
export function eventDays(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  const d = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  while (d <= end && days.length < 60) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

type TFilterable = { title: string; start: string; trackId: string | null; roomId: string | null; speakerIds: string[]; moderatorIds?: string[]; tags?: string[] };

/**
 * The Schedule tab's list (and the organiser's sessions table, with no day: every day): the sessions of `day`
 * (wall-clock date in the event's zone) in the chosen track and room
 * (and with the chosen tag, any case) whose title, one of whose speakers' or moderators' names, or one of whose tags
 * contains the search, case-insensitively.
 */
export function filterSessions<S extends TFilterable>(
  sessions: readonly S[],
  speakers: readonly { id: string; name: string }[],
  f: { day?: string; search: string; trackId: string; roomId: string; tag?: string },
): S[] {
  const q = f.search.trim().toLowerCase();
  const tag = (f.tag ?? '').toLowerCase();
  const names = new Map(speakers.map((s) => [s.id, s.name.toLowerCase()]));
  return sessions.filter(
    (s) =>
      (!f.day || s.start.startsWith(f.day)) &&
      (!f.trackId || s.trackId === f.trackId) &&
      (!f.roomId || s.roomId === f.roomId) &&
      (!tag || (s.tags ?? []).some((x) => x.toLowerCase() === tag)) &&
      (!q ||
        s.title.toLowerCase().includes(q) ||
        [...s.speakerIds, ...(s.moderatorIds ?? [])].some((id) => names.get(id)?.includes(q)) ||
        (s.tags ?? []).some((x) => x.toLowerCase().includes(q))),
  );
}

/** The tags of these sessions for a filter: each once whatever its case (first spelling kept), sorted. */
export function tagsOf(sessions: readonly { tags?: string[] }[]): string[] {
  const byKey = new Map<string, string>();
  for (const s of sessions) for (const tag of s.tags ?? []) if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/** Where the "Now" line goes: before the first session still to start (-1 when every session has started). */
export function nowLineIndex(sessions: readonly { startsAt: string }[], now: Date): number {
  return sessions.findIndex((s) => new Date(s.startsAt) > now);
}
