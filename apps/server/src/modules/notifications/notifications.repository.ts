import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TAnnouncementAudience, TBodyFormat } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { announcements, notifications, refundAlertMails } from './notifications.tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What one notice says; the same for every recipient of one insert. */
export type NoticeContent = { kind: string; title: string; body: string; format: TBodyFormat; link: string | null; announcementId?: string | null; dedupeKey: string };

/** Recipients per statement: one statement per 10,000 keeps the parameter arrays (and the reply) bounded. */
const BATCH = 10_000;
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The only file that queries the notifications module's tables; every query names the event (and the participation). */
export function createNotificationsRepository(db: Db) {
  /**
   * One notice for many participations, one statement per batch (`INSERT … SELECT FROM unnest`): a participation that
   * already has this notice (`dedupeKey`) is skipped. Answers the rows made, id and participation; with `rows: false`
   * nothing (no RETURNING: an announcement to thousands needs no row back).
   */
  async function insertNotices(runner: Db | Tx, scope: { organisationId: string; eventId: string }, eventUserIds: readonly string[], c: NoticeContent, at: Date, rows = true): Promise<{ id: string; eventUserId: string }[]> {
    const out: { id: string; eventUserId: string }[] = [];
    const unique = [...new Set(eventUserIds)];
    for (let i = 0; i < unique.length; i += BATCH) {
      const chunk = unique.slice(i, i + BATCH);
      const ids = chunk.map(() => newId());
      const res = await runner.execute(sql`
        insert into notifications (id, organisation_id, event_id, event_user_id, kind, title, body, format, link, announcement_id, dedupe_key, created_at)
        select t.id, ${scope.organisationId}, ${scope.eventId}, t.eu, ${c.kind}, ${c.title}, ${c.body}, ${c.format}, ${c.link}, ${c.announcementId ?? null}, ${c.dedupeKey}, ${at.toISOString()}::timestamptz
        from unnest(${sql.param(ids)}::text[], ${sql.param(chunk)}::text[]) as t(id, eu)
        on conflict (event_user_id, dedupe_key) do nothing
        ${rows ? sql`returning id, event_user_id` : sql``}`);
      if (rows) out.push(...rowsOf<{ id: string; event_user_id: string }>(res).map((r) => ({ id: r.id, eventUserId: r.event_user_id })));
    }
    return out;
  }

  return {
    insertNotices: (scope: { organisationId: string; eventId: string }, eventUserIds: readonly string[], c: NoticeContent, at: Date) => insertNotices(db, scope, eventUserIds, c, at),

    /**
     * The announcement and one notification per recipient, in one transaction: stored before anything is delivered.
     * The announcement is new, so no recipient can already hold its notice: the count is the distinct recipients,
     * written with the row (no second UPDATE, no thousand rows read back).
     */
    async createAnnouncement(
      row: { id: string; organisationId: string; eventId: string; title: string; body: string; format: TBodyFormat; audience: TAnnouncementAudience; audienceLabel: string; createdByUserId: string; createdAt: Date },
      eventUserIds: readonly string[],
    ): Promise<{ announcement: AnnouncementRow; recipients: number }> {
      const unique = [...new Set(eventUserIds)];
      return db.transaction(async (tx) => {
        const [announcement] = await tx.insert(announcements).values({ ...row, recipients: unique.length }).returning();
        await insertNotices(tx, row, unique, { kind: 'ANNOUNCEMENT', title: row.title, body: row.body, format: row.format, link: null, announcementId: row.id, dedupeKey: `announcement:${row.id}` }, row.createdAt, false);
        return { announcement: announcement!, recipients: unique.length };
      });
    },

    async announcements(scope: { organisationId: string; eventId: string }, page: number, pageSize: number): Promise<{ rows: (AnnouncementRow & { read: number })[]; total: number }> {
      const where = and(eq(announcements.organisationId, scope.organisationId), eq(announcements.eventId, scope.eventId));
      const [{ total }] = (await db.select({ total: count() }).from(announcements).where(where)) as [{ total: number }];
      const rows = await db
        .select()
        .from(announcements)
        .where(where)
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      if (rows.length === 0) return { rows: [], total: Number(total) };
      const reads = await db
        .select({ id: notifications.announcementId, read: count(notifications.readAt) })
        .from(notifications)
        .where(and(eq(notifications.eventId, scope.eventId), inArray(notifications.announcementId, rows.map((r) => r.id))))
        .groupBy(notifications.announcementId);
      const readOf = new Map(reads.map((r) => [r.id, Number(r.read)]));
      return { rows: rows.map((r) => ({ ...r, read: readOf.get(r.id) ?? 0 })), total: Number(total) };
    },

    /** A participation's inbox, newest first, with how many are unread. */
    async inbox(eventId: string, eventUserId: string, q: { page: number; pageSize: number; unreadOnly: boolean }): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
      const mine = and(eq(notifications.eventId, eventId), eq(notifications.eventUserId, eventUserId));
      const where = q.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine;
      const [counts] = await db
        .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)` })
        .from(notifications)
        .where(mine);
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const unread = Number(counts?.unread ?? 0);
      return { rows, total: q.unreadOnly ? unread : Number(counts?.total ?? 0), unread };
    },

    async unreadCount(eventId: string, eventUserId: string): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.eventId, eventId), eq(notifications.eventUserId, eventUserId), isNull(notifications.readAt)));
      return Number(r?.n ?? 0);
    },

    /** Marks one of the participation's notifications read (the first read time stays); null when it is not theirs. */
    async markRead(eventId: string, eventUserId: string, id: string, at: Date): Promise<NotificationRow | null> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.eventId, eventId), eq(notifications.eventUserId, eventUserId), eq(notifications.id, id)))
        .returning();
      return row ?? null;
    },

    /** The participation's copy of an announcement, marked read; null when they were not among its recipients. */
    async markAnnouncementRead(eventId: string, eventUserId: string, announcementId: string, at: Date): Promise<NotificationRow | null> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.eventId, eventId), eq(notifications.eventUserId, eventUserId), eq(notifications.announcementId, announcementId)))
        .returning();
      return row ?? null;
    },

    async markAllRead(eventId: string, eventUserId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.eventId, eventId), eq(notifications.eventUserId, eventUserId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async notificationsByIds(ids: string[]): Promise<NotificationRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(notifications).where(inArray(notifications.id, ids));
    },

    /** Takes a failed refund's alert mail to one member (false: taken before, by an earlier delivery). */
    async markRefundAlertMail(mark: { refundId: string; userId: string; eventId: string }): Promise<boolean> {
      const rows = await db.insert(refundAlertMails).values(mark).onConflictDoNothing().returning({ refundId: refundAlertMails.refundId });
      return rows.length > 0;
    },
    async unmarkRefundAlertMail(refundId: string, userId: string): Promise<void> {
      await db.delete(refundAlertMails).where(and(eq(refundAlertMails.refundId, refundId), eq(refundAlertMails.userId, userId)));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
