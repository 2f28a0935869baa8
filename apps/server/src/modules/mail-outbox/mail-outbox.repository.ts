import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { mailOutbox, mailOutboxAttachments } from '../../platform/platform.tables.ts';

export type MailRow = typeof mailOutbox.$inferSelect;
export type AttachmentMeta = { position: number; filename: string; contentType: string; cid: string | null; size: number };

/** Which messages a caller may read: its organisation's, and for an event-scoped member only its events' mail. */
export type MailScope = { organisationId: string; eventIds?: readonly string[] };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function scopeConditions(scope: MailScope): SQL[] {
  const out: SQL[] = [eq(mailOutbox.organisationId, scope.organisationId)];
  if (scope.eventIds) out.push(scope.eventIds.length > 0 ? inArray(mailOutbox.eventId, [...scope.eventIds]) : sql`false`);
  return out;
}

/** Reads the platform's mail_outbox (platform/mail.ts writes it); every read is scoped to one organisation. */
export function createMailOutboxRepository(db: Db) {
  return {
    async list(scope: MailScope, q: { page: number; pageSize: number; to?: string; subject?: string; eventId?: string }) {
      const where = scopeConditions(scope);
      if (q.to) where.push(ilike(mailOutbox.toAddress, `%${escapeLike(q.to)}%`));
      if (q.subject) where.push(ilike(mailOutbox.subject, `%${escapeLike(q.subject)}%`));
      if (q.eventId) where.push(eq(mailOutbox.eventId, q.eventId));
      const cond = and(...where);
      const attachments = db
        .select({ n: count() })
        .from(mailOutboxAttachments)
        .where(eq(mailOutboxAttachments.mailId, mailOutbox.id));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: mailOutbox.id,
            toAddress: mailOutbox.toAddress,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            transport: mailOutbox.transport,
            eventId: mailOutbox.eventId,
            createdAt: mailOutbox.createdAt,
            sentAt: mailOutbox.sentAt,
            attachmentCount: sql<number>`(${attachments})::int`,
          })
          .from(mailOutbox)
          .where(cond)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(mailOutbox).where(cond),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async find(scope: MailScope, id: string): Promise<MailRow | null> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.id, id), ...scopeConditions(scope)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The attachments with their bytes (a message carries a few small files: the ticket QR codes). */
    async attachments(mailId: string) {
      return db.select().from(mailOutboxAttachments).where(eq(mailOutboxAttachments.mailId, mailId)).orderBy(mailOutboxAttachments.position);
    },
    async attachment(mailId: string, position: number) {
      const rows = await db
        .select()
        .from(mailOutboxAttachments)
        .where(and(eq(mailOutboxAttachments.mailId, mailId), eq(mailOutboxAttachments.position, position)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
