import { and, asc, count, countDistinct, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { TBucket } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { bucketStartSql, inWindow } from '../../platform/report-buckets.ts';
import { badgeCategoryColors, badgePrintJobParts, badgePrintJobs, badgePrints, badgeTemplates } from './badges.tables.ts';

export type TemplateRow = typeof badgeTemplates.$inferSelect;
export type JobRow = typeof badgePrintJobs.$inferSelect;
export type PrintRow = typeof badgePrints.$inferSelect;

/** Job columns without the PDF bytes (lists and polling never load a result). */
const jobCols = {
  id: badgePrintJobs.id,
  organisationId: badgePrintJobs.organisationId,
  eventId: badgePrintJobs.eventId,
  templateId: badgePrintJobs.templateId,
  filter: badgePrintJobs.filter,
  status: badgePrintJobs.status,
  total: badgePrintJobs.total,
  done: badgePrintJobs.done,
  error: badgePrintJobs.error,
  pages: badgePrintJobs.pages,
  bytes: badgePrintJobs.bytes,
  parts: badgePrintJobs.parts,
  createdBy: badgePrintJobs.createdBy,
  claimedAt: badgePrintJobs.claimedAt,
  createdAt: badgePrintJobs.createdAt,
  finishedAt: badgePrintJobs.finishedAt,
};
export type JobMeta = Omit<JobRow, 'result'>;
export type JobPartMeta = { partNo: number; firstIndex: number; badges: number; pages: number };

export function createBadgesRepository(db: Db) {
  return {
    // ------------------------------------------------------------ templates
    async listTemplates(organisationId: string, eventId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(badgeTemplates)
        .where(and(eq(badgeTemplates.organisationId, organisationId), eq(badgeTemplates.eventId, eventId)))
        .orderBy(asc(badgeTemplates.createdAt), asc(badgeTemplates.id));
    },
    async findTemplate(organisationId: string, eventId: string, id: string): Promise<TemplateRow | null> {
      const [r] = await db
        .select()
        .from(badgeTemplates)
        .where(and(eq(badgeTemplates.id, id), eq(badgeTemplates.organisationId, organisationId), eq(badgeTemplates.eventId, eventId)))
        .limit(1);
      return r ?? null;
    },
    async insertTemplate(row: typeof badgeTemplates.$inferInsert): Promise<TemplateRow> {
      return db.transaction(async (tx) => {
        if (row.isDefault) await tx.update(badgeTemplates).set({ isDefault: false }).where(eq(badgeTemplates.eventId, row.eventId));
        const [r] = await tx.insert(badgeTemplates).values(row).returning();
        return r!;
      });
    },
    async updateTemplate(organisationId: string, eventId: string, id: string, patch: Partial<typeof badgeTemplates.$inferInsert>): Promise<TemplateRow | null> {
      return db.transaction(async (tx) => {
        // One default per event: setting it here clears it elsewhere in the same transaction.
        if (patch.isDefault) await tx.update(badgeTemplates).set({ isDefault: false }).where(and(eq(badgeTemplates.eventId, eventId), ne(badgeTemplates.id, id)));
        const [r] = await tx
          .update(badgeTemplates)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(badgeTemplates.id, id), eq(badgeTemplates.organisationId, organisationId), eq(badgeTemplates.eventId, eventId)))
          .returning();
        return r ?? null;
      });
    },
    async deleteTemplate(organisationId: string, eventId: string, id: string): Promise<boolean> {
      const r = await db
        .delete(badgeTemplates)
        .where(and(eq(badgeTemplates.id, id), eq(badgeTemplates.organisationId, organisationId), eq(badgeTemplates.eventId, eventId)))
        .returning({ id: badgeTemplates.id });
      return r.length > 0;
    },

    // ------------------------------------------------------------ category colours
    async categoryColors(eventId: string): Promise<Record<string, string>> {
      const rows = await db.select().from(badgeCategoryColors).where(eq(badgeCategoryColors.eventId, eventId));
      return Object.fromEntries(rows.map((r) => [r.categoryId, r.color]));
    },
    async setCategoryColors(organisationId: string, eventId: string, colors: Record<string, string | null>): Promise<void> {
      await db.transaction(async (tx) => {
        const clear = Object.entries(colors).filter(([, c]) => c === null).map(([id]) => id);
        if (clear.length > 0) await tx.delete(badgeCategoryColors).where(and(eq(badgeCategoryColors.eventId, eventId), inArray(badgeCategoryColors.categoryId, clear)));
        const set = Object.entries(colors).filter((e): e is [string, string] => e[1] !== null);
        if (set.length > 0) {
          await tx
            .insert(badgeCategoryColors)
            .values(set.map(([categoryId, color]) => ({ eventId, categoryId, organisationId, color })))
            .onConflictDoUpdate({ target: [badgeCategoryColors.eventId, badgeCategoryColors.categoryId], set: { color: sql`excluded.color` } });
        }
      });
    },

    // ------------------------------------------------------------ jobs
    async insertJob(row: typeof badgePrintJobs.$inferInsert): Promise<JobMeta> {
      const [r] = await db.insert(badgePrintJobs).values(row).returning(jobCols);
      return r!;
    },
    async findJob(organisationId: string, eventId: string, id: string): Promise<JobMeta | null> {
      const [r] = await db
        .select(jobCols)
        .from(badgePrintJobs)
        .where(and(eq(badgePrintJobs.id, id), eq(badgePrintJobs.organisationId, organisationId), eq(badgePrintJobs.eventId, eventId)))
        .limit(1);
      return r ?? null;
    },
    async jobPart(organisationId: string, eventId: string, id: string, partNo: number): Promise<Buffer | null> {
      const [r] = await db
        .select({ pdf: badgePrintJobParts.pdf })
        .from(badgePrintJobParts)
        .innerJoin(badgePrintJobs, eq(badgePrintJobs.id, badgePrintJobParts.jobId))
        .where(
          and(
            eq(badgePrintJobParts.jobId, id),
            eq(badgePrintJobParts.partNo, partNo),
            eq(badgePrintJobs.organisationId, organisationId),
            eq(badgePrintJobs.eventId, eventId),
            eq(badgePrintJobs.status, 'done'),
          ),
        )
        .limit(1);
      return r?.pdf ?? null;
    },
    async jobParts(jobIds: string[]): Promise<Map<string, JobPartMeta[]>> {
      if (jobIds.length === 0) return new Map();
      const rows = await db
        .select({ jobId: badgePrintJobParts.jobId, partNo: badgePrintJobParts.partNo, firstIndex: badgePrintJobParts.firstIndex, badges: badgePrintJobParts.badges, pages: badgePrintJobParts.pages })
        .from(badgePrintJobParts)
        .where(inArray(badgePrintJobParts.jobId, jobIds))
        .orderBy(asc(badgePrintJobParts.partNo));
      const out = new Map<string, JobPartMeta[]>();
      for (const { jobId, ...part } of rows) out.set(jobId, [...(out.get(jobId) ?? []), part]);
      return out;
    },
    /** A part is written once; a resumed job (its worker died) rewrites the parts it renders again. */
    async putJobPart(row: typeof badgePrintJobParts.$inferInsert): Promise<void> {
      await db
        .insert(badgePrintJobParts)
        .values(row)
        .onConflictDoUpdate({ target: [badgePrintJobParts.jobId, badgePrintJobParts.partNo], set: { pdf: row.pdf, pages: row.pages, badges: row.badges, firstIndex: row.firstIndex } });
    },
    async listJobs(organisationId: string, eventId: string, limit = 20): Promise<JobMeta[]> {
      return db
        .select(jobCols)
        .from(badgePrintJobs)
        .where(and(eq(badgePrintJobs.organisationId, organisationId), eq(badgePrintJobs.eventId, eventId)))
        .orderBy(desc(badgePrintJobs.createdAt), desc(badgePrintJobs.id))
        .limit(limit);
    },
    /** Jobs a worker may take: queued, or running with a heartbeat older than `staleBefore` (its process died). */
    async claimableJobIds(staleBefore: Date): Promise<string[]> {
      const rows = await db
        .select({ id: badgePrintJobs.id })
        .from(badgePrintJobs)
        .where(or(eq(badgePrintJobs.status, 'queued'), and(eq(badgePrintJobs.status, 'running'), lt(badgePrintJobs.claimedAt, staleBefore))))
        .orderBy(asc(badgePrintJobs.createdAt))
        .limit(20);
      return rows.map((r) => r.id);
    },
    /** Conditional claim: of two workers (two instances on one Postgres), one wins. */
    async claimJob(id: string, now: Date, staleBefore: Date): Promise<JobMeta | null> {
      const [r] = await db
        .update(badgePrintJobs)
        .set({ status: 'running', claimedAt: now, done: 0 })
        .where(and(eq(badgePrintJobs.id, id), or(eq(badgePrintJobs.status, 'queued'), and(eq(badgePrintJobs.status, 'running'), lt(badgePrintJobs.claimedAt, staleBefore)))))
        .returning(jobCols);
      return r ?? null;
    },
    async progressJob(id: string, done: number, now: Date): Promise<void> {
      await db.update(badgePrintJobs).set({ done, claimedAt: now }).where(eq(badgePrintJobs.id, id));
    },
    async finishJob(id: string, patch: { status: 'done' | 'failed'; error?: string | null; pages?: number | null; bytes?: number | null; parts?: number; done?: number }, now: Date): Promise<void> {
      await db
        .update(badgePrintJobs)
        .set({ ...patch, finishedAt: now })
        .where(eq(badgePrintJobs.id, id));
    },

    // ------------------------------------------------------------ prints
    async insertPrints(rows: (typeof badgePrints.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(badgePrints).values(rows);
    },
    /** Print counts and last print time of these registrations. */
    async printStats(eventId: string, registrationIds: string[]): Promise<Map<string, { count: number; last: Date }>> {
      if (registrationIds.length === 0) return new Map();
      const rows = await db
        .select({ id: badgePrints.registrationId, n: count(), last: sql<string>`max(${badgePrints.printedAt})` })
        .from(badgePrints)
        .where(and(eq(badgePrints.eventId, eventId), inArray(badgePrints.registrationId, registrationIds)))
        .groupBy(badgePrints.registrationId);
      return new Map(rows.map((r) => [r.id, { count: Number(r.n), last: new Date(r.last) }]));
    },
    async history(organisationId: string, eventId: string, q: { page: number; pageSize: number; registrationId?: string }): Promise<{ rows: PrintRow[]; total: number }> {
      const where = and(eq(badgePrints.organisationId, organisationId), eq(badgePrints.eventId, eventId), q.registrationId ? eq(badgePrints.registrationId, q.registrationId) : undefined);
      const [t] = await db.select({ n: count() }).from(badgePrints).where(where);
      const rows = await db
        .select()
        .from(badgePrints)
        .where(where)
        .orderBy(desc(badgePrints.printedAt), desc(badgePrints.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows, total: Number(t?.n ?? 0) };
    },
    async allHistory(organisationId: string, eventId: string, limit = 100_000): Promise<PrintRow[]> {
      return db
        .select()
        .from(badgePrints)
        .where(and(eq(badgePrints.organisationId, organisationId), eq(badgePrints.eventId, eventId)))
        .orderBy(desc(badgePrints.printedAt), desc(badgePrints.id))
        .limit(limit);
    },
    async reportCounts(organisationId: string, eventId: string): Promise<{ prints: number; reprints: number; byCategory: { categoryId: string | null; printed: number }[] }> {
      const where = and(eq(badgePrints.organisationId, organisationId), eq(badgePrints.eventId, eventId));
      const [t] = await db
        .select({ n: count(), re: sql<number>`count(*) filter (where ${badgePrints.isReprint})` })
        .from(badgePrints)
        .where(where);
      const byCategory = await db
        .select({ categoryId: badgePrints.categoryId, printed: countDistinct(badgePrints.registrationId) })
        .from(badgePrints)
        .where(where)
        .groupBy(badgePrints.categoryId);
      return { prints: Number(t?.n ?? 0), reprints: Number(t?.re ?? 0), byCategory: byCategory.map((b) => ({ categoryId: b.categoryId, printed: Number(b.printed) })) };
    },
    /** The Badge Print report: prints in [from, to) of one event, in total, per time bucket and per template. */
    async printActivity(organisationId: string, eventId: string, w: { from: Date | null; to: Date; bucket: TBucket; offsetMinutes: number }) {
      const where = and(eq(badgePrints.organisationId, organisationId), eq(badgePrints.eventId, eventId), inWindow(badgePrints.printedAt, w.from, w.to));
      const reprints = sql<number>`count(*) filter (where ${badgePrints.isReprint})`;
      const [t] = await db
        .select({ prints: count(), reprints, attendees: countDistinct(badgePrints.registrationId), fromBulkJobs: sql<number>`count(${badgePrints.jobId})` })
        .from(badgePrints)
        .where(where);
      const at = bucketStartSql(badgePrints.printedAt, w.bucket, w.offsetMinutes);
      const series = await db.select({ at, prints: count(), reprints }).from(badgePrints).where(where).groupBy(at).orderBy(at);
      const byTemplate = await db
        .select({ templateName: badgePrints.templateName, prints: count(), reprints })
        .from(badgePrints)
        .where(where)
        .groupBy(badgePrints.templateName)
        .orderBy(desc(count()), asc(badgePrints.templateName));
      return {
        totals: { prints: Number(t?.prints ?? 0), reprints: Number(t?.reprints ?? 0), attendees: Number(t?.attendees ?? 0), fromBulkJobs: Number(t?.fromBulkJobs ?? 0) },
        series: series.map((r) => ({ at: new Date(Number(r.at)), prints: Number(r.prints), reprints: Number(r.reprints) })),
        byTemplate: byTemplate.map((r) => ({ templateName: r.templateName, prints: Number(r.prints), reprints: Number(r.reprints) })),
      };
    },
  };
}
export type BadgesRepository = ReturnType<typeof createBadgesRepository>;
