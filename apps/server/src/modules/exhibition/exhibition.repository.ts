import { and, asc, count, eq, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { exhibitionBooths, exhibitionCompanies, exhibitionCompanyLogos, exhibitionCompanyStaff, exhibitionProducts } from './exhibition.tables.ts';
import { exhibitionProductOrders } from './product-orders.tables.ts';

export type CompanyRow = typeof exhibitionCompanies.$inferSelect;
export type BoothRow = typeof exhibitionBooths.$inferSelect;
export type ProductRow = typeof exhibitionProducts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Scope = { organisationId: string; eventId: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const companyScope = (s: Scope) => and(eq(exhibitionCompanies.organisationId, s.organisationId), eq(exhibitionCompanies.eventId, s.eventId));
const boothScope = (s: Scope) => and(eq(exhibitionBooths.organisationId, s.organisationId), eq(exhibitionBooths.eventId, s.eventId));

/** The only file that queries the exhibition tables; every query names the event (and the organisation on the organiser side). */
export function createExhibitionRepository(db: Db) {
  /** Companies matching a search: name, category, or the number of a booth they hold. */
  const searchCondition = (eventId: string, search: string | undefined): SQL | undefined => {
    if (!search) return undefined;
    const like = `%${escapeLike(search)}%`;
    const holdsBooth = db
      .select({ id: exhibitionBooths.companyId })
      .from(exhibitionBooths)
      .where(and(eq(exhibitionBooths.eventId, eventId), ilike(exhibitionBooths.number, like)));
    return or(ilike(exhibitionCompanies.name, like), ilike(exhibitionCompanies.category, like), inArray(exhibitionCompanies.id, holdsBooth));
  };

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async companies(scope: Scope, q: { search?: string; page: number; pageSize: number }): Promise<{ rows: CompanyRow[]; total: number }> {
      const where = and(companyScope(scope), searchCondition(scope.eventId, q.search));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(exhibitionCompanies)
          .where(where)
          .orderBy(asc(exhibitionCompanies.nameKey), asc(exhibitionCompanies.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(exhibitionCompanies).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The attendee's list: every company of the event (a public read; the event was checked by the portal). */
    async eventCompanies(eventId: string, q: { search?: string; category?: string; country?: string; hall?: string; page: number; pageSize: number }): Promise<{ rows: CompanyRow[]; total: number }> {
      // Filters (the list's category, country and hall), combined with the search.
      const inHall = q.hall
        ? inArray(
            exhibitionCompanies.id,
            db
              .select({ id: exhibitionBooths.companyId })
              .from(exhibitionBooths)
              .where(and(eq(exhibitionBooths.eventId, eventId), eq(exhibitionBooths.hall, q.hall))),
          )
        : undefined;
      const where = and(
        eq(exhibitionCompanies.eventId, eventId),
        searchCondition(eventId, q.search),
        q.category ? sql`lower(${exhibitionCompanies.category}) = lower(${q.category})` : undefined,
        q.country ? eq(exhibitionCompanies.countryCode, q.country) : undefined,
        inHall,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(exhibitionCompanies)
          .where(where)
          .orderBy(asc(exhibitionCompanies.nameKey), asc(exhibitionCompanies.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(exhibitionCompanies).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async company(eventId: string, companyId: string, organisationId?: string): Promise<CompanyRow | null> {
      const [row] = await db
        .select()
        .from(exhibitionCompanies)
        .where(and(eq(exhibitionCompanies.eventId, eventId), eq(exhibitionCompanies.id, companyId), organisationId ? eq(exhibitionCompanies.organisationId, organisationId) : undefined))
        .limit(1);
      return row ?? null;
    },
    async insertCompany(row: typeof exhibitionCompanies.$inferInsert): Promise<CompanyRow> {
      const [saved] = await db.insert(exhibitionCompanies).values(row).returning();
      return saved!;
    },
    /** Which of these lowered names the event's companies already use. */
    async takenNameKeys(eventId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ k: exhibitionCompanies.nameKey })
        .from(exhibitionCompanies)
        .where(and(eq(exhibitionCompanies.eventId, eventId), inArray(exhibitionCompanies.nameKey, keys)));
      return new Set(rows.map((r) => r.k));
    },
    async insertCompanies(rows: (typeof exhibitionCompanies.$inferInsert)[]): Promise<number> {
      return db.transaction(async (tx) => {
        // In slices: one statement per 500 rows keeps each under Postgres' parameter limit.
        for (let i = 0; i < rows.length; i += 500) await tx.insert(exhibitionCompanies).values(rows.slice(i, i + 500));
        return rows.length;
      });
    },
    async updateCompany(scope: Scope, id: string, patch: Partial<typeof exhibitionCompanies.$inferInsert>): Promise<CompanyRow | null> {
      const [row] = await db
        .update(exhibitionCompanies)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(companyScope(scope), eq(exhibitionCompanies.id, id)))
        .returning();
      return row ?? null;
    },
    /**
     * Gives the company a new logo (null: none) and deletes the one it had, in one transaction under the company's row
     * lock (two replacements in a row leave exactly one logo). Null when the company is not in the scope.
     */
    async replaceLogo(scope: Scope, companyId: string, logo: Omit<typeof exhibitionCompanyLogos.$inferInsert, 'eventId' | 'organisationId' | 'companyId'> | null): Promise<CompanyRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ logoId: exhibitionCompanies.logoId })
          .from(exhibitionCompanies)
          .where(and(companyScope(scope), eq(exhibitionCompanies.id, companyId)))
          .for('update');
        if (!current) return null;
        if (logo) await tx.insert(exhibitionCompanyLogos).values({ ...logo, ...scope, companyId });
        const [row] = await tx
          .update(exhibitionCompanies)
          .set({ logoId: logo?.id ?? null, updatedAt: new Date() })
          .where(and(companyScope(scope), eq(exhibitionCompanies.id, companyId)))
          .returning();
        if (current.logoId) await tx.delete(exhibitionCompanyLogos).where(and(eq(exhibitionCompanyLogos.companyId, companyId), eq(exhibitionCompanyLogos.id, current.logoId)));
        return row ?? null;
      });
    },
    /** A logo's type and bytes by its unguessable id (a public read: the id is the secret), or null. */
    async logo(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ contentType: exhibitionCompanyLogos.contentType, bytes: exhibitionCompanyLogos.bytes }).from(exhibitionCompanyLogos).where(eq(exhibitionCompanyLogos.id, id)).limit(1);
      return row ?? null;
    },
    async deleteCompany(tx: Tx, scope: Scope, id: string): Promise<boolean> {
      const rows = await tx.delete(exhibitionCompanies).where(and(companyScope(scope), eq(exhibitionCompanies.id, id))).returning({ id: exhibitionCompanies.id });
      return rows.length > 0;
    },

    /** Booths of an event, optionally only those held by some companies. */
    async booths(eventId: string, companyIds?: string[]): Promise<BoothRow[]> {
      if (companyIds && companyIds.length === 0) return [];
      return db
        .select()
        .from(exhibitionBooths)
        .where(and(eq(exhibitionBooths.eventId, eventId), companyIds ? inArray(exhibitionBooths.companyId, companyIds) : undefined))
        .orderBy(asc(exhibitionBooths.hall), asc(exhibitionBooths.number));
    },
    async booth(scope: Scope, id: string, tx: Tx | Db = db): Promise<BoothRow | null> {
      const [row] = await tx
        .select()
        .from(exhibitionBooths)
        .where(and(boothScope(scope), eq(exhibitionBooths.id, id)))
        .limit(1);
      return row ?? null;
    },
    /** Serialises changes to one hall's plan (so two booths placed at once cannot both miss each other). */
    async lockHall(tx: Tx, eventId: string, hall: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`exhibition-hall:${eventId}:${hall}`}))`);
    },
    async hallBooths(tx: Tx, eventId: string, hall: string, exceptId: string | null): Promise<BoothRow[]> {
      return tx
        .select()
        .from(exhibitionBooths)
        .where(and(eq(exhibitionBooths.eventId, eventId), eq(exhibitionBooths.hall, hall), exceptId ? ne(exhibitionBooths.id, exceptId) : undefined));
    },
    async insertBooth(tx: Tx, row: typeof exhibitionBooths.$inferInsert): Promise<BoothRow> {
      const [saved] = await tx.insert(exhibitionBooths).values(row).returning();
      return saved!;
    },
    async updateBooth(scope: Scope, id: string, patch: Partial<typeof exhibitionBooths.$inferInsert>, tx: Tx | Db = db): Promise<BoothRow | null> {
      const [row] = await tx
        .update(exhibitionBooths)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(boothScope(scope), eq(exhibitionBooths.id, id)))
        .returning();
      return row ?? null;
    },
    async deleteBooth(scope: Scope, id: string): Promise<boolean> {
      const rows = await db.delete(exhibitionBooths).where(and(boothScope(scope), eq(exhibitionBooths.id, id))).returning({ id: exhibitionBooths.id });
      return rows.length > 0;
    },
    async heldBooths(tx: Tx, scope: Scope, companyId: string): Promise<BoothRow[]> {
      return tx
        .select()
        .from(exhibitionBooths)
        .where(and(boothScope(scope), eq(exhibitionBooths.companyId, companyId)))
        .for('update');
    },
    async companyNames(eventId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: exhibitionCompanies.id, name: exhibitionCompanies.name })
        .from(exhibitionCompanies)
        .where(and(eq(exhibitionCompanies.eventId, eventId), inArray(exhibitionCompanies.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async staffEmails(scope: Scope, companyId: string): Promise<string[]> {
      const rows = await db
        .select({ email: exhibitionCompanyStaff.email })
        .from(exhibitionCompanyStaff)
        .where(and(eq(exhibitionCompanyStaff.organisationId, scope.organisationId), eq(exhibitionCompanyStaff.eventId, scope.eventId), eq(exhibitionCompanyStaff.companyId, companyId)))
        .orderBy(asc(exhibitionCompanyStaff.email));
      return rows.map((r) => r.email);
    },
    /** Which of these emails staff another company of the event (email → that company's name). */
    async staffElsewhere(eventId: string, companyId: string, emails: string[]): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const rows = await db
        .select({ email: exhibitionCompanyStaff.email, name: exhibitionCompanies.name })
        .from(exhibitionCompanyStaff)
        .innerJoin(exhibitionCompanies, eq(exhibitionCompanies.id, exhibitionCompanyStaff.companyId))
        .where(and(eq(exhibitionCompanyStaff.eventId, eventId), ne(exhibitionCompanyStaff.companyId, companyId), inArray(exhibitionCompanyStaff.email, emails)));
      return new Map(rows.map((r) => [r.email, r.name]));
    },
    /**
     * Replaces the company's staff list in one transaction (the unique index refuses an email of another company).
     * Returns the emails that were not on the list before (the ones to invite), and what `record` answered: it writes
     * the stand-team mail's outbox fact for their new rows in the same transaction, so the mail is owed exactly when
     * the list is saved.
     */
    async replaceStaff(scope: Scope, companyId: string, emails: string[], record?: (tx: Tx, added: { id: string; email: string }[]) => Promise<string>): Promise<{ added: string[]; factId: string | null }> {
      return db.transaction(async (tx) => {
        // Those who stay keep their row (their badge and its name); those who left go; the new ones are added.
        const mine = and(eq(exhibitionCompanyStaff.organisationId, scope.organisationId), eq(exhibitionCompanyStaff.eventId, scope.eventId), eq(exhibitionCompanyStaff.companyId, companyId));
        await tx.delete(exhibitionCompanyStaff).where(emails.length > 0 ? and(mine, notInArray(exhibitionCompanyStaff.email, emails)) : mine);
        const kept = new Set((await tx.select({ email: exhibitionCompanyStaff.email }).from(exhibitionCompanyStaff).where(mine)).map((r) => r.email));
        const added = emails.filter((e) => !kept.has(e));
        // An email another company took meanwhile fails the unique index (23505): the caller says so.
        const rows = added.map((email) => ({ id: newId(), organisationId: scope.organisationId, eventId: scope.eventId, companyId, email }));
        if (rows.length > 0) await tx.insert(exhibitionCompanyStaff).values(rows);
        const factId = rows.length > 0 && record ? await record(tx, rows.map((r) => ({ id: r.id, email: r.email }))) : null;
        return { added, factId };
      });
    },
    /**
     * Takes the stand-team mail of one staff row of the event (null: gone from the list, or already mailed). The
     * marker is set before the send; `releaseInvitation` clears it when the send fails.
     */
    async claimInvitation(eventId: string, staffId: string, at: Date): Promise<{ email: string; companyId: string; organisationId: string } | null> {
      const [row] = await db
        .update(exhibitionCompanyStaff)
        .set({ invitationMailedAt: at })
        .where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.id, staffId), isNull(exhibitionCompanyStaff.invitationMailedAt)))
        .returning({ email: exhibitionCompanyStaff.email, companyId: exhibitionCompanyStaff.companyId, organisationId: exhibitionCompanyStaff.organisationId });
      return row ?? null;
    },
    async releaseInvitation(eventId: string, staffId: string): Promise<void> {
      await db.update(exhibitionCompanyStaff).set({ invitationMailedAt: null }).where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.id, staffId)));
    },
    /** The company this email staffs in the event, with its name, or null. */
    async staffCompanyOf(eventId: string, email: string): Promise<{ companyId: string; companyName: string } | null> {
      const [row] = await db
        .select({ companyId: exhibitionCompanies.id, companyName: exhibitionCompanies.name })
        .from(exhibitionCompanyStaff)
        .innerJoin(exhibitionCompanies, eq(exhibitionCompanies.id, exhibitionCompanyStaff.companyId))
        .where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.email, email.toLowerCase())))
        .limit(1);
      return row ?? null;
    },
    /** Every company of the event, id and name (the Onsite Leads report's rows). */
    async companyList(eventId: string): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: exhibitionCompanies.id, name: exhibitionCompanies.name })
        .from(exhibitionCompanies)
        .where(eq(exhibitionCompanies.eventId, eventId))
        .orderBy(asc(exhibitionCompanies.nameKey), asc(exhibitionCompanies.id));
    },

    async products(eventId: string, companyId: string): Promise<ProductRow[]> {
      return db
        .select()
        .from(exhibitionProducts)
        .where(and(eq(exhibitionProducts.eventId, eventId), eq(exhibitionProducts.companyId, companyId)))
        .orderBy(asc(exhibitionProducts.name), asc(exhibitionProducts.id));
    },
    async productCounts(eventId: string, companyIds: string[]): Promise<Map<string, number>> {
      if (companyIds.length === 0) return new Map();
      const rows = await db
        .select({ companyId: exhibitionProducts.companyId, n: count() })
        .from(exhibitionProducts)
        .where(and(eq(exhibitionProducts.eventId, eventId), inArray(exhibitionProducts.companyId, companyIds)))
        .groupBy(exhibitionProducts.companyId);
      return new Map(rows.map((r) => [r.companyId, r.n]));
    },
    async insertProduct(row: typeof exhibitionProducts.$inferInsert): Promise<ProductRow> {
      const [saved] = await db.insert(exhibitionProducts).values(row).returning();
      return saved!;
    },
    async updateProduct(scope: Scope, companyId: string, id: string, patch: Partial<typeof exhibitionProducts.$inferInsert>): Promise<ProductRow | null> {
      const [row] = await db
        .update(exhibitionProducts)
        .set({ ...patch, updatedAt: new Date() })
        .where(
          and(
            eq(exhibitionProducts.organisationId, scope.organisationId),
            eq(exhibitionProducts.eventId, scope.eventId),
            eq(exhibitionProducts.companyId, companyId),
            eq(exhibitionProducts.id, id),
          ),
        )
        .returning();
      return row ?? null;
    },
    /**
     * Deletes a product (its images and documents cascade; its closed orders keep their product name, product_id set
     * null) unless orders of it are still open. The product row is locked first: an order being placed holds a key
     * lock on it until its commit, so the count below sees it, and an order placed after the delete fails its
     * foreign key instead of pointing at nothing.
     */
    async deleteProduct(scope: Scope, companyId: string, id: string, openStatuses: readonly string[]): Promise<{ deleted: boolean; openOrders: number }> {
      const mine = and(
        eq(exhibitionProducts.organisationId, scope.organisationId),
        eq(exhibitionProducts.eventId, scope.eventId),
        eq(exhibitionProducts.companyId, companyId),
        eq(exhibitionProducts.id, id),
      );
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: exhibitionProducts.id }).from(exhibitionProducts).where(mine).for('update');
        if (!row) return { deleted: false, openOrders: 0 };
        const [open] = await tx
          .select({ n: count() })
          .from(exhibitionProductOrders)
          .where(and(eq(exhibitionProductOrders.eventId, scope.eventId), eq(exhibitionProductOrders.productId, id), inArray(exhibitionProductOrders.status, [...openStatuses])));
        if ((open?.n ?? 0) > 0) return { deleted: false, openOrders: open!.n };
        await tx.delete(exhibitionProducts).where(mine);
        return { deleted: true, openOrders: 0 };
      });
    },
  };
}
export type ExhibitionRepository = ReturnType<typeof createExhibitionRepository>;
