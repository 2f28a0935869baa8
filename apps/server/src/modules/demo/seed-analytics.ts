import { ago, seededRandom, type DemoSeeder } from './demo.story.ts';

/**
 * Two weeks of visits to the event's public pages, growing towards the event as a campaign's traffic does, with
 * more visits than registrations (most visitors look and leave). Deterministic, so every first start shows the same.
 */
export const analyticsSeeder: DemoSeeder = {
  name: 'page views',
  async seed(ctx, story) {
    const random = seededRandom(2027);
    const e = story.eventId;
    const pages = [
      { path: `/cart-registration/${e}`, weight: 55 },
      { path: `/ei/${e}`, weight: 18 },
      { path: `/visitors/trade-visitor?eventId=${e}`, weight: 12 },
      { path: `/visitors/delegate?eventId=${e}`, weight: 8 },
      { path: `/attendium`, weight: 7 },
    ];
    const total = pages.reduce((n, p) => n + p.weight, 0);
    const pick = () => {
      let r = random() * total;
      for (const p of pages) if ((r -= p.weight) < 0) return p.path;
      return pages[0]!.path;
    };
    const referrers = ['https://www.google.com/', 'https://www.linkedin.com/', 'https://mail.example.com/', undefined, undefined];
    const visitors = Array.from({ length: 700 }, (_, i) => `demo-visitor-${i.toString(36).padStart(4, '0')}`);
    const views: Parameters<typeof ctx.analytics.recordPageViews>[0] = [];
    for (let day = 13; day >= 0; day--) {
      // 20 visitors a day two weeks out, about 70 by now, fewer at the weekend-like dips.
      const people = Math.round((20 + (13 - day) * 3.8) * (0.75 + random() * 0.5));
      for (let v = 0; v < people; v++) {
        const visitorId = visitors[Math.floor(random() * visitors.length)]!;
        // Within the day that ended `day` days ago (day 0: the last 24 hours, up to now).
        const first = ago(story, day, random() * 23.5);
        const referrer = referrers[Math.floor(random() * referrers.length)];
        const pagesSeen = 1 + Math.floor(random() * 3);
        for (let k = 0; k < pagesSeen; k++) {
          views.push({ path: pick(), eventId: e, visitorId, ...(k === 0 && referrer ? { referrer } : {}), at: new Date(first.getTime() + k * 40_000) });
        }
      }
    }
    await ctx.analytics.recordPageViews(views.filter((v) => v.at <= story.now));
  },
};
