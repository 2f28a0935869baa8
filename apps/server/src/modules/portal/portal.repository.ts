import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { portalAppTabs, portalBanners, portalMenuEntries } from './portal.tables.ts';

export type AppTabRow = typeof portalAppTabs.$inferSelect;
export type MenuEntryRow = typeof portalMenuEntries.$inferSelect;
type AppTabWrite = Omit<typeof portalAppTabs.$inferInsert, 'eventId' | 'organisationId' | 'updatedAt'>;
type MenuEntryWrite = Omit<typeof portalMenuEntries.$inferInsert, 'eventId' | 'organisationId' | 'updatedAt'>;

/** The only file that queries the portal's tables. Every read and write names the event and its organisation. */
export function createPortalRepository(db: Db) {
  return {
    appTabs: (organisationId: string, eventId: string): Promise<AppTabRow[]> =>
      db
        .select()
        .from(portalAppTabs)
        .where(and(eq(portalAppTabs.organisationId, organisationId), eq(portalAppTabs.eventId, eventId)))
        .orderBy(asc(portalAppTabs.displayOrder)),
    /** Replaces the event's whole tab list in one transaction. */
    async replaceAppTabs(organisationId: string, eventId: string, rows: AppTabWrite[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(portalAppTabs).where(and(eq(portalAppTabs.organisationId, organisationId), eq(portalAppTabs.eventId, eventId)));
        await tx.insert(portalAppTabs).values(rows.map((r) => ({ ...r, organisationId, eventId, updatedAt: new Date() })));
      });
    },
    menuEntries: (organisationId: string, eventId: string): Promise<MenuEntryRow[]> =>
      db
        .select()
        .from(portalMenuEntries)
        .where(and(eq(portalMenuEntries.organisationId, organisationId), eq(portalMenuEntries.eventId, eventId)))
        .orderBy(asc(portalMenuEntries.displayOrder)),
    async replaceMenuEntries(organisationId: string, eventId: string, rows: MenuEntryWrite[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(portalMenuEntries).where(and(eq(portalMenuEntries.organisationId, organisationId), eq(portalMenuEntries.eventId, eventId)));
        await tx.insert(portalMenuEntries).values(rows.map((r) => ({ ...r, organisationId, eventId, updatedAt: new Date() })));
      });
    },
    async insertBanner(row: { id: string; organisationId: string; eventId: string; contentType: string; bytes: Buffer; createdBy: string }): Promise<void> {
      await db.insert(portalBanners).values(row);
    },
    /** Of these banner ids, those uploaded for this event. */
    async bannerIdsOfEvent(organisationId: string, eventId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: portalBanners.id })
        .from(portalBanners)
        .where(and(eq(portalBanners.organisationId, organisationId), eq(portalBanners.eventId, eventId), inArray(portalBanners.id, ids)));
      return new Set(rows.map((r) => r.id));
    },
    async banner(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ contentType: portalBanners.contentType, bytes: portalBanners.bytes }).from(portalBanners).where(eq(portalBanners.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type PortalRepository = ReturnType<typeof createPortalRepository>;
