import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { venueImages, venuePages } from './venue.tables.ts';

export type VenuePageRow = typeof venuePages.$inferSelect;

/** The only file that queries the venue's tables; every organiser query names the organisation and the event. */
export function createVenueRepository(db: Db) {
  return {
    async pagesOf(organisationId: string, eventId: string): Promise<VenuePageRow[]> {
      return db.select().from(venuePages).where(and(eq(venuePages.organisationId, organisationId), eq(venuePages.eventId, eventId)));
    },
    /** An attendee's read: the event was checked against the caller's event access first. */
    async publishedPage(eventId: string, page: string): Promise<VenuePageRow | null> {
      const [row] = await db
        .select()
        .from(venuePages)
        .where(and(eq(venuePages.eventId, eventId), eq(venuePages.page, page), eq(venuePages.isPublished, true)))
        .limit(1);
      return row ?? null;
    },
    async savePage(row: { organisationId: string; eventId: string; page: string; config: Record<string, unknown>; updatedBy: string }): Promise<VenuePageRow> {
      const now = new Date();
      const [saved] = await db
        .insert(venuePages)
        .values({ ...row, updatedAt: now })
        .onConflictDoUpdate({ target: [venuePages.eventId, venuePages.page], set: { config: row.config, updatedBy: row.updatedBy, updatedAt: now } })
        .returning();
      return saved!;
    },
    async setPublished(organisationId: string, eventId: string, page: string, isPublished: boolean): Promise<VenuePageRow | null> {
      const [row] = await db
        .update(venuePages)
        .set({ isPublished })
        .where(and(eq(venuePages.organisationId, organisationId), eq(venuePages.eventId, eventId), eq(venuePages.page, page)))
        .returning();
      return row ?? null;
    },
    async insertImage(row: typeof venueImages.$inferInsert): Promise<void> {
      await db.insert(venueImages).values(row);
    },
    /** Which of these image ids belong to the event (a lobby may only show its own event's images). */
    async imageIdsOf(organisationId: string, eventId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: venueImages.id })
        .from(venueImages)
        .where(and(eq(venueImages.organisationId, organisationId), eq(venueImages.eventId, eventId), inArray(venueImages.id, ids)));
      return new Set(rows.map((r) => r.id));
    },
    async image(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ contentType: venueImages.contentType, bytes: venueImages.bytes }).from(venueImages).where(eq(venueImages.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type VenueRepository = ReturnType<typeof createVenueRepository>;
