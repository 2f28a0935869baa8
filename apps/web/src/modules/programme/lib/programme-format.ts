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
