import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { exhibitionCompanyVideos, exhibitionMediaActions } from './exhibition.tables.ts';

const meta = {
  id: exhibitionCompanyVideos.id,
  organisationId: exhibitionCompanyVideos.organisationId,
  eventId: exhibitionCompanyVideos.eventId,
  companyId: exhibitionCompanyVideos.companyId,
  title: exhibitionCompanyVideos.title,
  fileName: exhibitionCompanyVideos.fileName,
  contentType: exhibitionCompanyVideos.contentType,
  byteSize: exhibitionCompanyVideos.byteSize,
  createdAt: exhibitionCompanyVideos.createdAt,
};
export type VideoMeta = { id: string; organisationId: string; eventId: string; companyId: string; title: string; fileName: string; contentType: string; byteSize: number; createdAt: Date };
type Company = { eventId: string; companyId: string };
const ofCompany = (c: Company) => and(eq(exhibitionCompanyVideos.eventId, c.eventId), eq(exhibitionCompanyVideos.companyId, c.companyId));

/** Company videos and their report actions; every query names the event and the company (the caller checked its organisation). */
export function createCompanyVideosRepository(db: Db) {
  return {
    async videos(c: Company): Promise<VideoMeta[]> {
      return db.select(meta).from(exhibitionCompanyVideos).where(ofCompany(c)).orderBy(asc(exhibitionCompanyVideos.createdAt), asc(exhibitionCompanyVideos.id));
    },
    async video(c: Company, videoId: string): Promise<VideoMeta | null> {
      const [row] = await db.select(meta).from(exhibitionCompanyVideos).where(and(ofCompany(c), eq(exhibitionCompanyVideos.id, videoId))).limit(1);
      return row ?? null;
    },
    async countVideos(c: Company): Promise<number> {
      const [row] = await db.select({ n: count() }).from(exhibitionCompanyVideos).where(ofCompany(c));
      return row?.n ?? 0;
    },
    async insertVideo(row: typeof exhibitionCompanyVideos.$inferInsert): Promise<VideoMeta> {
      const [out] = await db.insert(exhibitionCompanyVideos).values(row).returning(meta);
      return out!;
    },
    async renameVideo(c: Company, videoId: string, title: string): Promise<VideoMeta | null> {
      const [row] = await db.update(exhibitionCompanyVideos).set({ title }).where(and(ofCompany(c), eq(exhibitionCompanyVideos.id, videoId))).returning(meta);
      return row ?? null;
    },
    async deleteVideo(c: Company, videoId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(exhibitionCompanyVideos).where(and(ofCompany(c), eq(exhibitionCompanyVideos.id, videoId))).returning({ id: exhibitionCompanyVideos.id });
        if (rows.length) await tx.delete(exhibitionMediaActions).where(and(eq(exhibitionMediaActions.eventId, c.eventId), eq(exhibitionMediaActions.itemId, videoId)));
        return rows.length > 0;
      });
    },
    /** Bytes [start, end] (inclusive) of a video, read by the database (a seek reads only what it sends). */
    async videoSlice(c: Company, videoId: string, start: number, end: number): Promise<Buffer | null> {
      const [row] = await db
        .select({ part: sql<Buffer | Uint8Array>`substring(${exhibitionCompanyVideos.bytes} from ${start + 1} for ${end - start + 1})` })
        .from(exhibitionCompanyVideos)
        .where(and(ofCompany(c), eq(exhibitionCompanyVideos.id, videoId)))
        .limit(1);
      if (!row) return null;
      return Buffer.isBuffer(row.part) ? row.part : Buffer.from(row.part);
    },
    /** Records an action once per participant and item; true when it is new. */
    async recordAction(row: typeof exhibitionMediaActions.$inferInsert): Promise<boolean> {
      const out = await db.insert(exhibitionMediaActions).values(row).onConflictDoNothing().returning({ id: exhibitionMediaActions.id });
      return out.length > 0;
    },
    /** Counts of one action per item of a company. */
    async actionCounts(c: Company, action: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ itemId: exhibitionMediaActions.itemId, n: count() })
        .from(exhibitionMediaActions)
        .where(and(eq(exhibitionMediaActions.eventId, c.eventId), eq(exhibitionMediaActions.companyId, c.companyId), eq(exhibitionMediaActions.action, action)))
        .groupBy(exhibitionMediaActions.itemId);
      return new Map(rows.map((r) => [r.itemId, r.n]));
    },
  };
}
export type CompanyVideosRepository = ReturnType<typeof createCompanyVideosRepository>;
