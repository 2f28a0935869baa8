import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { exhibitionProducts } from './exhibition.tables.ts';
import { exhibitionProductDocuments as docs } from './product-orders.tables.ts';

export type ProductDocumentMeta = { id: string; productId: string; companyId: string; title: string; fileName: string; contentType: string; byteSize: number; createdAt: Date };
type Company = { eventId: string; companyId: string };

const meta = { id: docs.id, productId: docs.productId, companyId: docs.companyId, title: docs.title, fileName: docs.fileName, contentType: docs.contentType, byteSize: docs.byteSize, createdAt: docs.createdAt };
const ofCompany = (c: Company) => and(eq(docs.eventId, c.eventId), eq(docs.companyId, c.companyId));
const one = (c: Company, productId: string, documentId: string) => and(ofCompany(c), eq(docs.productId, productId), eq(docs.id, documentId));

/** The only file that queries exhibition_product_documents; every query names the event, the company and the product. */
export function createProductDocumentsRepository(db: Db) {
  return {
    async documents(c: Company, productId: string): Promise<ProductDocumentMeta[]> {
      return db.select(meta).from(docs).where(and(ofCompany(c), eq(docs.productId, productId))).orderBy(asc(docs.createdAt), asc(docs.id));
    },
    /** Every document of the company's products with its product's name, by product and upload order. */
    async documentsOfCompany(c: Company): Promise<(ProductDocumentMeta & { productName: string })[]> {
      return db
        .select({ ...meta, productName: exhibitionProducts.name })
        .from(docs)
        .innerJoin(exhibitionProducts, eq(exhibitionProducts.id, docs.productId))
        .where(ofCompany(c))
        .orderBy(asc(exhibitionProducts.name), asc(docs.createdAt), asc(docs.id));
    },
    /**
     * Documents of the event by id, with their product's name and the company's organisation: what leads' brief bag
     * lists of a product document a visitor collected (exhibition's port). Ids of another event are not found.
     */
    async documentsByIds(eventId: string, ids: string[]): Promise<(ProductDocumentMeta & { productName: string; organisationId: string })[]> {
      if (ids.length === 0) return [];
      return db
        .select({ ...meta, productName: exhibitionProducts.name, organisationId: docs.organisationId })
        .from(docs)
        .innerJoin(exhibitionProducts, eq(exhibitionProducts.id, docs.productId))
        .where(and(eq(docs.eventId, eventId), inArray(docs.id, ids)));
    },
    /** One document's bytes by id within the event (the brief bag's ZIP reads one file at a time). */
    async bytesOf(eventId: string, documentId: string): Promise<Buffer | null> {
      const [row] = await db.select({ bytes: docs.bytes }).from(docs).where(and(eq(docs.eventId, eventId), eq(docs.id, documentId))).limit(1);
      return row?.bytes ?? null;
    },
    async document(c: Company, productId: string, documentId: string): Promise<ProductDocumentMeta | null> {
      const [row] = await db.select(meta).from(docs).where(one(c, productId, documentId)).limit(1);
      return row ?? null;
    },
    /**
     * Inserts a document unless the product already has `max`: the product row is locked first, so two uploads at
     * once cannot both take the last place. Null when full.
     */
    async insert(row: typeof docs.$inferInsert, max: number): Promise<ProductDocumentMeta | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: exhibitionProducts.id }).from(exhibitionProducts).where(eq(exhibitionProducts.id, row.productId)).for('update');
        const [n] = await tx.select({ n: count() }).from(docs).where(eq(docs.productId, row.productId));
        if ((n?.n ?? 0) >= max) return null;
        const [out] = await tx.insert(docs).values(row).returning(meta);
        return out!;
      });
    },
    async rename(c: Company, productId: string, documentId: string, title: string): Promise<ProductDocumentMeta | null> {
      const [row] = await db.update(docs).set({ title }).where(one(c, productId, documentId)).returning(meta);
      return row ?? null;
    },
    async remove(c: Company, productId: string, documentId: string): Promise<boolean> {
      return (await db.delete(docs).where(one(c, productId, documentId)).returning({ id: docs.id })).length > 0;
    },
    async file(c: Company, productId: string, documentId: string): Promise<{ fileName: string; contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ fileName: docs.fileName, contentType: docs.contentType, bytes: docs.bytes }).from(docs).where(one(c, productId, documentId)).limit(1);
      return row ?? null;
    },
  };
}
export type ProductDocumentsRepository = ReturnType<typeof createProductDocumentsRepository>;
