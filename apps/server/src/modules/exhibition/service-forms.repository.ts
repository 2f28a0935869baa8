import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  exhibitionCompanyAdmins,
  exhibitionFormSettings,
  exhibitionFormSubmissions,
  exhibitionSubmissionFiles,
  exhibitionSubmissionHistory,
} from './exhibition.tables.ts';

export type FormSettingsRow = typeof exhibitionFormSettings.$inferSelect;
export type SubmissionRow = typeof exhibitionFormSubmissions.$inferSelect;
export type HistoryRow = typeof exhibitionSubmissionHistory.$inferSelect;
export type AdminRow = typeof exhibitionCompanyAdmins.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Scope = { organisationId: string; eventId: string };
type SettingsValues = Omit<typeof exhibitionFormSettings.$inferInsert, 'id' | 'eventId' | 'organisationId' | 'formCode'>;

/** The only file that queries the service-form tables; every query names the event (and the organisation on the organiser side). */
export function createServiceFormsRepository(db: Db) {
  const submissionScope = (s: Scope) => and(eq(exhibitionFormSubmissions.organisationId, s.organisationId), eq(exhibitionFormSubmissions.eventId, s.eventId));
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    settings: (eventId: string) => db.select().from(exhibitionFormSettings).where(eq(exhibitionFormSettings.eventId, eventId)),
    async setting(eventId: string, formCode: string): Promise<FormSettingsRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionFormSettings)
        .where(and(eq(exhibitionFormSettings.eventId, eventId), eq(exhibitionFormSettings.formCode, formCode)))
        .limit(1);
      return row ?? null;
    },
    /** Insert or update one form's settings (the row's first save takes the given defaults for what it does not set). */
    async upsertSetting(scope: Scope, formCode: string, id: string, insert: SettingsValues, update: Partial<SettingsValues>): Promise<FormSettingsRow> {
      const [row] = await db
        .insert(exhibitionFormSettings)
        .values({ id, ...scope, formCode, ...insert })
        .onConflictDoUpdate({ target: [exhibitionFormSettings.eventId, exhibitionFormSettings.formCode], set: { ...update, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    async adminOfCompany(eventId: string, companyId: string): Promise<AdminRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionCompanyAdmins)
        .where(and(eq(exhibitionCompanyAdmins.eventId, eventId), eq(exhibitionCompanyAdmins.companyId, companyId)))
        .limit(1);
      return row ?? null;
    },
    async adminByUser(eventId: string, userId: string): Promise<AdminRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionCompanyAdmins)
        .where(and(eq(exhibitionCompanyAdmins.eventId, eventId), eq(exhibitionCompanyAdmins.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    /** The company's admin becomes this account (replacing an earlier one). */
    async setAdmin(row: typeof exhibitionCompanyAdmins.$inferInsert): Promise<void> {
      await db
        .insert(exhibitionCompanyAdmins)
        .values(row)
        .onConflictDoUpdate({ target: exhibitionCompanyAdmins.companyId, set: { userId: row.userId, email: row.email, invitedBy: row.invitedBy, invitedAt: new Date() } });
    },

    async submissions(scope: Scope, filter: { formCode?: string; status?: string; companyId?: string; statuses?: string[] }): Promise<SubmissionRow[]> {
      const where: (SQL | undefined)[] = [
        submissionScope(scope),
        filter.formCode ? eq(exhibitionFormSubmissions.formCode, filter.formCode) : undefined,
        filter.status ? eq(exhibitionFormSubmissions.status, filter.status) : undefined,
        filter.companyId ? eq(exhibitionFormSubmissions.companyId, filter.companyId) : undefined,
        filter.statuses ? inArray(exhibitionFormSubmissions.status, filter.statuses) : undefined,
      ];
      return db
        .select()
        .from(exhibitionFormSubmissions)
        .where(and(...where))
        .orderBy(desc(exhibitionFormSubmissions.updatedAt), asc(exhibitionFormSubmissions.id))
        .limit(1000);
    },
    companySubmissions: (eventId: string, companyId: string) =>
      db
        .select()
        .from(exhibitionFormSubmissions)
        .where(and(eq(exhibitionFormSubmissions.eventId, eventId), eq(exhibitionFormSubmissions.companyId, companyId))),
    async submission(scope: Scope, id: string): Promise<SubmissionRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionFormSubmissions)
        .where(and(submissionScope(scope), eq(exhibitionFormSubmissions.id, id)))
        .limit(1);
      return row ?? null;
    },
    async boothSubmission(eventId: string, boothId: string, formCode: string): Promise<SubmissionRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionFormSubmissions)
        .where(and(eq(exhibitionFormSubmissions.eventId, eventId), eq(exhibitionFormSubmissions.boothId, boothId), eq(exhibitionFormSubmissions.formCode, formCode)))
        .limit(1);
      return row ?? null;
    },
    async insertSubmission(tx: Tx, row: typeof exhibitionFormSubmissions.$inferInsert): Promise<SubmissionRow> {
      const [saved] = await tx.insert(exhibitionFormSubmissions).values(row).returning();
      return saved!;
    },
    /** Updates only when the row is still at `version` (and `status`): null when another save or review came first. */
    async updateSubmission(tx: Tx, id: string, expect: { version: number; status: string }, values: Partial<typeof exhibitionFormSubmissions.$inferInsert>): Promise<SubmissionRow | null> {
      const [row] = await tx
        .update(exhibitionFormSubmissions)
        .set({ ...values, version: expect.version + 1, updatedAt: new Date() })
        .where(and(eq(exhibitionFormSubmissions.id, id), eq(exhibitionFormSubmissions.version, expect.version), eq(exhibitionFormSubmissions.status, expect.status)))
        .returning();
      return row ?? null;
    },
    async addHistory(tx: Tx, row: typeof exhibitionSubmissionHistory.$inferInsert): Promise<void> {
      await tx.insert(exhibitionSubmissionHistory).values(row);
    },
    history: (submissionId: string) =>
      db.select().from(exhibitionSubmissionHistory).where(eq(exhibitionSubmissionHistory.submissionId, submissionId)).orderBy(asc(exhibitionSubmissionHistory.at), asc(exhibitionSubmissionHistory.id)),
    async putFile(tx: Tx, row: typeof exhibitionSubmissionFiles.$inferInsert): Promise<void> {
      await tx
        .insert(exhibitionSubmissionFiles)
        .values(row)
        .onConflictDoUpdate({ target: exhibitionSubmissionFiles.submissionId, set: { fileName: row.fileName, contentType: row.contentType, byteSize: row.byteSize, bytes: row.bytes, createdAt: new Date() } });
    },
    async fileInfo(submissionIds: string[]): Promise<Map<string, { fileName: string; byteSize: number }>> {
      if (submissionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: exhibitionSubmissionFiles.submissionId, fileName: exhibitionSubmissionFiles.fileName, byteSize: exhibitionSubmissionFiles.byteSize })
        .from(exhibitionSubmissionFiles)
        .where(inArray(exhibitionSubmissionFiles.submissionId, submissionIds));
      return new Map(rows.map((r) => [r.id, { fileName: r.fileName, byteSize: r.byteSize }]));
    },
    async file(submissionId: string) {
      const [row] = await db.select().from(exhibitionSubmissionFiles).where(eq(exhibitionSubmissionFiles.submissionId, submissionId)).limit(1);
      return row ?? null;
    },
  };
}
export type ServiceFormsRepository = ReturnType<typeof createServiceFormsRepository>;
