const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The slots of the meeting hours, wall-clock in the event's zone ("YYYY-MM-DDTHH:mm"), in order: the server books
 * only these, and the organiser's scheduling form offers them.
 */
export function slotsOf(settings: { days: readonly { date: string; start: string; end: string }[]; slotMinutes: number }): string[] {
  const out: string[] = [];
  for (const d of [...settings.days].sort((a, b) => a.date.localeCompare(b.date))) {
    for (let m = minutes(d.start); m + settings.slotMinutes <= minutes(d.end); m += settings.slotMinutes) out.push(`${d.date}T${hhmm(m)}`);
  }
  return out;
}
