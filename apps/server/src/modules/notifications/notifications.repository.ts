import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TAnnouncementAudience, TBodyFormat } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { announcements, notifications, refundAlertMails } from './notifications.tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
/** An announcement as the organiser's list reads it (without the recipients still pending). */
export type ListedAnnouncement = Omit<AnnouncementRow, 'pendingRecipients'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What one notice says; the same for every recipient of one insert. */
export type NoticeContent = { kind: string; title: string; body: string; format: TBodyFormat; link: string | null; announcementId?: string | null; dedupeKey: string };

/** Recipients per statement: one statement per 10,000 keeps the parameter arrays (and the reply) bounded. */
const BATCH = 10_000;
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
/** An announcement's notice: the same for every recipient, once per participation (`announcement:<id>`). */
const announcementNotice = (a: Pick<AnnouncementRow, 'id' | 'title' | 'body' | 'format'>): NoticeContent => ({ kind: 'ANNOUNCEMENT', title: a.title, body: a.body, format: a.format, link: null, announcementId: a.id, dedupeKey: `announcement:${a.id}` });

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
     * The announcement with its recipients pending (`pending_recipients`) and its `announcement.sent` fact (`record`,
     * the outbox), in one transaction: both exist exactly when the announcement does, before anything is delivered.
     * No row is read back: the row is what was written.
     */
    async createAnnouncement(
      row: { id: string; organisationId: string; eventId: string; title: string; body: string; format: TBodyFormat; audience: TAnnouncementAudience; audienceLabel: string; createdByUserId: string; createdAt: Date },
      eventUserIds: readonly string[],
      record: (tx: Tx) => Promise<string>,
    ): Promise<{ announcement: AnnouncementRow; recipients: number; factId: string }> {
      const unique = [...new Set(eventUserIds)];
      const announcement: AnnouncementRow = { ...row, recipients: unique.length, pendingRecipients: unique };
      const factId = await db.transaction(async (tx) => {
        await tx.insert(announcements).values(announcement);
        return record(tx);
      });
      return { announcement, recipients: unique.length, factId };
    },

    /**
     * Writes the inbox row of every pending recipient of the announcement (skipping one that has it: a reader who came
     * first, or an earlier run), then marks it filled; one transaction, so a crash writes all or none and the next
     * delivery of the fact does the rest. Answers how many recipients it covered (0 when it was filled before).
     */
    async fillAnnouncement(eventId: string, announcementId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [a] = await tx
          .select()
          .from(announcements)
          .where(and(eq(announcements.eventId, eventId), eq(announcements.id, announcementId), isNotNull(announcements.pendingRecipients)))
          // Not FOR UPDATE: a reader's row (`fillMine`) checks its foreign key with FOR KEY SHARE on this row, which
          // FOR UPDATE would block while this transaction waits for that reader's row: a deadlock.
          .for('no key update');
        if (!a) return 0;
        const recipients = a.pendingRecipients ?? [];
        await insertNotices(tx, a, recipients, announcementNotice(a), a.createdAt, false);
        await tx.update(announcements).set({ pendingRecipients: null }).where(and(eq(announcements.eventId, eventId), eq(announcements.id, a.id)));
        return recipients.length;
      });
    },

    /**
     * The participation's rows of the event's announcements not yet filled (the job has not run yet): written now, so
     * the inbox, its counts and its read marks are right before the fill. Nothing pending: one indexed read.
     */
    async fillMine(eventId: string, eventUserId: string): Promise<void> {
      const pending = await db
        .select({ id: announcements.id, organisationId: announcements.organisationId, eventId: announcements.eventId, title: announcements.title, body: announcements.body, format: announcements.format, createdAt: announcements.createdAt })
        .from(announcements)
        .where(and(eq(announcements.eventId, eventId), isNotNull(announcements.pendingRecipients), sql`${eventUserId} = any(${announcements.pendingRecipients})`));
      for (const a of pending) await insertNotices(db, a, [eventUserId], announcementNotice(a), a.createdAt, false);
    },

    async announcements(scope: { organisationId: string; eventId: string }, page: number, pageSize: number): Promise<{ rows: (ListedAnnouncement & { read: number })[]; total: number }> {
      const where = and(eq(announcements.organisationId, scope.organisationId), eq(announcements.eventId, scope.eventId));
      const [{ total }] = (await db.select({ total: count() }).from(announcements).where(where)) as [{ total: number }];
      const { pendingRecipients: _pending, ...listed } = getTableColumns(announcements);
      const rows = await db
        .select(listed)
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
