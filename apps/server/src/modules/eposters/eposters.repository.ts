import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { eposterFiles, eposters } from './eposters.tables.ts';

export type EposterRow = typeof eposters.$inferSelect;
export type EposterFields = Pick<EposterRow, 'title' | 'topic' | 'authors' | 'abstract' | 'sessionId'>;
export type EposterFile = { fileName: string; contentType: string; bytes: Buffer };

/** `%text%` for ILIKE, with the caller's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only file that queries the e-posters' tables; every query names the event (and the organisation where an organiser asks). */
export function createEpostersRepository(db: Db) {
  const scope = (organisationId: string, eventId: string) => and(eq(eposters.organisationId, organisationId), eq(eposters.eventId, eventId));
  return {
    list: (organisationId: string, eventId: string): Promise<EposterRow[]> =>
      db.select().from(eposters).where(scope(organisationId, eventId)).orderBy(asc(eposters.title), asc(eposters.id)),

    one: async (organisationId: string, eventId: string, id: string): Promise<EposterRow | null> =>
      (await db.select().from(eposters).where(and(scope(organisationId, eventId), eq(eposters.id, id))).limit(1))[0] ?? null,

    /** A participant's read: the event was checked against the caller's event access first. */
    ofEvent: async (eventId: string, id: string): Promise<EposterRow | null> =>
      (await db.select().from(eposters).where(and(eq(eposters.eventId, eventId), eq(eposters.id, id))).limit(1))[0] ?? null,

    /** The portal's list: `q` in title, topic or any author's name or affiliation; `topic` exactly (case-insensitive). */
    async browse(eventId: string, q: string | undefined, topic: string | undefined): Promise<{ items: EposterRow[]; topics: string[]; total: number }> {
      const filters: (SQL | undefined)[] = [eq(eposters.eventId, eventId)];
      if (q) filters.push(or(ilike(eposters.title, containing(q)), ilike(eposters.topic, containing(q)), sql`${eposters.authors}::text ilike ${containing(q)}`));
      if (topic) filters.push(sql`lower(${eposters.topic}) = lower(${topic})`);
      const [items, topics, [count]] = await Promise.all([
        db.select().from(eposters).where(and(...filters)).orderBy(asc(eposters.title), asc(eposters.id)).limit(500),
        db.selectDistinct({ topic: eposters.topic }).from(eposters).where(eq(eposters.eventId, eventId)).orderBy(asc(eposters.topic)),
        db.select({ n: sql<number>`count(*)::int` }).from(eposters).where(eq(eposters.eventId, eventId)),
      ]);
      return { items, topics: topics.map((t) => t.topic), total: count?.n ?? 0 };
    },

    /** The poster and its bytes, in one transaction. */
    async insert(row: Omit<EposterRow, 'createdAt' | 'updatedAt' | 'fileVersion'>, bytes: Buffer): Promise<EposterRow> {
      return db.transaction(async (tx) => {
        const [saved] = await tx.insert(eposters).values(row).returning();
        await tx.insert(eposterFiles).values({ posterId: row.id, bytes });
        return saved!;
      });
    },

    /** The fields, and the file when a new one is given (its version grows); null when it is not this event's. */
    async update(organisationId: string, eventId: string, id: string, fields: EposterFields, file: (Omit<EposterFile, 'bytes'> & { byteSize: number; bytes: Buffer }) | null): Promise<EposterRow | null> {
      return db.transaction(async (tx) => {
        const fileFacts = file ? { fileName: file.fileName, contentType: file.contentType, byteSize: file.byteSize, fileVersion: sql`${eposters.fileVersion} + 1` } : {};
        const [saved] = await tx
          .update(eposters)
          .set({ ...fields, ...fileFacts, updatedAt: new Date() })
          .where(and(scope(organisationId, eventId), eq(eposters.id, id)))
          .returning();
        if (!saved) return null;
        if (file) await tx.update(eposterFiles).set({ bytes: file.bytes }).where(eq(eposterFiles.posterId, id));
        return saved;
      });
    },

    async remove(organisationId: string, eventId: string, id: string): Promise<boolean> {
      const rows = await db.delete(eposters).where(and(scope(organisationId, eventId), eq(eposters.id, id))).returning({ id: eposters.id });
      return rows.length > 0;
    },

    async file(posterId: string): Promise<Buffer | null> {
      const [row] = await db.select({ bytes: eposterFiles.bytes }).from(eposterFiles).where(eq(eposterFiles.posterId, posterId)).limit(1);
      return row?.bytes ?? null;
    },

    /** A poster by id alone (the signed file address names no event): with its event, version and file facts. */
    async byId(id: string): Promise<EposterRow | null> {
      return (await db.select().from(eposters).where(eq(eposters.id, id)).limit(1))[0] ?? null;
    },
  };
}
export type EpostersRepository = ReturnType<typeof createEpostersRepository>;
