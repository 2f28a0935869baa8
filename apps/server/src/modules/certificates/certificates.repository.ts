import { and, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TBucket, TCertificateIssuedVia, TCertificateListQuery } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { bucketStartSql, inWindow } from '../../platform/report-buckets.ts';
import type { EventFacts } from '../events/index.ts';
import type { Attendee, RegistrationPort } from '../registration/index.ts';
import { certificateMailBatches, certificateMailRecipients, certificateRules, certificates, certificateTemplates } from './certificates.tables.ts';

export type TemplateRow = typeof certificateTemplates.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
export type RuleRow = typeof certificateRules.$inferSelect;
export type CertificateListRow = CertificateRow & { templateName: string; registrationNo: string; email: string };
export type Recipient = { id: string; organisationId: string; firstName: string; lastName: string };
export type MailBatchRow = typeof certificateMailBatches.$inferSelect;
/** A claimed recipient with what its mail says. */
export type ClaimedMail = { id: string; batchId: string; certificateId: string; email: string; attempts: number; organisationId: string; eventId: string; firstName: string; title: string; eventName: string };

/** Still owed: neither sent nor given up on. */
const owed = () => and(isNull(certificateMailRecipients.sentAt), isNull(certificateMailRecipients.failedAt));

/** What the repository reads through other modules' ports (never their tables). */
export type CertificatesPorts = {
  registrations: Pick<RegistrationPort, 'attendees' | 'attendeesByIds' | 'attendeesByEmail' | 'idsMatching'>;
  findEvent: (eventId: string) => Promise<Pick<EventFacts, 'id' | 'name' | 'startDate' | 'endDate'> | null>;
};

/**
 * The only file that queries certificate tables. Recipients (admissible registrations), their emails and
 * registration numbers come from registration's port; event names from the events module.
 */
