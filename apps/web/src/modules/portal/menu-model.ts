import { isAppTabBuilt } from '@pavilion/domain/navigation/capabilities';

// In the domain: the server's first view of the attendee app draws the same bar (apps/server platform/first-view.ts).
export { BOTTOM_BAR_TABS, splitMenu } from '@pavilion/domain/navigation/app-tabs';

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
