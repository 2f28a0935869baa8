import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TBucket, TCertificateIssuedVia, TCertificateListQuery } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { bucketStartSql, inWindow } from '../../platform/report-buckets.ts';
import { events } from '../events/events.tables.ts';
import { orders, registrations } from '../registration/registration.tables.ts';
import { certificateRules, certificates, certificateTemplates } from './certificates.tables.ts';

export type TemplateRow = typeof certificateTemplates.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
export type RuleRow = typeof certificateRules.$inferSelect;
export type CertificateListRow = CertificateRow & { templateName: string; registrationNo: string; email: string };
export type Recipient = { id: string; organisationId: string; firstName: string; lastName: string };

/** Registrations that can hold a certificate: approved, with a paid (or free) order that was not refunded. */
const admissible = () => and(eq(registrations.approvalStatus, 'approved'), eq(orders.status, 'paid'), ne(orders.paymentStatus, 'refunded'));

/**
 * The only file that queries certificate tables. It reads registrations, orders and events (read-only) to pick
 * recipients and to show lists, as the credentials module does.
 */
export function createCertificatesRepository(db: Db) {
  function listWhere(eventId: string, q: Partial<TCertificateListQuery>): SQL {
    const parts: (SQL | undefined)[] = [eq(certificates.eventId, eventId)];
    if (q.templateId) parts.push(eq(certificates.templateId, q.templateId));
    if (q.issuedVia) parts.push(eq(certificates.issuedVia, q.issuedVia));
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(or(ilike(certificates.firstName, like), ilike(certificates.lastName, like), ilike(registrations.email, like), ilike(orders.registrationNo, like), eq(certificates.id, q.q)));
    }
    return and(...parts)!;
  }
  const listSelect = () =>
    db
      .select({ c: certificates, templateName: certificateTemplates.name, registrationNo: orders.registrationNo, email: registrations.email })
      .from(certificates)
      .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificates.templateId))
      .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
      .innerJoin(orders, eq(orders.id, registrations.orderId));
  const flat = (r: { c: CertificateRow; templateName: string; registrationNo: string; email: string }): CertificateListRow => ({ ...r.c, templateName: r.templateName, registrationNo: r.registrationNo, email: r.email });

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
      const parts: SQL[] = [eq(registrations.eventId, eventId), admissible()!];
      if (by.registrationIds) parts.push(inArray(registrations.id, by.registrationIds));
      if (by.categoryId) parts.push(eq(registrations.categoryId, by.categoryId));
      if (by.ticketId) parts.push(eq(registrations.ticketId, by.ticketId));
      return db
        .select({ id: registrations.id, organisationId: registrations.organisationId, firstName: registrations.firstName, lastName: registrations.lastName })
        .from(registrations)
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(and(...parts));
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
      const where = listWhere(eventId, q);
      const rows = await listSelect()
        .where(where)
        .orderBy(desc(certificates.issuedAt), certificates.id)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [{ n }] = (await db
        .select({ n: count() })
        .from(certificates)
        .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(where)) as [{ n: number }];
      return { items: rows.map(flat), total: Number(n) };
    },
    async listAll(eventId: string, q: Partial<TCertificateListQuery>, limit = 50_000): Promise<CertificateListRow[]> {
      return (await listSelect().where(listWhere(eventId, q)).orderBy(desc(certificates.issuedAt), certificates.id).limit(limit)).map(flat);
    },
    async findInEvent(eventId: string, id: string): Promise<CertificateListRow | null> {
      const [row] = await listSelect().where(and(eq(certificates.eventId, eventId), eq(certificates.id, id))).limit(1);
      return row ? flat(row) : null;
    },
    async findPublic(id: string): Promise<(CertificateListRow & { html: string; event: { name: string; startDate: string; endDate: string } }) | null> {
      const [row] = await db
        .select({ c: certificates, templateName: certificateTemplates.name, html: certificateTemplates.html, registrationNo: orders.registrationNo, email: registrations.email, eventName: events.name, startDate: events.startDate, endDate: events.endDate })
        .from(certificates)
        .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificates.templateId))
        .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .innerJoin(events, eq(events.id, certificates.eventId))
        .where(eq(certificates.id, id))
        .limit(1);
      if (!row) return null;
      return { ...row.c, templateName: row.templateName, registrationNo: row.registrationNo, email: row.email, html: row.html, event: { name: row.eventName, startDate: row.startDate, endDate: row.endDate } };
    },
    /** Valid certificates of every registration made with this email (the signed-in participant's own), newest first. */
    async ofEmail(email: string, limit = 100): Promise<Array<{ id: string; eventId: string; eventName: string; title: string; issuedAt: Date }>> {
      return db
        .select({ id: certificates.id, eventId: certificates.eventId, eventName: events.name, title: certificates.title, issuedAt: certificates.issuedAt })
        .from(certificates)
        .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
        .innerJoin(events, eq(events.id, certificates.eventId))
        .where(and(sql`lower(${registrations.email}) = lower(${email})`, isNull(certificates.revokedAt)))
        .orderBy(desc(certificates.issuedAt))
        .limit(limit);
    },
    async forEmail(eventId: string, by: { certificateIds?: string[]; templateId?: string; isOnlyUnsent: boolean }): Promise<CertificateListRow[]> {
      const parts: SQL[] = [eq(certificates.eventId, eventId), isNull(certificates.revokedAt)];
      if (by.certificateIds) parts.push(inArray(certificates.id, by.certificateIds));
      if (by.templateId) parts.push(eq(certificates.templateId, by.templateId));
      if (by.isOnlyUnsent) parts.push(isNull(certificates.emailedAt));
      return (await listSelect().where(and(...parts)).limit(5000)).map(flat);
    },
    async markEmailed(id: string, at: Date): Promise<void> {
      await db.update(certificates).set({ emailedAt: at }).where(eq(certificates.id, id));
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
