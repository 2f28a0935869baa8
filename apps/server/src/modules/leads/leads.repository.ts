import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { leadActions, leadCards, leadQuestions, leads, leadScans } from './leads.tables.ts';

export type LeadRow = typeof leads.$inferSelect;
export type CardRow = typeof leadCards.$inferSelect;
export type QuestionRow = typeof leadQuestions.$inferSelect;
type Company = { eventId: string; companyId: string };

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ofCompany = (c: Company) => and(eq(leads.eventId, c.eventId), eq(leads.companyId, c.companyId));

/** What a scan writes: the lead as first seen, and the scan's ledger entry. */
export type ScanWrite = {
  organisationId: string;
  eventId: string;
  companyId: string;
  registrationId: string;
  registrationNo: string;
  firstName: string;
  lastName: string;
  email: string;
  ticketName: string | null;
  staffEventUserId: string;
  staffName: string;
  nonce: string;
  scannedAt: Date;
  rating: 'hot' | 'warm' | 'cold' | null;
  notes: string;
  answers: Record<string, string>;
};

/** The only file that queries the leads tables; every query names the event and the company. */
export function createLeadsRepository(db: Db) {
  return {
    /**
     * The hot path, one statement: the scan's ledger row (skipped when this staff member's nonce was seen: a resent
     * scan), then, only if it was new, the lead inserted or its count and last time moved on. `inserted` tells a new
     * lead from a known one; no row means the scan was a duplicate.
     */
    async recordScan(w: ScanWrite): Promise<{ lead: LeadRow; isNew: boolean } | null> {
      const res = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
        with s as (
          insert into lead_scans (id, event_id, company_id, registration_id, staff_event_user_id, nonce, scanned_at)
          values (${newId()}, ${w.eventId}, ${w.companyId}, ${w.registrationId}, ${w.staffEventUserId}, ${w.nonce}, ${w.scannedAt})
          on conflict do nothing
          returning 1
        )
        insert into leads as l (id, organisation_id, event_id, company_id, registration_id, registration_no, first_name, last_name, email, ticket_name,
                                rating, notes, answers, scanned_by_event_user_id, scanned_by_name, scan_count, first_scanned_at, last_scanned_at)
        select ${newId()}, ${w.organisationId}, ${w.eventId}, ${w.companyId}, ${w.registrationId}, ${w.registrationNo}, ${w.firstName}, ${w.lastName}, ${w.email}, ${w.ticketName},
               ${w.rating}, ${w.notes}, ${JSON.stringify(w.answers)}::jsonb, ${w.staffEventUserId}, ${w.staffName}, 1, ${w.scannedAt}, ${w.scannedAt}
        where exists (select 1 from s)
        on conflict (company_id, registration_id) do update set
          scan_count = l.scan_count + 1,
          first_scanned_at = least(l.first_scanned_at, excluded.first_scanned_at),
          last_scanned_at = greatest(l.last_scanned_at, excluded.last_scanned_at),
          rating = coalesce(excluded.rating, l.rating),
          notes = case when excluded.notes <> '' then excluded.notes else l.notes end,
          answers = l.answers || excluded.answers,
          updated_at = now()
        returning l.id, (xmax = 0) as inserted`),
      );
      const row = res[0];
      if (!row) return null;
      const lead = await this.lead({ eventId: w.eventId, companyId: w.companyId }, String(row.id));
      return { lead: lead!, isNew: row.inserted === true || row.inserted === 't' };
    },
    async leadOf(c: Company, registrationId: string): Promise<LeadRow | null> {
      const [row] = await db
        .select()
        .from(leads)
        .where(and(ofCompany(c), eq(leads.registrationId, registrationId)))
        .limit(1);
      return row ?? null;
    },
    async lead(c: Company, id: string): Promise<LeadRow | null> {
      const [row] = await db
        .select()
        .from(leads)
        .where(and(ofCompany(c), eq(leads.id, id)))
        .limit(1);
      return row ?? null;
    },
    async leads(c: Company, q: { search?: string; rating?: string; page: number; pageSize: number }): Promise<{ rows: LeadRow[]; total: number }> {
      const where: (SQL | undefined)[] = [ofCompany(c)];
      if (q.rating) where.push(eq(leads.rating, q.rating as 'hot'));
      if (q.search) {
        const like = `%${escapeLike(q.search)}%`;
        where.push(or(ilike(leads.firstName, like), ilike(leads.lastName, like), ilike(leads.email, like), ilike(leads.registrationNo, like)));
      }
      const cond = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(leads)
          .where(cond)
          .orderBy(desc(leads.lastScannedAt), asc(leads.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(leads).where(cond),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Every lead of the company, newest first (exports; a company has thousands at most). */
    async allLeads(c: Company): Promise<LeadRow[]> {
      return db.select().from(leads).where(ofCompany(c)).orderBy(desc(leads.firstScannedAt), asc(leads.id));
    },
    async updateLead(c: Company, id: string, patch: { rating: 'hot' | 'warm' | 'cold' | null; notes: string; answers: Record<string, string> }): Promise<LeadRow | null> {
      const [row] = await db
        .update(leads)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(ofCompany(c), eq(leads.id, id)))
        .returning();
      return row ?? null;
    },
    async markCardTaken(c: Company, id: string, at: Date): Promise<void> {
      await db
        .update(leads)
        .set({ cardTakenAt: at })
        .where(and(ofCompany(c), eq(leads.id, id)));
    },

    async questions(c: Company): Promise<QuestionRow[]> {
      return db
        .select()
        .from(leadQuestions)
        .where(and(eq(leadQuestions.eventId, c.eventId), eq(leadQuestions.companyId, c.companyId)))
        .orderBy(asc(leadQuestions.position));
    },
    async replaceQuestions(c: Company & { organisationId: string }, rows: { id: string; label: string }[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(leadQuestions).where(and(eq(leadQuestions.eventId, c.eventId), eq(leadQuestions.companyId, c.companyId)));
        if (rows.length > 0) {
          await tx.insert(leadQuestions).values(rows.map((r, i) => ({ id: r.id, label: r.label, position: i, organisationId: c.organisationId, eventId: c.eventId, companyId: c.companyId })));
        }
      });
    },

    /** A card, once per company, visitor and kind: the existing one when it was already there. */
    async insertCard(row: Omit<typeof leadCards.$inferInsert, 'id'>): Promise<{ card: CardRow; isNew: boolean }> {
      const [saved] = await db
        .insert(leadCards)
        .values({ id: newId(), ...row })
        .onConflictDoNothing()
        .returning();
      if (saved) return { card: saved, isNew: true };
      const [existing] = await db
        .select()
        .from(leadCards)
        .where(and(eq(leadCards.eventId, row.eventId), eq(leadCards.companyId, row.companyId), eq(leadCards.registrationId, row.registrationId), eq(leadCards.kind, row.kind)))
        .limit(1);
      return { card: existing!, isNew: false };
    },
    async companyCards(c: Company): Promise<CardRow[]> {
      return db
        .select()
        .from(leadCards)
        .where(and(eq(leadCards.eventId, c.eventId), eq(leadCards.companyId, c.companyId)))
        .orderBy(desc(leadCards.createdAt))
        .limit(1000);
    },
    async visitorCards(eventId: string, registrationIds: string[]): Promise<CardRow[]> {
      if (registrationIds.length === 0) return [];
      return db
        .select()
        .from(leadCards)
        .where(and(eq(leadCards.eventId, eventId), inArray(leadCards.registrationId, registrationIds)))
        .orderBy(desc(leadCards.createdAt))
        .limit(1000);
    },

    async recordAction(row: { organisationId: string; eventId: string; companyId: string; action: number; analyticsType: number; eventUserId: string | null }): Promise<void> {
      await db.insert(leadActions).values(row);
    },

    /** Per company of the event: leads by rating, cards by kind, actions by id (the report tabs' counts). */
    async countsByCompany(eventId: string, companyId?: string) {
      const leadWhere = and(eq(leads.eventId, eventId), companyId ? eq(leads.companyId, companyId) : undefined);
      const cardWhere = and(eq(leadCards.eventId, eventId), companyId ? eq(leadCards.companyId, companyId) : undefined);
      const actionWhere = and(eq(leadActions.eventId, eventId), companyId ? eq(leadActions.companyId, companyId) : undefined);
      const [leadRows, cardRows, actionRows] = await Promise.all([
        db.select({ companyId: leads.companyId, rating: leads.rating, n: count() }).from(leads).where(leadWhere).groupBy(leads.companyId, leads.rating),
        db.select({ companyId: leadCards.companyId, kind: leadCards.kind, n: count() }).from(leadCards).where(cardWhere).groupBy(leadCards.companyId, leadCards.kind),
        db.select({ companyId: leadActions.companyId, action: leadActions.action, n: count() }).from(leadActions).where(actionWhere).groupBy(leadActions.companyId, leadActions.action),
      ]);
      return { leadRows, cardRows, actionRows };
    },
    /** The scan ledger's size for a company (tests and the bench check that a resent scan counts once). */
    async scanCount(c: Company): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(leadScans)
        .where(and(eq(leadScans.eventId, c.eventId), eq(leadScans.companyId, c.companyId)));
      return row?.n ?? 0;
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
