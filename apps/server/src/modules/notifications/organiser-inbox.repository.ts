import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { organiserNotices } from './notifications.tables.ts';

export type OrganiserNoticeRow = typeof organiserNotices.$inferSelect;
/** What one notice says; the same for every member of one insert. */
export type OrganiserNoticeContent = { kind: string; title: string; body: string; link: string | null; eventId: string | null; accessCode: string | null; dedupeKey: string };
/**
 * What the member may read now: null for every code / every event (an admin; no item scope), else the lists. A notice
 * without a code or event passes either filter.
 */
export type OrganiserReach = { codes: readonly string[] | null; eventIds: readonly string[] | null };

/** The only file that queries `organiser_notices`; every query names the organisation and the member. */
export function createOrganiserInboxRepository(db: Db) {
  function mine(organisationId: string, userId: string, reach: OrganiserReach): SQL {
    const parts: (SQL | undefined)[] = [eq(organiserNotices.organisationId, organisationId), eq(organiserNotices.userId, userId)];
    if (reach.codes) parts.push(reach.codes.length ? or(isNull(organiserNotices.accessCode), inArray(organiserNotices.accessCode, [...reach.codes])) : isNull(organiserNotices.accessCode));
    if (reach.eventIds) parts.push(reach.eventIds.length ? or(isNull(organiserNotices.eventId), inArray(organiserNotices.eventId, [...reach.eventIds])) : isNull(organiserNotices.eventId));
    return and(...parts)!;
  }

  return {
    /** One notice for several members of one organisation; a member who already has it (`dedupeKey`) is skipped. */
    async insert(organisationId: string, userIds: readonly string[], c: OrganiserNoticeContent, at: Date, newId: () => string): Promise<OrganiserNoticeRow[]> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return [];
      return db
        .insert(organiserNotices)
        .values(unique.map((userId) => ({ id: newId(), organisationId, userId, ...c, createdAt: at })))
        .onConflictDoNothing({ target: [organiserNotices.userId, organiserNotices.dedupeKey] })
        .returning();
    },

    /** The member's notices they may still read, newest first, with how many of those are unread. */
    async list(organisationId: string, userId: string, reach: OrganiserReach, q: { page: number; pageSize: number; unreadOnly: boolean }): Promise<{ rows: OrganiserNoticeRow[]; total: number; unread: number }> {
      const where = mine(organisationId, userId, reach);
      const [counts] = await db
        .select({ total: count(), unread: sql<number>`count(*) filter (where ${organiserNotices.readAt} is null)` })
        .from(organiserNotices)
        .where(where);
      const rows = await db
        .select()
        .from(organiserNotices)
        .where(q.unreadOnly ? and(where, isNull(organiserNotices.readAt)) : where)
        .orderBy(desc(organiserNotices.createdAt), desc(organiserNotices.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const unread = Number(counts?.unread ?? 0);
      return { rows, total: q.unreadOnly ? unread : Number(counts?.total ?? 0), unread };
    },

    /** Marks one of the member's readable notices read (the first read time stays); null when it is not theirs. */
    async markRead(organisationId: string, userId: string, reach: OrganiserReach, id: string, at: Date): Promise<OrganiserNoticeRow | null> {
      const [row] = await db
        .update(organiserNotices)
        .set({ readAt: sql`coalesce(${organiserNotices.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(mine(organisationId, userId, reach), eq(organiserNotices.id, id)))
        .returning();
      return row ?? null;
    },

    async markAllRead(organisationId: string, userId: string, reach: OrganiserReach, at: Date): Promise<number> {
      const rows = await db
        .update(organiserNotices)
        .set({ readAt: at })
        .where(and(mine(organisationId, userId, reach), isNull(organiserNotices.readAt)))
        .returning({ id: organiserNotices.id });
      return rows.length;
    },
  };
}
export type OrganiserInboxRepository = ReturnType<typeof createOrganiserInboxRepository>;
