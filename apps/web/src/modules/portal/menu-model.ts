import { isAppTabBuilt } from '@pavilion/domain/navigation/capabilities';

/** How many tabs the phone's bottom bar holds before the rest go to "More" (five slots: four tabs and More). */
export const BOTTOM_BAR_TABS = 4;

/** The bottom bar and the "More" drawer: all tabs in the bar when they fit, else the first four and the rest. */
export function splitMenu<T>(tabs: readonly T[], slots = BOTTOM_BAR_TABS): { bar: T[]; more: T[] } {
  if (tabs.length <= slots + 1) return { bar: [...tabs], more: [] };
  return { bar: tabs.slice(0, slots), more: tabs.slice(slots) };
}

/** Moves the item at `from` to `to` and renumbers displayOrder 1..n in the new order. */
export function moveItem<T extends { displayOrder: number }>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next.map((item, i) => ({ ...item, displayOrder: i + 1 }));
}

/** The organiser's phone preview: what an attendee holding every ticket sees (shown, built tabs, in order). */
export function previewTabs<T extends { tabName: string; showInMenu: boolean; displayOrder: number }>(tabs: readonly T[]): T[] {
  return tabs.filter((t) => t.showInMenu && isAppTabBuilt(t.tabName)).sort((a, b) => a.displayOrder - b.displayOrder);
}

/** The event the attendee app shows: `?eventId=` in the address wins over the event the attendee signed in to. */
export function appEventId(search: URLSearchParams, storedEventId: string | null | undefined): string | null {
  return search.get('eventId') || storedEventId || null;
}
