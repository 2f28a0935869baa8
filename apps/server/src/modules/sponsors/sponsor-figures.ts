import { createHash } from 'node:crypto';
import type { SponsorsRepository } from './sponsors.repository.ts';

/** Who looked or clicked, as far as figures need to know: an account, or a browser at an address. */
export type SponsorViewer = { userId: string | null; ip: string; userAgent: string };

/** Days shown on My sponsorship's chart (today included). */
export const FIGURE_DAYS = 14;
/** How many (event, day, viewer) keys one process remembers before it forgets them all (the table stays the truth). */
const SEEN_MAX = 20_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A sponsor's figures: its card counted once per viewer, sponsor and UTC day when a page showed it on screen (the page
 * reports a view's cards in one request), a click-through once per visitor, sponsor and day (from the Sponsors list
 * or a programme session's sponsor link). The Sponsors list itself is still counted once per viewer and day for the
 * event (`sponsor_list_views`), no longer shown as a sponsor's views. A visitor who is not signed in is a hash of the day, their address and browser (never stored raw);
 * a link opened from a card sends no bearer, so clicks are always counted that way.
 */
export function createSponsorFigures(deps: { repo: SponsorsRepository; now: () => Date }) {
  // The same viewer reading the list again today need not reach the database (insert … on conflict would do nothing).
  const seen = new Set<string>();
  const viewerKey = (v: SponsorViewer, day: string, preferAccount: boolean) =>
    preferAccount && v.userId ? `u:${v.userId}` : `a:${createHash('sha256').update(`${day}|${v.ip}|${v.userAgent}`).digest('base64url').slice(0, 32)}`;

  return {
    async listViewed(eventId: string, viewer: SponsorViewer): Promise<void> {
      const day = dayOf(deps.now());
      const key = viewerKey(viewer, day, true);
      const memo = `${eventId}|${day}|${key}`;
      if (seen.has(memo)) return;
      await deps.repo.recordListView(eventId, day, key);
      if (seen.size >= SEEN_MAX) seen.clear();
      seen.add(memo);
    },
    /** The cards a page view showed (ids already checked to be the event's): once per viewer, sponsor and day. */
    async cardsViewed(eventId: string, sponsorIds: readonly string[], viewer: SponsorViewer): Promise<number> {
      const day = dayOf(deps.now());
      return deps.repo.recordCardViews(eventId, [...new Set(sponsorIds)], day, viewerKey(viewer, day, true));
    },
    async visited(eventId: string, sponsorId: string, viewer: SponsorViewer): Promise<void> {
      const day = dayOf(deps.now());
      await deps.repo.recordVisit(eventId, sponsorId, day, viewerKey(viewer, day, false));
    },
    /** Every UTC day from the sponsor's first (when it was added) to today, oldest first: the figures' export. */
    async daily(eventId: string, sponsorId: string, since: Date): Promise<{ day: string; views: number; clicks: number }[]> {
      const first = dayOf(since);
      const { views, clicks } = await deps.repo.figuresByDay(eventId, sponsorId, first);
      const out: { day: string; views: number; clicks: number }[] = [];
      for (let at = new Date(`${first}T00:00:00Z`), today = dayOf(deps.now()); dayOf(at) <= today; at = new Date(at.getTime() + 86_400_000)) {
        const day = dayOf(at);
        out.push({ day, views: views.get(day) ?? 0, clicks: clicks.get(day) ?? 0 });
      }
      return out;
    },
    /** Totals since the sponsor was added, and the last FIGURE_DAYS days one by one (oldest first). */
    async of(eventId: string, sponsorId: string, since: Date) {
      const today = deps.now();
      const first = dayOf(since);
      const { views, clicks } = await deps.repo.figuresByDay(eventId, sponsorId, first);
      const days = Array.from({ length: FIGURE_DAYS }, (_, i) => dayOf(new Date(today.getTime() - (FIGURE_DAYS - 1 - i) * 86_400_000)));
      const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
      return {
        views: sum(views),
        clicks: sum(clicks),
        days: days.map((day) => ({ day, views: day >= first ? (views.get(day) ?? 0) : 0, clicks: clicks.get(day) ?? 0 })),
      };
    },
  };
}
export type SponsorFigures = ReturnType<typeof createSponsorFigures>;
