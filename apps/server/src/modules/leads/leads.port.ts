import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { createLeadsRepository, type DocumentMeta } from './leads.repository.ts';
import { leadDocuments, leadInquiries, leadWebhookDeliveries } from './leads.tables.ts';

type Company = { eventId: string; companyId: string };
const meta = {
  id: leadDocuments.id,
  organisationId: leadDocuments.organisationId,
  eventId: leadDocuments.eventId,
  companyId: leadDocuments.companyId,
  title: leadDocuments.title,
  fileName: leadDocuments.fileName,
  contentType: leadDocuments.contentType,
  byteSize: leadDocuments.byteSize,
  createdByEventUserId: leadDocuments.createdByEventUserId,
  createdAt: leadDocuments.createdAt,
};
export type CompanyDocumentMeta = DocumentMeta;

/**
 * Leads' read (and documents) model for modules built before it (a platform port, as exhibition's booth forms):
 * exhibition asks it for a company's booth documents — ONE list, which the organiser's uploads join (stored here, with
 * no staff member) — and for the leads side of the exhibitor report (SPEC §2.6: Inquiries, Card Taken, Card Dropped,
 * Booth Action Point, Onsite Leads, Webhooks). Every query names the event and the company; the caller checked both.
 */
export function createLeadsPort(db: Db) {
  const repo = createLeadsRepository(db);
  const ofCompany = (c: Company) => and(eq(leadDocuments.eventId, c.eventId), eq(leadDocuments.companyId, c.companyId));
  return {
    documents: (c: Company): Promise<CompanyDocumentMeta[]> => repo.documents(c),
    async document(c: Company, documentId: string): Promise<CompanyDocumentMeta | null> {
      const row = await repo.document(c.eventId, documentId);
      return row && row.companyId === c.companyId ? row : null;
    },
    async documentBytes(c: Company, documentId: string): Promise<Buffer | null> {
      const row = await repo.document(c.eventId, documentId);
      if (!row || row.companyId !== c.companyId) return null;
      return repo.documentBytes(c.eventId, documentId);
    },
    /**
     * An organiser's upload (no staff member), or the company admin's from My stand (their event user); at most `max`
     * a company, counted in the same transaction (409 over it: null).
     */
    async insertDocument(row: Omit<typeof leadDocuments.$inferInsert, 'createdByEventUserId'> & { createdByEventUserId?: string | null }, max: number): Promise<CompanyDocumentMeta | null> {
      return db.transaction(async (tx) => {
        // One writer per company at a time, so two uploads cannot both pass the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead_documents:${row.companyId}`}))`);
        const [n] = await tx.select({ n: count() }).from(leadDocuments).where(ofCompany(row));
        if ((n?.n ?? 0) >= max) return null;
        const [saved] = await tx.insert(leadDocuments).values({ ...row, createdByEventUserId: row.createdByEventUserId ?? null }).returning(meta);
        return saved ?? null;
      });
    },
    async renameDocument(c: Company, documentId: string, title: string): Promise<boolean> {
      const rows = await db.update(leadDocuments).set({ title }).where(and(ofCompany(c), eq(leadDocuments.id, documentId))).returning({ id: leadDocuments.id });
      return rows.length > 0;
    },
    /** Deletes it (and, by the foreign key, its places in brief bags). */
    async deleteDocument(c: Company, documentId: string): Promise<boolean> {
      return (await repo.deleteDocument(c, documentId)) !== null;
    },

    /** The leads side of one company's exhibitor report. */
    async report(c: Company) {
      const [{ leadRows, cardRows, actionRows }, inquiryRows, deliveryRows] = await Promise.all([
        repo.countsByCompany(c.eventId, c.companyId),
        db
          .select({ status: leadInquiries.status, productId: leadInquiries.productId, n: count() })
          .from(leadInquiries)
          .where(and(eq(leadInquiries.eventId, c.eventId), eq(leadInquiries.companyId, c.companyId)))
          .groupBy(leadInquiries.status, leadInquiries.productId),
        db
          .select({ status: leadWebhookDeliveries.status, n: count() })
          .from(leadWebhookDeliveries)
          .where(and(eq(leadWebhookDeliveries.eventId, c.eventId), eq(leadWebhookDeliveries.companyId, c.companyId)))
          .groupBy(leadWebhookDeliveries.status),
      ]);
      return {
        leadsByRating: leadRows.map((r) => ({ rating: r.rating as string | null, n: r.n })),
        cards: { taken: cardRows.filter((r) => r.kind === 'taken').reduce((s, r) => s + r.n, 0), dropped: cardRows.filter((r) => r.kind !== 'taken').reduce((s, r) => s + r.n, 0) },
        actions: actionRows.map((r) => ({ action: r.action, n: r.n })),
        inquiries: inquiryRows.map((r) => ({ status: r.status, productId: r.productId, n: r.n })),
        deliveries: deliveryRows.map((r) => ({ status: r.status, n: r.n })),
      };
    },
  };
}
export type LeadsPort = ReturnType<typeof createLeadsPort>;
