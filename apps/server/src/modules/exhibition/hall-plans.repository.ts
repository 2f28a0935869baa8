import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { exhibitionBooths, exhibitionCompanies, exhibitionHallPlans } from './exhibition.tables.ts';

const meta = {
  id: exhibitionHallPlans.id,
  hall: exhibitionHallPlans.hall,
  fileName: exhibitionHallPlans.fileName,
  contentType: exhibitionHallPlans.contentType,
  byteSize: exhibitionHallPlans.byteSize,
  createdAt: exhibitionHallPlans.createdAt,
};
export type HallPlanMeta = { id: string; hall: string; fileName: string; contentType: string; byteSize: number; createdAt: Date };
type Scope = { organisationId: string; eventId: string };
const planScope = (s: Scope) => and(eq(exhibitionHallPlans.organisationId, s.organisationId), eq(exhibitionHallPlans.eventId, s.eventId));

/** Floor-plan images per hall, and the public reads of the plan and the list's filter options. Every query names the event. */
export function createHallPlansRepository(db: Db) {
  return {
    async images(scope: Scope): Promise<HallPlanMeta[]> {
      return db.select(meta).from(exhibitionHallPlans).where(planScope(scope)).orderBy(asc(exhibitionHallPlans.hall));
    },
    /** The event's images for attendees (the event was checked by the portal's tab rules). */
    async eventImages(eventId: string): Promise<{ id: string; hall: string }[]> {
      return db.select({ id: exhibitionHallPlans.id, hall: exhibitionHallPlans.hall }).from(exhibitionHallPlans).where(eq(exhibitionHallPlans.eventId, eventId));
    },
    /** One image per hall: a replacement takes a new id (so a URL's bytes never change), in one statement. */
    async putImage(row: typeof exhibitionHallPlans.$inferInsert): Promise<HallPlanMeta> {
      const [out] = await db
        .insert(exhibitionHallPlans)
        .values(row)
        .onConflictDoUpdate({
          target: [exhibitionHallPlans.eventId, exhibitionHallPlans.hall],
          set: { id: row.id, fileName: row.fileName, contentType: row.contentType, byteSize: row.byteSize, bytes: row.bytes, createdBy: row.createdBy, createdAt: new Date() },
          // The event belongs to the caller's organisation (checked first); this keeps a row of another one untouched regardless.
          setWhere: eq(exhibitionHallPlans.organisationId, row.organisationId),
        })
        .returning(meta);
      return out!;
    },
    async removeImage(scope: Scope, hall: string): Promise<boolean> {
      const rows = await db.delete(exhibitionHallPlans).where(and(planScope(scope), eq(exhibitionHallPlans.hall, hall))).returning({ id: exhibitionHallPlans.id });
      return rows.length > 0;
    },
    async image(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ contentType: exhibitionHallPlans.contentType, bytes: exhibitionHallPlans.bytes }).from(exhibitionHallPlans).where(eq(exhibitionHallPlans.id, id)).limit(1);
      return row ?? null;
    },
    /** Every booth of the event with its holder's name: cells and numbers only (no prices). */
    async planBooths(eventId: string) {
      return db
        .select({
          id: exhibitionBooths.id,
          hall: exhibitionBooths.hall,
          number: exhibitionBooths.number,
          x: exhibitionBooths.x,
          y: exhibitionBooths.y,
          w: exhibitionBooths.w,
          h: exhibitionBooths.h,
          companyId: exhibitionCompanies.id,
          companyName: exhibitionCompanies.name,
        })
        .from(exhibitionBooths)
        .leftJoin(exhibitionCompanies, and(eq(exhibitionCompanies.id, exhibitionBooths.companyId), eq(exhibitionCompanies.eventId, eventId)))
        .where(eq(exhibitionBooths.eventId, eventId))
        .orderBy(asc(exhibitionBooths.hall), asc(exhibitionBooths.number));
    },
    /** The event's companies meeting the list's category (any case) and country filters, as the list applies them. */
    async matchingCompanyIds(eventId: string, f: { category?: string; country?: string }): Promise<string[]> {
      const rows = await db
        .select({ id: exhibitionCompanies.id })
        .from(exhibitionCompanies)
        .where(
          and(
            eq(exhibitionCompanies.eventId, eventId),
            f.category ? sql`lower(${exhibitionCompanies.category}) = lower(${f.category})` : undefined,
            f.country ? eq(exhibitionCompanies.countryCode, f.country) : undefined,
          ),
        )
        .orderBy(asc(exhibitionCompanies.id));
      return rows.map((r) => r.id);
    },
    /** The values the event's companies use: categories (one spelling per lowered value), countries, halls with a held booth. */
    async filterOptions(eventId: string): Promise<{ categories: string[]; countries: string[]; halls: string[] }> {
      const [categories, countries, halls] = await Promise.all([
        db
          .select({ v: sql<string>`min(${exhibitionCompanies.category})` })
          .from(exhibitionCompanies)
          .where(and(eq(exhibitionCompanies.eventId, eventId), ne(exhibitionCompanies.category, '')))
          .groupBy(sql`lower(${exhibitionCompanies.category})`)
          .orderBy(sql`lower(${exhibitionCompanies.category})`),
        db
          .selectDistinct({ v: exhibitionCompanies.countryCode })
          .from(exhibitionCompanies)
          .where(and(eq(exhibitionCompanies.eventId, eventId), ne(exhibitionCompanies.countryCode, '')))
          .orderBy(asc(exhibitionCompanies.countryCode)),
        db
          .selectDistinct({ v: exhibitionBooths.hall })
          .from(exhibitionBooths)
          .where(and(eq(exhibitionBooths.eventId, eventId), isNotNull(exhibitionBooths.companyId)))
          .orderBy(asc(exhibitionBooths.hall)),
      ]);
      return { categories: categories.map((r) => r.v), countries: countries.map((r) => r.v), halls: halls.map((r) => r.v) };
    },
  };
}
export type HallPlansRepository = ReturnType<typeof createHallPlansRepository>;
