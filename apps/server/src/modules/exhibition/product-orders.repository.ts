import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { exhibitionBooths, exhibitionCompanies, exhibitionCompanyAdmins, exhibitionCompanyStaff, exhibitionProducts } from './exhibition.tables.ts';
import { exhibitionProductImages, exhibitionProductOrders, exhibitionStaffQuotaRules } from './product-orders.tables.ts';

export type ProductOrderRow = typeof exhibitionProductOrders.$inferSelect;
export type ProductImageMeta = { id: string; productId: string; companyId: string; fileName: string; contentType: string; byteSize: number; createdAt: Date };
type Scope = { organisationId: string; eventId: string };
type Company = { eventId: string; companyId: string };

const imageMeta = {
  id: exhibitionProductImages.id,
  productId: exhibitionProductImages.productId,
  companyId: exhibitionProductImages.companyId,
  fileName: exhibitionProductImages.fileName,
  contentType: exhibitionProductImages.contentType,
  byteSize: exhibitionProductImages.byteSize,
  createdAt: exhibitionProductImages.createdAt,
};
const orderOfCompany = (c: Company) => and(eq(exhibitionProductOrders.eventId, c.eventId), eq(exhibitionProductOrders.companyId, c.companyId));

/** Product images, product orders and the staff quota rule; every query names the event (and the company or organisation). */
export function createProductOrdersRepository(db: Db) {
  return {
    /* ---------- images ---------- */
    async images(c: Company, productId: string): Promise<ProductImageMeta[]> {
      return db
        .select(imageMeta)
        .from(exhibitionProductImages)
        .where(and(eq(exhibitionProductImages.eventId, c.eventId), eq(exhibitionProductImages.companyId, c.companyId), eq(exhibitionProductImages.productId, productId)))
        .orderBy(asc(exhibitionProductImages.createdAt), asc(exhibitionProductImages.id));
    },
    /** Every image id of the company's products, by product, in upload order. */
    async imageIdsOfCompany(c: Company): Promise<Map<string, string[]>> {
      const rows = await db
        .select({ id: exhibitionProductImages.id, productId: exhibitionProductImages.productId })
        .from(exhibitionProductImages)
        .where(and(eq(exhibitionProductImages.eventId, c.eventId), eq(exhibitionProductImages.companyId, c.companyId)))
        .orderBy(asc(exhibitionProductImages.createdAt), asc(exhibitionProductImages.id));
      const out = new Map<string, string[]>();
      for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.id]);
      return out;
    },
    /**
     * Inserts an image unless the product already has `max`: the product row is locked first, so two uploads at once
     * cannot both take the last place. Null when full.
     */
    async insertImage(row: typeof exhibitionProductImages.$inferInsert, max: number): Promise<ProductImageMeta | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: exhibitionProducts.id }).from(exhibitionProducts).where(eq(exhibitionProducts.id, row.productId)).for('update');
        const [n] = await tx.select({ n: count() }).from(exhibitionProductImages).where(eq(exhibitionProductImages.productId, row.productId));
        if ((n?.n ?? 0) >= max) return null;
        const [out] = await tx.insert(exhibitionProductImages).values(row).returning(imageMeta);
        return out!;
      });
    },
    async deleteImage(c: Company, productId: string, imageId: string): Promise<boolean> {
      const rows = await db
        .delete(exhibitionProductImages)
        .where(and(eq(exhibitionProductImages.eventId, c.eventId), eq(exhibitionProductImages.companyId, c.companyId), eq(exhibitionProductImages.productId, productId), eq(exhibitionProductImages.id, imageId)))
        .returning({ id: exhibitionProductImages.id });
      return rows.length > 0;
    },
    async imageFile(c: Company, productId: string, imageId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db
        .select({ contentType: exhibitionProductImages.contentType, bytes: exhibitionProductImages.bytes })
        .from(exhibitionProductImages)
        .where(and(eq(exhibitionProductImages.eventId, c.eventId), eq(exhibitionProductImages.companyId, c.companyId), eq(exhibitionProductImages.productId, productId), eq(exhibitionProductImages.id, imageId)))
        .limit(1);
      return row ?? null;
    },

    /* ---------- orders ---------- */
    async insertOrder(row: typeof exhibitionProductOrders.$inferInsert): Promise<ProductOrderRow> {
      const [out] = await db.insert(exhibitionProductOrders).values(row).returning();
      return out!;
    },
    async order(eventId: string, orderId: string): Promise<ProductOrderRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionProductOrders)
        .where(and(eq(exhibitionProductOrders.eventId, eventId), eq(exhibitionProductOrders.id, orderId)))
        .limit(1);
      return row ?? null;
    },
    async orders(scope: Scope, q: { status?: string; companyId?: string; page: number; pageSize: number }): Promise<{ rows: ProductOrderRow[]; total: number }> {
      const where = and(
        eq(exhibitionProductOrders.organisationId, scope.organisationId),
        eq(exhibitionProductOrders.eventId, scope.eventId),
        q.status ? eq(exhibitionProductOrders.status, q.status) : undefined,
        q.companyId ? eq(exhibitionProductOrders.companyId, q.companyId) : undefined,
      );
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(exhibitionProductOrders)
          .where(where)
          .orderBy(desc(exhibitionProductOrders.createdAt), desc(exhibitionProductOrders.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(exhibitionProductOrders).where(where),
      ]);
      return { rows, total: n?.n ?? 0 };
    },
    /** Every order of the event for an export (of one company and/or status when given), oldest first, at most `limit`. */
    async exportOrders(scope: Scope, q: { status?: string; companyId?: string }, limit = 50_000): Promise<ProductOrderRow[]> {
      return db
        .select()
        .from(exhibitionProductOrders)
        .where(
          and(
            eq(exhibitionProductOrders.organisationId, scope.organisationId),
            eq(exhibitionProductOrders.eventId, scope.eventId),
            q.status ? eq(exhibitionProductOrders.status, q.status) : undefined,
            q.companyId ? eq(exhibitionProductOrders.companyId, q.companyId) : undefined,
          ),
        )
        .orderBy(asc(exhibitionProductOrders.createdAt), asc(exhibitionProductOrders.id))
        .limit(limit);
    },
    /** A company's orders, newest first (at most `limit`). */
    async companyOrders(c: Company, limit = 500): Promise<ProductOrderRow[]> {
      return db.select().from(exhibitionProductOrders).where(orderOfCompany(c)).orderBy(desc(exhibitionProductOrders.createdAt), desc(exhibitionProductOrders.id)).limit(limit);
    },
    async attendeeOrders(eventId: string, eventUserId: string): Promise<ProductOrderRow[]> {
      return db
        .select()
        .from(exhibitionProductOrders)
        .where(and(eq(exhibitionProductOrders.eventId, eventId), eq(exhibitionProductOrders.eventUserId, eventUserId)))
        .orderBy(desc(exhibitionProductOrders.createdAt), desc(exhibitionProductOrders.id))
        .limit(500);
    },
    /**
     * Moves an order only if it is still in the status it was read in: of two decisions at once, one updates the row
     * and the other finds nothing (null), so nobody overwrites a decision silently.
     */
    async moveOrder(eventId: string, orderId: string, from: string, patch: { status: string; rejectionReason?: string; decidedBy?: string; decidedAt?: Date }): Promise<ProductOrderRow | null> {
      const [row] = await db
        .update(exhibitionProductOrders)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(exhibitionProductOrders.eventId, eventId), eq(exhibitionProductOrders.id, orderId), eq(exhibitionProductOrders.status, from)))
        .returning();
      return row ?? null;
    },
    /** Per product of the company: orders by status (products deleted since keep their name, under a null id). */
    async orderCounts(c: Company): Promise<{ productId: string | null; productName: string; status: string; n: number }[]> {
      return db
        .select({ productId: exhibitionProductOrders.productId, productName: sql<string>`min(${exhibitionProductOrders.productName})`, status: exhibitionProductOrders.status, n: count() })
        .from(exhibitionProductOrders)
        .where(orderOfCompany(c))
        .groupBy(exhibitionProductOrders.productId, exhibitionProductOrders.status);
    },
    async companyNames(eventId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: exhibitionCompanies.id, name: exhibitionCompanies.name })
        .from(exhibitionCompanies)
        .where(and(eq(exhibitionCompanies.eventId, eventId), inArray(exhibitionCompanies.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The company whose admin this account is in the event, or null. */
    async adminCompanyOf(eventId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ companyId: exhibitionCompanyAdmins.companyId })
        .from(exhibitionCompanyAdmins)
        .where(and(eq(exhibitionCompanyAdmins.eventId, eventId), eq(exhibitionCompanyAdmins.userId, userId)))
        .limit(1);
      return row?.companyId ?? null;
    },
    /** The company this (lowered) email staffs in the event, or null. */
    async staffCompanyOf(eventId: string, email: string): Promise<string | null> {
      const [row] = await db
        .select({ companyId: exhibitionCompanyStaff.companyId })
        .from(exhibitionCompanyStaff)
        .where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.email, email.toLowerCase())))
        .limit(1);
      return row?.companyId ?? null;
    },

    /* ---------- staff quota ---------- */
    async quotaRule(eventId: string): Promise<{ upToSqm: number | null; staff: number }[] | null> {
      const [row] = await db.select({ bands: exhibitionStaffQuotaRules.bands }).from(exhibitionStaffQuotaRules).where(eq(exhibitionStaffQuotaRules.eventId, eventId)).limit(1);
      return row?.bands ?? null;
    },
    async saveQuotaRule(scope: Scope, bands: { upToSqm: number | null; staff: number }[], userId: string): Promise<void> {
      await db
        .insert(exhibitionStaffQuotaRules)
        .values({ eventId: scope.eventId, organisationId: scope.organisationId, bands, updatedBy: userId })
        .onConflictDoUpdate({ target: exhibitionStaffQuotaRules.eventId, set: { bands, updatedBy: userId, updatedAt: new Date() } });
    },
    async clearQuotaRule(eventId: string): Promise<void> {
      await db.delete(exhibitionStaffQuotaRules).where(eq(exhibitionStaffQuotaRules.eventId, eventId));
    },
    /** The sizes of the booths the company holds. */
    async boothSizes(c: Company): Promise<number[]> {
      const rows = await db
        .select({ size: exhibitionBooths.sizeSqm })
        .from(exhibitionBooths)
        .where(and(eq(exhibitionBooths.eventId, c.eventId), eq(exhibitionBooths.companyId, c.companyId)));
      return rows.map((r) => r.size);
    },
  };
}
export type ProductOrdersRepository = ReturnType<typeof createProductOrdersRepository>;
