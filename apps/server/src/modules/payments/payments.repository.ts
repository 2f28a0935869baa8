import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TTransactionListQuery } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { companyCreditNotes, companyInvoiceLines, companyInvoiceTax, companyInvoices, invoiceSettings, invoices, orderCreditNotes, paymentEvents, paymentSettings, payments, refunds } from './payments.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CompanyInvoiceRow = typeof companyInvoices.$inferSelect;
export type CompanyInvoiceLineRow = typeof companyInvoiceLines.$inferSelect;
export type CompanyInvoiceTaxRow = typeof companyInvoiceTax.$inferSelect;
export type CreditNoteRow = typeof companyCreditNotes.$inferSelect;
export type OrderCreditNoteRow = typeof orderCreditNotes.$inferSelect;

/** The only file that queries payments tables. */
function queries(db: Q) {
  return {
    async settings(organisationId: string): Promise<PaymentSettingsRow | null> {
      const [r] = await db.select().from(paymentSettings).where(eq(paymentSettings.organisationId, organisationId)).limit(1);
      return r ?? null;
    },
    async settingsByWebhookAccount(accountId: string): Promise<PaymentSettingsRow | null> {
      const [r] = await db.select().from(paymentSettings).where(eq(paymentSettings.webhookAccountId, accountId)).limit(1);
      return r ?? null;
    },
    async upsertSettings(organisationId: string, insert: typeof paymentSettings.$inferInsert, patch: Partial<typeof paymentSettings.$inferInsert>): Promise<PaymentSettingsRow> {
      const [r] = await db
        .insert(paymentSettings)
        .values(insert)
        .onConflictDoUpdate({ target: paymentSettings.organisationId, set: { ...patch, updatedAt: new Date() } })
        .returning();
      return r!;
    },
    async invoiceSettings(organisationId: string): Promise<InvoiceSettingsRow | null> {
      const [r] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.organisationId, organisationId)).limit(1);
      return r ?? null;
    },
    async upsertInvoiceSettings(organisationId: string, patch: Partial<typeof invoiceSettings.$inferInsert>): Promise<InvoiceSettingsRow> {
      const [r] = await db
        .insert(invoiceSettings)
        .values({ organisationId, ...patch })
        .onConflictDoUpdate({ target: invoiceSettings.organisationId, set: patch })
        .returning();
      return r!;
    },
    /** Locks the organisation's invoice counter row (made if missing) until the transaction ends: one numbering at a time. */
    async lockInvoiceCounter(organisationId: string): Promise<void> {
      await db.insert(invoiceSettings).values({ organisationId }).onConflictDoNothing();
      await db.select({ id: invoiceSettings.organisationId }).from(invoiceSettings).where(eq(invoiceSettings.organisationId, organisationId)).for('update');
    },
    /** Sequential per organisation: the counter row's lock is held until the numbering transaction commits. */
    async nextInvoiceNumber(organisationId: string): Promise<{ n: number; prefix: string }> {
      const [r] = await db
        .insert(invoiceSettings)
        .values({ organisationId, invoiceCounter: 1 })
        .onConflictDoUpdate({ target: invoiceSettings.organisationId, set: { invoiceCounter: sql`${invoiceSettings.invoiceCounter} + 1` } })
        .returning({ n: invoiceSettings.invoiceCounter, prefix: invoiceSettings.invoicePrefix });
      return r!;
    },
    async insertInvoice(row: typeof invoices.$inferInsert): Promise<InvoiceRow | null> {
      const [r] = await db.insert(invoices).values(row).onConflictDoNothing().returning();
      return r ?? null;
    },
    async invoiceOfOrder(orderId: string): Promise<InvoiceRow | null> {
      const [r] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
      return r ?? null;
    },
    async insertPayment(row: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [r] = await db.insert(payments).values(row).returning();
      return r!;
    },
    async updatePayment(id: string, patch: Partial<typeof payments.$inferInsert>): Promise<PaymentRow | null> {
      const [r] = await db.update(payments).set(patch).where(eq(payments.id, id)).returning();
      return r ?? null;
    },
    /** Conditional status move: only from the listed statuses. */
    async transitionPayment(id: string, from: string[], patch: Partial<typeof payments.$inferInsert>): Promise<PaymentRow | null> {
      const [r] = await db
        .update(payments)
        .set(patch)
        .where(and(eq(payments.id, id), inArray(payments.status, from)))
        .returning();
      return r ?? null;
    },
    async findBySession(sessionId: string, lock = false): Promise<PaymentRow | null> {
      const q = db.select().from(payments).where(eq(payments.sessionId, sessionId)).limit(1);
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },
    async findById(id: string, lock = false): Promise<PaymentRow | null> {
      const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },
    async paymentsOfOrder(orderId: string): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
    },
    async listPayments(eventId: string, q: TTransactionListQuery): Promise<{ rows: PaymentRow[]; total: number }> {
      const cond = and(eq(payments.eventId, eventId), q.status ? eq(payments.status, q.status) : undefined, q.provider ? eq(payments.provider, q.provider) : undefined);
      const [t] = await db.select({ n: count() }).from(payments).where(cond);
      const rows = await db.select().from(payments).where(cond).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      return { rows, total: t?.n ?? 0 };
    },
    /** Records a provider event once; false when it was already recorded (a duplicate delivery). */
    async recordEvent(row: typeof paymentEvents.$inferInsert): Promise<boolean> {
      const r = await db.insert(paymentEvents).values(row).onConflictDoNothing().returning({ id: paymentEvents.id });
      return r.length > 0;
    },
    async insertRefund(row: typeof refunds.$inferInsert): Promise<RefundRow> {
      const [r] = await db.insert(refunds).values(row).returning();
      return r!;
    },
    async updateRefund(id: string, patch: Partial<typeof refunds.$inferInsert>): Promise<RefundRow | null> {
      const [r] = await db.update(refunds).set(patch).where(eq(refunds.id, id)).returning();
      return r ?? null;
    },
    async refundsOfOrder(orderId: string): Promise<RefundRow[]> {
      return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt));
    },
    /** The open invoice of a company for an event and currency, locked until the transaction ends. */
    async openCompanyInvoice(eventId: string, companyId: string, currency: string): Promise<CompanyInvoiceRow | null> {
      const [r] = await db
        .select()
        .from(companyInvoices)
        .where(and(eq(companyInvoices.eventId, eventId), eq(companyInvoices.companyId, companyId), eq(companyInvoices.currency, currency), eq(companyInvoices.status, 'open')))
        .limit(1)
        .for('update');
      return r ?? null;
    },
    async insertCompanyInvoice(row: typeof companyInvoices.$inferInsert): Promise<CompanyInvoiceRow> {
      const [r] = await db.insert(companyInvoices).values(row).returning();
      return r!;
    },
    /** Whether a submission's lines are on an invoice already (a submission is invoiced once). */
    async submissionInvoiced(submissionId: string): Promise<boolean> {
      const [r] = await db.select({ id: companyInvoiceLines.id }).from(companyInvoiceLines).where(eq(companyInvoiceLines.submissionId, submissionId)).limit(1);
      return !!r;
    },
    async insertCompanyInvoiceLines(rows: (typeof companyInvoiceLines.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(companyInvoiceLines).values(rows);
    },
    /** Totals from the lines, written in the transaction that added them. */
    async recomputeCompanyInvoice(id: string): Promise<CompanyInvoiceRow> {
      const [t] = await db
        .select({ subtotal: sql<number>`coalesce(sum(${companyInvoiceLines.total} - ${companyInvoiceLines.tax}), 0)::int`, tax: sql<number>`coalesce(sum(${companyInvoiceLines.tax}), 0)::int` })
        .from(companyInvoiceLines)
        .where(eq(companyInvoiceLines.invoiceId, id));
      const subtotal = Number(t?.subtotal ?? 0);
      const tax = Number(t?.tax ?? 0);
      const [r] = await db.update(companyInvoices).set({ subtotal, tax, total: subtotal + tax }).where(eq(companyInvoices.id, id)).returning();
      return r!;
    },
    async companyInvoice(organisationId: string, eventId: string, id: string, lock = false): Promise<CompanyInvoiceRow | null> {
      const q = db
        .select()
        .from(companyInvoices)
        .where(and(eq(companyInvoices.id, id), eq(companyInvoices.organisationId, organisationId), eq(companyInvoices.eventId, eventId)))
        .limit(1);
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },
    async companyInvoiceById(id: string, lock = false): Promise<CompanyInvoiceRow | null> {
      const q = db.select().from(companyInvoices).where(eq(companyInvoices.id, id)).limit(1);
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },
    async companyInvoiceList(organisationId: string, eventId: string, f: { companyId?: string; status?: string }): Promise<CompanyInvoiceRow[]> {
      return db
        .select()
        .from(companyInvoices)
        .where(
          and(
            eq(companyInvoices.organisationId, organisationId),
            eq(companyInvoices.eventId, eventId),
            f.companyId ? eq(companyInvoices.companyId, f.companyId) : undefined,
            f.status ? eq(companyInvoices.status, f.status) : undefined,
          ),
        )
        .orderBy(desc(companyInvoices.createdAt), desc(companyInvoices.number))
        .limit(500);
    },
    async companyInvoiceLines(invoiceIds: string[]): Promise<CompanyInvoiceLineRow[]> {
      if (invoiceIds.length === 0) return [];
      return db.select().from(companyInvoiceLines).where(inArray(companyInvoiceLines.invoiceId, invoiceIds)).orderBy(asc(companyInvoiceLines.createdAt), asc(companyInvoiceLines.position));
    },
    /** Conditional status move of a company invoice: only from the listed statuses. */
    async transitionCompanyInvoice(id: string, from: string[], patch: Partial<typeof companyInvoices.$inferInsert>): Promise<CompanyInvoiceRow | null> {
      const [r] = await db
        .update(companyInvoices)
        .set(patch)
        .where(and(eq(companyInvoices.id, id), inArray(companyInvoices.status, from)))
        .returning();
      return r ?? null;
    },
    /** The event's company-invoice tax, or null when the organiser never set one (no tax). */
    async companyInvoiceTax(eventId: string): Promise<CompanyInvoiceTaxRow | null> {
      const [r] = await db.select().from(companyInvoiceTax).where(eq(companyInvoiceTax.eventId, eventId)).limit(1);
      return r ?? null;
    },
    /**
     * Locks the event's tax row (made, at no tax, if missing) until the transaction ends: a rate change and the
     * billing of an order are one at a time per event, so a new line is never taxed at a rate already replaced.
     */
    async lockCompanyInvoiceTax(organisationId: string, eventId: string): Promise<CompanyInvoiceTaxRow> {
      await db.insert(companyInvoiceTax).values({ eventId, organisationId }).onConflictDoNothing();
      const [r] = await db.select().from(companyInvoiceTax).where(eq(companyInvoiceTax.eventId, eventId)).for('update');
      return r!;
    },
    async updateCompanyInvoiceTax(eventId: string, patch: Pick<typeof companyInvoiceTax.$inferInsert, 'taxRateBp' | 'taxName' | 'taxId'>): Promise<CompanyInvoiceTaxRow> {
      const [r] = await db
        .update(companyInvoiceTax)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(companyInvoiceTax.eventId, eventId))
        .returning();
      return r!;
    },
    /** The event's open company invoices, locked (a payment starting meanwhile freezes one: it is skipped). */
    async openCompanyInvoicesOfEvent(eventId: string): Promise<CompanyInvoiceRow[]> {
      return db
        .select()
        .from(companyInvoices)
        .where(and(eq(companyInvoices.eventId, eventId), eq(companyInvoices.status, 'open')))
        .for('update');
    },
    async updateCompanyInvoice(id: string, patch: Partial<Pick<typeof companyInvoices.$inferInsert, 'taxRateBp' | 'taxName' | 'taxId'>>): Promise<void> {
      await db.update(companyInvoices).set(patch).where(eq(companyInvoices.id, id));
    },
    async updateCompanyInvoiceLine(id: string, patch: { tax: number; total: number }): Promise<void> {
      await db.update(companyInvoiceLines).set(patch).where(eq(companyInvoiceLines.id, id));
    },
    /** The next credit-note number of the organisation and its prefix (its own series; call under `lockInvoiceCounter`). */
    async nextCreditNoteNumber(organisationId: string): Promise<{ n: number; prefix: string }> {
      const [r] = await db
        .update(invoiceSettings)
        .set({ creditNoteCounter: sql`${invoiceSettings.creditNoteCounter} + 1` })
        .where(eq(invoiceSettings.organisationId, organisationId))
        .returning({ n: invoiceSettings.creditNoteCounter, prefix: invoiceSettings.creditNotePrefix });
      return r!;
    },
    async findRefund(id: string): Promise<RefundRow | null> {
      const [r] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
      return r ?? null;
    },
    /** A refund by the provider's reference, among that provider's payments (a refund notice names it so). */
    async refundByProviderRef(provider: string, providerRef: string): Promise<RefundRow | null> {
      const [r] = await db
        .select({ refund: refunds })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(refunds.providerRef, providerRef), eq(payments.provider, provider)))
        .limit(1);
      return r?.refund ?? null;
    },
    async insertCreditNote(row: typeof companyCreditNotes.$inferInsert): Promise<CreditNoteRow> {
      const [r] = await db.insert(companyCreditNotes).values(row).returning();
      return r!;
    },
    async insertOrderCreditNote(row: typeof orderCreditNotes.$inferInsert): Promise<OrderCreditNoteRow> {
      const [r] = await db.insert(orderCreditNotes).values(row).returning();
      return r!;
    },
    /** An order's credit notes, oldest first. */
    async orderCreditNotesOf(orderId: string): Promise<OrderCreditNoteRow[]> {
      return db.select().from(orderCreditNotes).where(eq(orderCreditNotes.orderId, orderId)).orderBy(asc(orderCreditNotes.createdAt), asc(orderCreditNotes.number));
    },
    async creditNotesOf(invoiceIds: string[]): Promise<CreditNoteRow[]> {
      if (invoiceIds.length === 0) return [];
      return db.select().from(companyCreditNotes).where(inArray(companyCreditNotes.invoiceId, invoiceIds)).orderBy(asc(companyCreditNotes.createdAt), asc(companyCreditNotes.number));
    },
    /** Refunds of company invoices' payments (`refunds.order_id` holds the invoice id), with the provider, oldest first. */
    async refundsOfInvoices(invoiceIds: string[]): Promise<(RefundRow & { provider: string })[]> {
      if (invoiceIds.length === 0) return [];
      const rows = await db
        .select({ refund: refunds, provider: payments.provider })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(inArray(refunds.orderId, invoiceIds))
        .orderBy(asc(refunds.createdAt));
      return rows.map((r) => ({ ...r.refund, provider: r.provider }));
    },
    /** An organisation's refunds a provider still holds `pending` (the test gateway's pending-refunds page), oldest first. */
    async pendingRefundsOf(provider: string, organisationId: string): Promise<RefundRow[]> {
      const rows = await db
        .select({ refund: refunds })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(refunds.organisationId, organisationId), eq(refunds.status, 'pending'), eq(payments.provider, provider)))
        .orderBy(asc(refunds.createdAt))
        .limit(200);
      return rows.map((r) => r.refund);
    },
    /** Test-gateway sessions the buyer paid whose payment was never captured (the webhook was lost). */
    async paidButUncaptured(orderId: string | null): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(inArray(payments.gatewayOutcome, ['pay', 'pay_refund_pending']), inArray(payments.status, ['created', 'failed']), orderId ? eq(payments.orderId, orderId) : undefined))
        .limit(200);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof queries> & {
  /** Runs fn in one transaction; fn gets this module's repository and the raw transaction (for other modules' steps). */
  transaction<T>(fn: (repo: PaymentsRepository, tx: Tx) => Promise<T>): Promise<T>;
};

export function createPaymentsRepository(db: Q): PaymentsRepository {
  return { ...queries(db), transaction: (fn) => (db as Db).transaction((tx) => fn(createPaymentsRepository(tx), tx)) };
}