export function createCertificatesRepository(db: Db, ports: CertificatesPorts) {
  async function listWhere(eventId: string, q: Partial<TCertificateListQuery>): Promise<SQL> {
    const parts: (SQL | undefined)[] = [eq(certificates.eventId, eventId)];
    if (q.templateId) parts.push(eq(certificates.templateId, q.templateId));
    if (q.issuedVia) parts.push(eq(certificates.issuedVia, q.issuedVia));
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // Email and registration number are registration's: it answers which of its registrations match.
      const matching = await ports.registrations.idsMatching(eventId, q.q);
      parts.push(or(ilike(certificates.firstName, like), ilike(certificates.lastName, like), matching.length ? inArray(certificates.registrationId, matching) : undefined, eq(certificates.id, q.q)));
    }
    return and(...parts)!;
  }
  const listSelect = () =>
    db
      .select({ c: certificates, templateName: certificateTemplates.name })
      .from(certificates)
      .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificates.templateId));
  /** The listed rows with their registration's email and number (a certificate whose registration is gone is left out). */
  async function withContacts<R extends { c: CertificateRow }>(rows: R[]): Promise<(R & { attendee: Attendee })[]> {
    const attendees = new Map((await ports.registrations.attendeesByIds([...new Set(rows.map((r) => r.c.registrationId))])).map((a) => [a.id, a]));
    return rows.flatMap((r) => {
      const attendee = attendees.get(r.c.registrationId);
      return attendee ? [{ ...r, attendee }] : [];
    });
  }
  const flat = (r: { c: CertificateRow; templateName: string; attendee: Attendee }): CertificateListRow => ({ ...r.c, templateName: r.templateName, registrationNo: r.attendee.registrationNo, email: r.attendee.email });
  /** Event names by id, each asked once. */
  async function eventsById(ids: string[]) {
    return new Map(await Promise.all([...new Set(ids)].map(async (id) => [id, await ports.findEvent(id)] as const)));
  }

  return {
    // Templates
    async listTemplates(eventId: string): Promise<(TemplateRow & { issuedCount: number })[]> {
      const rows = await db
        .select({ t: certificateTemplates, issuedCount: sql<number>`(select count(*)::int from certificates c where c.template_id = ${certificateTemplates.id})` })
        .from(certificateTemplates)
        .where(and(eq(certificateTemplates.eventId, eventId), eq(certificateTemplates.isDeleted, false)))
        .orderBy(certificateTemplates.createdAt);
      return rows.map((r) => ({ ...r.t, issuedCount: Number(r.issuedCount) }));
    },
    async findTemplate(eventId: string, id: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(certificateTemplates)
        .where(and(eq(certificateTemplates.eventId, eventId), eq(certificateTemplates.id, id), eq(certificateTemplates.isDeleted, false)))
        .limit(1);
      return row ?? null;
    },
    async insertTemplate(row: typeof certificateTemplates.$inferInsert): Promise<TemplateRow> {
      const [saved] = await db.insert(certificateTemplates).values(row).returning();
      return saved!;
    },
    async updateTemplate(eventId: string, id: string, patch: Partial<typeof certificateTemplates.$inferInsert>): Promise<TemplateRow | null> {
      const [saved] = await db
        .update(certificateTemplates)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(certificateTemplates.eventId, eventId), eq(certificateTemplates.id, id), eq(certificateTemplates.isDeleted, false)))
        .returning();
      return saved ?? null;
    },

    // Recipients
    async admissibleRecipients(eventId: string, by: { registrationIds?: string[]; categoryId?: string; ticketId?: string }): Promise<Recipient[]> {
      const rows = await ports.registrations.attendees(eventId, { ids: by.registrationIds, categoryId: by.categoryId, ticketId: by.ticketId, isAdmissibleOnly: true });
      return rows.map((r) => ({ id: r.id, organisationId: r.organisationId, firstName: r.firstName, lastName: r.lastName }));
    },
    /** Inserts what is missing; an existing (template, registration) pair is kept. Returns the ids inserted. */
    async insertCertificates(rows: (typeof certificates.$inferInsert)[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted: string[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const saved = await db.insert(certificates).values(rows.slice(i, i + 500)).onConflictDoNothing().returning({ id: certificates.id });
        inserted.push(...saved.map((r) => r.id));
      }
      return inserted;
    },

    // Issued certificates
    async list(eventId: string, q: TCertificateListQuery): Promise<{ items: CertificateListRow[]; total: number }> {
      const where = await listWhere(eventId, q);
      const rows = await listSelect()
        .where(where)
        .orderBy(desc(certificates.issuedAt), certificates.id)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [{ n }] = (await db.select({ n: count() }).from(certificates).where(where)) as [{ n: number }];
      return { items: (await withContacts(rows)).map(flat), total: Number(n) };
    },
    async listAll(eventId: string, q: Partial<TCertificateListQuery>, limit = 50_000): Promise<CertificateListRow[]> {
      const rows = await listSelect()
        .where(await listWhere(eventId, q))
        .orderBy(desc(certificates.issuedAt), certificates.id)
        .limit(limit);
      return (await withContacts(rows)).map(flat);
    },
    async findInEvent(eventId: string, id: string): Promise<CertificateListRow | null> {
      const [row] = await withContacts(await listSelect().where(and(eq(certificates.eventId, eventId), eq(certificates.id, id))).limit(1));
      return row ? flat(row) : null;
    },
    async findPublic(id: string): Promise<(CertificateListRow & { html: string; event: { name: string; startDate: string; endDate: string } }) | null> {
      const [row] = await withContacts(
        await db
          .select({ c: certificates, templateName: certificateTemplates.name, html: certificateTemplates.html })
          .from(certificates)
          .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificates.templateId))
          .where(eq(certificates.id, id))
          .limit(1),
      );
      const event = row ? await ports.findEvent(row.c.eventId) : null;
      if (!row || !event) return null;
      return { ...flat(row), html: row.html, event: { name: event.name, startDate: event.startDate, endDate: event.endDate } };
    },
    /** Valid certificates of every registration made with this email (the signed-in participant's own), newest first. */
    async ofEmail(email: string, limit = 100): Promise<Array<{ id: string; eventId: string; eventName: string; title: string; issuedAt: Date }>> {
      const registrationIds = (await ports.registrations.attendeesByEmail(email, 1000)).map((a) => a.id);
      if (registrationIds.length === 0) return [];
      const rows = await db
        .select({ id: certificates.id, eventId: certificates.eventId, title: certificates.title, issuedAt: certificates.issuedAt })
        .from(certificates)
        .where(and(inArray(certificates.registrationId, registrationIds), isNull(certificates.revokedAt)))
        .orderBy(desc(certificates.issuedAt))
        .limit(limit);
      const events = await eventsById(rows.map((r) => r.eventId));
      return rows.flatMap((r) => {
        const e = events.get(r.eventId);
        return e ? [{ ...r, eventName: e.name }] : [];
      });
    },
    // Bulk mail (AP-257): batches and their recipients
    /**
     * Records a batch and one row per recipient in one transaction, and answers how many. An event's batches are
     * made one at a time (a transaction-scoped advisory lock), and with `isOnlyUnsent` a certificate still owed by an
     * earlier batch is left out, so a second click never mails anyone twice.
     */
    async createMailBatch(b: { id: string; organisationId: string; eventId: string; createdBy: string; certificateIds?: string[]; templateId?: string; isOnlyUnsent: boolean; newId: () => string }): Promise<number> {
      const parts: SQL[] = [eq(certificates.eventId, b.eventId), isNull(certificates.revokedAt)];
      if (b.certificateIds) parts.push(inArray(certificates.id, b.certificateIds));
      if (b.templateId) parts.push(eq(certificates.templateId, b.templateId));
      if (b.isOnlyUnsent) {
        parts.push(isNull(certificates.emailedAt));
        parts.push(sql`not exists (select 1 from ${certificateMailRecipients} r where r.certificate_id = ${certificates.id} and r.sent_at is null and r.failed_at is null)`);
      }
      const pick = (q: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) =>
        q
          .select({ id: certificates.id, registrationId: certificates.registrationId })
          .from(certificates)
          .where(and(...parts))
          .orderBy(certificates.issuedAt, certificates.id)
          .limit(5000);
      // Emails are registration's: asked for before the transaction (the port is not part of it). Inside, the
      // locked pick decides who is mailed; one issued in between (no email known yet) waits for the next batch.
      const emails = new Map((await ports.registrations.attendeesByIds([...new Set((await pick(db)).map((r) => r.registrationId))])).map((a) => [a.id, a.email]));
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`certificate-mail:${b.eventId}`}))`);
        const rows = (await pick(tx)).flatMap((r) => {
          const email = emails.get(r.registrationId);
          return email ? [{ id: r.id, email }] : [];
        });
        await tx.insert(certificateMailBatches).values({ id: b.id, organisationId: b.organisationId, eventId: b.eventId, createdBy: b.createdBy, total: rows.length });
        for (let i = 0; i < rows.length; i += 1000) {
          await tx.insert(certificateMailRecipients).values(rows.slice(i, i + 1000).map((r) => ({ id: b.newId(), batchId: b.id, certificateId: r.id, email: r.email })));
        }
        return rows.length;
      });
    },
    /**
     * Claims up to `limit` owed recipients whose claim is free or older than `staleBefore` (a crashed sender's),
     * conditionally: of two senders racing for a row, one gets it. Answers them with what their mail says.
     */
    async claimMail(now: Date, staleBefore: Date, limit: number): Promise<ClaimedMail[]> {
      const claimable = and(owed(), or(isNull(certificateMailRecipients.claimedAt), lte(certificateMailRecipients.claimedAt, staleBefore)));
      const ids = db.select({ id: certificateMailRecipients.id }).from(certificateMailRecipients).where(claimable).limit(limit);
      const claimed = await db
        .update(certificateMailRecipients)
        .set({ claimedAt: now, attempts: sql`${certificateMailRecipients.attempts} + 1` })
        .where(and(inArray(certificateMailRecipients.id, ids), claimable))
        .returning({ id: certificateMailRecipients.id, attempts: certificateMailRecipients.attempts });
      if (claimed.length === 0) return [];
      const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
      const rows = await db
        .select({
          id: certificateMailRecipients.id,
          batchId: certificateMailRecipients.batchId,
          certificateId: certificateMailRecipients.certificateId,
          email: certificateMailRecipients.email,
          organisationId: certificates.organisationId,
          eventId: certificates.eventId,
          firstName: certificates.firstName,
          title: certificates.title,
        })
        .from(certificateMailRecipients)
        .innerJoin(certificates, eq(certificates.id, certificateMailRecipients.certificateId))
        .where(inArray(certificateMailRecipients.id, [...attempts.keys()]));
      const events = await eventsById(rows.map((r) => r.eventId));
      return rows.map((r) => ({ ...r, eventName: events.get(r.eventId)?.name ?? '', attempts: attempts.get(r.id) ?? 1 }));
    },
    /** The sent marker and the certificate's "emailed" stamp, in one statement. */
    async markMailSent(id: string, at: Date): Promise<void> {
      await db.execute(sql`
        with r as (update ${certificateMailRecipients} set sent_at = ${at} where id = ${id} and sent_at is null returning certificate_id)
        update ${certificates} set emailed_at = ${at} where id in (select certificate_id from r)`);
    },
    /** A failed attempt: given up on with its reason (`isFinal`), or released for the next pass. */
    async markMailFailed(id: string, at: Date, error: string, isFinal: boolean): Promise<void> {
      await db
        .update(certificateMailRecipients)
        .set(isFinal ? { failedAt: at, error } : { claimedAt: null, error })
        .where(and(eq(certificateMailRecipients.id, id), owed()));
    },
    async findMailBatch(eventId: string, id: string): Promise<(MailBatchRow & { sent: number; failed: number }) | null> {
      const [batch] = await db
        .select()
        .from(certificateMailBatches)
        .where(and(eq(certificateMailBatches.eventId, eventId), eq(certificateMailBatches.id, id)))
        .limit(1);
      if (!batch) return null;
      const [n] = await db
        .select({ sent: count(certificateMailRecipients.sentAt), failed: count(certificateMailRecipients.failedAt) })
        .from(certificateMailRecipients)
        .where(eq(certificateMailRecipients.batchId, id));
      return { ...batch, sent: Number(n?.sent ?? 0), failed: Number(n?.failed ?? 0) };
    },
    async mailFailures(batchId: string, limit = 200): Promise<{ certificateId: string; name: string; email: string; error: string }[]> {
      return db
        .select({
          certificateId: certificateMailRecipients.certificateId,
          name: sql<string>`trim(${certificates.firstName} || ' ' || ${certificates.lastName})`,
          email: certificateMailRecipients.email,
          error: sql<string>`coalesce(${certificateMailRecipients.error}, '')`,
        })
        .from(certificateMailRecipients)
        .innerJoin(certificates, eq(certificates.id, certificateMailRecipients.certificateId))
        .where(and(eq(certificateMailRecipients.batchId, batchId), sql`${certificateMailRecipients.failedAt} is not null`))
        .orderBy(certificateMailRecipients.email)
        .limit(limit);
    },
    async revoke(eventId: string, id: string, at: Date, reason: string | null): Promise<boolean> {
      const rows = await db
        .update(certificates)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(eq(certificates.eventId, eventId), eq(certificates.id, id), isNull(certificates.revokedAt)))
        .returning({ id: certificates.id });
      return rows.length > 0;
    },

    // Rules
    async listRules(eventId: string): Promise<RuleRow[]> {
      return db.select().from(certificateRules).where(eq(certificateRules.eventId, eventId)).orderBy(certificateRules.createdAt);
    },
    async findRule(eventId: string, id: string): Promise<RuleRow | null> {
      const [row] = await db.select().from(certificateRules).where(and(eq(certificateRules.eventId, eventId), eq(certificateRules.id, id))).limit(1);
      return row ?? null;
    },
    async insertRule(row: typeof certificateRules.$inferInsert): Promise<RuleRow> {
      const [saved] = await db.insert(certificateRules).values(row).returning();
      return saved!;
    },
    async updateRule(eventId: string, id: string, patch: Partial<typeof certificateRules.$inferInsert>): Promise<RuleRow | null> {
      const [saved] = await db.update(certificateRules).set(patch).where(and(eq(certificateRules.eventId, eventId), eq(certificateRules.id, id))).returning();
      return saved ?? null;
    },
    async deleteRule(eventId: string, id: string): Promise<boolean> {
      const rows = await db.delete(certificateRules).where(and(eq(certificateRules.eventId, eventId), eq(certificateRules.id, id))).returning({ id: certificateRules.id });
      return rows.length > 0;
    },
    async activeRules(eventId: string): Promise<RuleRow[]> {
      return db.select().from(certificateRules).where(and(eq(certificateRules.eventId, eventId), eq(certificateRules.isActive, true)));
    },

    // Certificate Printing report
    /** Certificates of one event issued in [from, to), per time bucket, template and channel; mailed and revoked in it. */
    async activity(organisationId: string, eventId: string, w: { from: Date | null; to: Date; bucket: TBucket; offsetMinutes: number }) {
      const ofEvent = and(eq(certificates.organisationId, organisationId), eq(certificates.eventId, eventId));
      const issuedIn = and(ofEvent, inWindow(certificates.issuedAt, w.from, w.to));
      const [t] = await db
        .select({
          issued: sql<number>`count(*) filter (where ${inWindow(certificates.issuedAt, w.from, w.to)})`,
          emailed: sql<number>`count(*) filter (where ${inWindow(certificates.emailedAt, w.from, w.to)})`,
          revoked: sql<number>`count(*) filter (where ${inWindow(certificates.revokedAt, w.from, w.to)})`,
        })
        .from(certificates)
        .where(ofEvent);
      const at = bucketStartSql(certificates.issuedAt, w.bucket, w.offsetMinutes);
      const series = await db.select({ at, issued: count() }).from(certificates).where(issuedIn).groupBy(at).orderBy(at);
      const byTemplate = await db
        .select({ templateId: certificates.templateId, templateName: certificateTemplates.name, issued: count() })
        .from(certificates)
        .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificates.templateId))
        .where(issuedIn)
        .groupBy(certificates.templateId, certificateTemplates.name)
        .orderBy(desc(count()), certificateTemplates.name);
      const byChannel = await db.select({ issuedVia: certificates.issuedVia, issued: count() }).from(certificates).where(issuedIn).groupBy(certificates.issuedVia).orderBy(certificates.issuedVia);
      return {
        totals: { issued: Number(t?.issued ?? 0), emailed: Number(t?.emailed ?? 0), revoked: Number(t?.revoked ?? 0) },
        series: series.map((r) => ({ at: new Date(Number(r.at)), issued: Number(r.issued) })),
        byTemplate: byTemplate.map((r) => ({ templateId: r.templateId, templateName: r.templateName, issued: Number(r.issued) })),
        byChannel: byChannel.map((r) => ({ issuedVia: r.issuedVia as TCertificateIssuedVia, issued: Number(r.issued) })),
      };
    },
  };
}
export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
