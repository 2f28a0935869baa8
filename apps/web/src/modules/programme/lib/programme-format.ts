/** "2027-03-02T09:30" → "09:30" (wall-clock strings of the event's zone, shown as they are). */
export const clockOf = (local: string) => local.slice(11, 16);

/** "2027-03-02" → "Tue 2 Mar". */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

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

type TFilterable = { title: string; start: string; trackId: string | null; roomId: string | null; speakerIds: string[] };

/**
 * The Schedule tab's list: the sessions of `day` (wall-clock date in the event's zone) in the chosen track and room
 * whose title or one of whose speakers' names contains the search, case-insensitively.
 */
export function filterSessions<S extends TFilterable>(sessions: readonly S[], speakers: readonly { id: string; name: string }[], f: { day: string; search: string; trackId: string; roomId: string }): S[] {
  const q = f.search.trim().toLowerCase();
  const names = new Map(speakers.map((s) => [s.id, s.name.toLowerCase()]));
  return sessions.filter(
    (s) =>
      s.start.startsWith(f.day) &&
      (!f.trackId || s.trackId === f.trackId) &&
      (!f.roomId || s.roomId === f.roomId) &&
      (!q || s.title.toLowerCase().includes(q) || s.speakerIds.some((id) => names.get(id)?.includes(q))),
  );
}

/** Where the "Now" line goes: before the first session still to start (-1 when every session has started). */
export function nowLineIndex(sessions: readonly { startsAt: string }[], now: Date): number {
  return sessions.findIndex((s) => new Date(s.startsAt) > now);
}
