import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { leadActions, leadBagItems, leadInquiries, leadInquiryMails, leadCards, leadDocuments, leadQuestions, leads, leadScans, leadWebhookAttempts, leadWebhookDeliveries, leadWebhooks } from './leads.tables.ts';

export type LeadRow = typeof leads.$inferSelect;
export type CardRow = Omit<typeof leadCards.$inferSelect, 'photo'>;
export type QuestionRow = typeof leadQuestions.$inferSelect;
export type DocumentMeta = Omit<typeof leadDocuments.$inferSelect, 'bytes'>;
export type InquiryRow = typeof leadInquiries.$inferSelect;
export type WebhookRow = typeof leadWebhooks.$inferSelect;
export type DeliveryRow = typeof leadWebhookDeliveries.$inferSelect;
/** How one webhook attempt ended: a 2xx, or an error with the next try (null: given up). */
export type WebhookAttemptResult = { delivered: true; httpStatus: number; durationMs: number } | { delivered: false; httpStatus: number | null; error: string; next: Date | null; durationMs: number };
type Company = { eventId: string; companyId: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** An answer's notice for the event outbox (index.ts: `leads.inquiry.answered`), written in the answer's transaction; answers its outbox id. */
export type WriteAnswered = (tx: Tx, row: InquiryRow) => Promise<string>;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const docMeta = {
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
const cardMeta = {
  id: leadCards.id,
  organisationId: leadCards.organisationId,
  eventId: leadCards.eventId,
  companyId: leadCards.companyId,
  registrationId: leadCards.registrationId,
  kind: leadCards.kind,
  visitorName: leadCards.visitorName,
  visitorEmail: leadCards.visitorEmail,
  byEventUserId: leadCards.byEventUserId,
  photoContentType: leadCards.photoContentType,
  createdAt: leadCards.createdAt,
};
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

/** What one scan of a batch did (leads.repository recordScans). */
export type ScanOutcome = { kind: 'new' | 'known'; lead: LeadRow } | { kind: 'duplicate'; lead: LeadRow | null };

/** A leads row as the raw statement (or to_jsonb) hands it back: snake_case, timestamps as Date or ISO text. */
function leadRowOf(r: Record<string, unknown>): LeadRow {
  const at = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: String(r.id),
    organisationId: String(r.organisation_id),
    eventId: String(r.event_id),
    companyId: String(r.company_id),
    registrationId: String(r.registration_id),
    registrationNo: String(r.registration_no),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    email: String(r.email),
    ticketName: r.ticket_name === null || r.ticket_name === undefined ? null : String(r.ticket_name),
    rating: (r.rating ?? null) as LeadRow['rating'],
    notes: String(r.notes),
    answers: (typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers) as Record<string, string>,
    scannedByEventUserId: String(r.scanned_by_event_user_id),
    scannedByName: String(r.scanned_by_name),
    scanCount: Number(r.scan_count),
    firstScannedAt: at(r.first_scanned_at),
    lastScannedAt: at(r.last_scanned_at),
    cardTakenAt: r.card_taken_at === null || r.card_taken_at === undefined ? null : at(r.card_taken_at),
    createdAt: at(r.created_at),
    updatedAt: at(r.updated_at),
  };
}

/** The only file that queries the leads tables; every query names the event and the company. */
export function createLeadsRepository(db: Db, writeAnswered?: WriteAnswered) {
  return {
    /**
     * The hot path: every scan in flight in one statement. Each scan's ledger row is inserted unless this staff
     * member's nonce was seen (a resent scan); the scans whose row went in then insert their lead or move its count
     * and last time on. The caller keeps two scans of one (company, visitor) out of one batch (an upsert may not
     * change a row twice). Answers, in input order: `new` or `known` with the lead as written, or `duplicate` with
     * the lead of the visitor that nonce was first recorded for (null when that scan is in this same statement: the
     * caller reads it with `leadOfScan` after the commit).
     */
    async recordScans(ws: ScanWrite[]): Promise<ScanOutcome[]> {
      if (ws.length === 0) return [];
      const col = (f: (w: ScanWrite) => string | null) => sql.param(ws.map(f));
      const rows = rowsOf<{ kind: ScanOutcome['kind']; lead: Record<string, unknown> | string | null }>(
        await db.execute(sql`
        with input as (
          select * from unnest(${col(() => newId())}::text[], ${col(() => newId())}::text[], ${col((w) => w.organisationId)}::text[], ${col((w) => w.eventId)}::text[],
                               ${col((w) => w.companyId)}::text[], ${col((w) => w.registrationId)}::text[], ${col((w) => w.registrationNo)}::text[],
                               ${col((w) => w.firstName)}::text[], ${col((w) => w.lastName)}::text[], ${col((w) => w.email)}::text[], ${col((w) => w.ticketName)}::text[],
                               ${col((w) => w.staffEventUserId)}::text[], ${col((w) => w.staffName)}::text[], ${col((w) => w.nonce)}::text[],
                               ${col((w) => w.scannedAt.toISOString())}::timestamptz[], ${col((w) => w.rating)}::text[], ${col((w) => w.notes)}::text[],
                               ${col((w) => JSON.stringify(w.answers))}::text[])
            with ordinality as t(scan_id, lead_id, organisation_id, event_id, company_id, registration_id, registration_no, first_name, last_name, email,
                                 ticket_name, staff_event_user_id, staff_name, nonce, scanned_at, rating, notes, answers, n)
        ),
        s as (
          insert into lead_scans (id, event_id, company_id, registration_id, staff_event_user_id, nonce, scanned_at)
          select scan_id, event_id, company_id, registration_id, staff_event_user_id, nonce, scanned_at from input order by n
          on conflict do nothing
          returning id
        ),
        up as (
          insert into leads as l (id, organisation_id, event_id, company_id, registration_id, registration_no, first_name, last_name, email, ticket_name,
                                  rating, notes, answers, scanned_by_event_user_id, scanned_by_name, scan_count, first_scanned_at, last_scanned_at)
          select lead_id, organisation_id, event_id, company_id, registration_id, registration_no, first_name, last_name, email, ticket_name,
                 rating, notes, answers::jsonb, staff_event_user_id, staff_name, 1, scanned_at, scanned_at
            from input where scan_id in (select id from s) order by company_id, registration_id
          on conflict (company_id, registration_id) do update set
            scan_count = l.scan_count + 1,
            first_scanned_at = least(l.first_scanned_at, excluded.first_scanned_at),
            last_scanned_at = greatest(l.last_scanned_at, excluded.last_scanned_at),
            rating = coalesce(excluded.rating, l.rating),
            notes = case when excluded.notes <> '' then excluded.notes else l.notes end,
            answers = l.answers || excluded.answers,
            updated_at = now()
          returning l.*, (xmax = 0) as inserted
        )
        select case when s.id is null then 'duplicate' when up.inserted then 'new' else 'known' end as kind,
               case when s.id is null then to_jsonb(d) else to_jsonb(up) end as lead
          from input i
          left join s on s.id = i.scan_id
          left join up on s.id is not null and up.company_id = i.company_id and up.registration_id = i.registration_id
          left join lateral (
            select l.* from lead_scans k join leads l on l.company_id = i.company_id and l.registration_id = k.registration_id
             where s.id is null and k.staff_event_user_id = i.staff_event_user_id and k.nonce = i.nonce limit 1
          ) d on true
         order by i.n`),
      );
      return rows.map((r) => {
        const raw = typeof r.lead === 'string' ? (JSON.parse(r.lead) as Record<string, unknown>) : r.lead;
        return { kind: r.kind, lead: raw ? leadRowOf(raw) : null } as ScanOutcome;
      });
    },
    /** The lead a staff member's nonce was recorded for, in their company (a resent scan's answer). */
    async leadOfScan(c: Company, staffEventUserId: string, nonce: string): Promise<LeadRow | null> {
      const [row] = await db
        .select({ lead: leads })
        .from(leadScans)
        .innerJoin(leads, and(eq(leads.companyId, leadScans.companyId), eq(leads.registrationId, leadScans.registrationId)))
        .where(and(ofCompany(c), eq(leadScans.staffEventUserId, staffEventUserId), eq(leadScans.nonce, nonce)))
        .limit(1);
      return row?.lead ?? null;
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
    async insertCard(row: Omit<typeof leadCards.$inferInsert, 'id' | 'photo' | 'photoContentType'>): Promise<{ card: CardRow; isNew: boolean }> {
      const [saved] = await db
        .insert(leadCards)
        .values({ id: newId(), ...row })
        .onConflictDoNothing()
        .returning(cardMeta);
      if (saved) return { card: saved, isNew: true };
      const [existing] = await db
        .select(cardMeta)
        .from(leadCards)
        .where(and(eq(leadCards.eventId, row.eventId), eq(leadCards.companyId, row.companyId), eq(leadCards.registrationId, row.registrationId), eq(leadCards.kind, row.kind)))
        .limit(1);
      return { card: existing!, isNew: false };
    },
    async setCardPhoto(c: Company, cardId: string, contentType: string, photo: Buffer): Promise<void> {
      await db
        .update(leadCards)
        .set({ photoContentType: contentType, photo })
        .where(and(eq(leadCards.eventId, c.eventId), eq(leadCards.companyId, c.companyId), eq(leadCards.id, cardId)));
    },
    async cardPhoto(c: Company, registrationId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db
        .select({ contentType: leadCards.photoContentType, bytes: leadCards.photo })
        .from(leadCards)
        .where(and(eq(leadCards.eventId, c.eventId), eq(leadCards.companyId, c.companyId), eq(leadCards.registrationId, registrationId), eq(leadCards.kind, 'taken')))
        .limit(1);
      return row?.bytes && row.contentType ? { contentType: row.contentType, bytes: row.bytes } : null;
    },
    /** A card's photo by the card's id, within the company. */
    async cardPhotoById(c: Company, cardId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db
        .select({ contentType: leadCards.photoContentType, bytes: leadCards.photo })
        .from(leadCards)
        .where(and(eq(leadCards.eventId, c.eventId), eq(leadCards.companyId, c.companyId), eq(leadCards.id, cardId)))
        .limit(1);
      return row?.bytes && row.contentType ? { contentType: row.contentType, bytes: row.bytes } : null;
    },
    async companyCards(c: Company): Promise<CardRow[]> {
      return db
        .select(cardMeta)
        .from(leadCards)
        .where(and(eq(leadCards.eventId, c.eventId), eq(leadCards.companyId, c.companyId)))
        .orderBy(desc(leadCards.createdAt))
        .limit(1000);
    },
    async visitorCards(eventId: string, registrationIds: string[]): Promise<CardRow[]> {
      if (registrationIds.length === 0) return [];
      return db
        .select(cardMeta)
        .from(leadCards)
        .where(and(eq(leadCards.eventId, eventId), inArray(leadCards.registrationId, registrationIds)))
        .orderBy(desc(leadCards.createdAt))
        .limit(1000);
    },

    /** One row per action; an action with a `refId` counts once per company (a redelivered notice adds nothing). */
    async recordAction(row: { organisationId: string; eventId: string; companyId: string; action: number; analyticsType: number; eventUserId: string | null; refId?: string }): Promise<void> {
      await db.insert(leadActions).values(row).onConflictDoNothing();
    },

    /** Per company of the event: leads by rating, cards by kind, actions by id (the report tabs' counts). */
    async countsByCompany(eventId: string, companyId?: string, window: { from: Date | null; to: Date | null } = { from: null, to: null }) {
      // Within [from, to) when asked: a lead by its first scan, a card and an action by when they were recorded.
      const within = (column: AnyColumn) => and(window.from ? gte(column, window.from) : undefined, window.to ? lt(column, window.to) : undefined);
      const leadWhere = and(eq(leads.eventId, eventId), companyId ? eq(leads.companyId, companyId) : undefined, within(leads.firstScannedAt));
      const cardWhere = and(eq(leadCards.eventId, eventId), companyId ? eq(leadCards.companyId, companyId) : undefined, within(leadCards.createdAt));
      const actionWhere = and(eq(leadActions.eventId, eventId), companyId ? eq(leadActions.companyId, companyId) : undefined, within(leadActions.createdAt));
      const [leadRows, cardRows, actionRows] = await Promise.all([
        db.select({ companyId: leads.companyId, rating: leads.rating, n: count() }).from(leads).where(leadWhere).groupBy(leads.companyId, leads.rating),
        db.select({ companyId: leadCards.companyId, kind: leadCards.kind, n: count() }).from(leadCards).where(cardWhere).groupBy(leadCards.companyId, leadCards.kind),
        db.select({ companyId: leadActions.companyId, action: leadActions.action, n: count() }).from(leadActions).where(actionWhere).groupBy(leadActions.companyId, leadActions.action),
      ]);
      return { leadRows, cardRows, actionRows };
    },
    async documents(c: Company): Promise<DocumentMeta[]> {
      return db
        .select(docMeta)
        .from(leadDocuments)
        .where(and(eq(leadDocuments.eventId, c.eventId), eq(leadDocuments.companyId, c.companyId)))
        .orderBy(asc(leadDocuments.createdAt), asc(leadDocuments.id));
    },
    async document(eventId: string, id: string): Promise<DocumentMeta | null> {
      const [row] = await db
        .select(docMeta)
        .from(leadDocuments)
        .where(and(eq(leadDocuments.eventId, eventId), eq(leadDocuments.id, id)))
        .limit(1);
      return row ?? null;
    },
    /** One document's bytes (read one at a time while a ZIP streams, so memory holds one file). */
    async documentBytes(eventId: string, id: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ bytes: leadDocuments.bytes })
        .from(leadDocuments)
        .where(and(eq(leadDocuments.eventId, eventId), eq(leadDocuments.id, id)))
        .limit(1);
      return row?.bytes ?? null;
    },
    async insertDocument(row: typeof leadDocuments.$inferInsert): Promise<DocumentMeta> {
      const [saved] = await db.insert(leadDocuments).values(row).returning(docMeta);
      return saved!;
    },
    async deleteDocument(c: Company, id: string): Promise<DocumentMeta | null> {
      const [row] = await db
        .delete(leadDocuments)
        .where(and(eq(leadDocuments.eventId, c.eventId), eq(leadDocuments.companyId, c.companyId), eq(leadDocuments.id, id)))
        .returning(docMeta);
      return row ?? null;
    },
    /**
     * The bag in the order it was filled: each item a booth document (with its meta) or a product document's id
     * (exhibition's: the service reads its meta and bytes through exhibition's port).
     */
    async bag(eventId: string, eventUserId: string): Promise<({ kind: 'company'; doc: DocumentMeta } | { kind: 'product'; productDocumentId: string })[]> {
      const rows = await db
        .select({ productDocumentId: leadBagItems.productDocumentId, doc: docMeta })
        .from(leadBagItems)
        .leftJoin(leadDocuments, eq(leadDocuments.id, leadBagItems.documentId))
        .where(and(eq(leadBagItems.eventId, eventId), eq(leadBagItems.eventUserId, eventUserId)))
        .orderBy(asc(leadBagItems.createdAt), asc(leadBagItems.id));
      type Item = { kind: 'company'; doc: DocumentMeta } | { kind: 'product'; productDocumentId: string };
      return rows.flatMap((r): Item[] => (r.doc ? [{ kind: 'company', doc: r.doc }] : r.productDocumentId ? [{ kind: 'product', productDocumentId: r.productDocumentId }] : []));
    },
    /** True when the document (a booth document, or a product document when `kind` says so) was not in the bag yet. */
    async addToBag(eventId: string, eventUserId: string, documentId: string, kind: 'company' | 'product' = 'company'): Promise<boolean> {
      const rows = await db
        .insert(leadBagItems)
        .values({ id: newId(), eventId, eventUserId, ...(kind === 'company' ? { documentId } : { productDocumentId: documentId }) })
        .onConflictDoNothing()
        .returning({ id: leadBagItems.id });
      return rows.length > 0;
    },
    async removeFromBag(eventId: string, eventUserId: string, documentId: string): Promise<void> {
      await db
        .delete(leadBagItems)
        .where(and(eq(leadBagItems.eventId, eventId), eq(leadBagItems.eventUserId, eventUserId), or(eq(leadBagItems.documentId, documentId), eq(leadBagItems.productDocumentId, documentId))));
    },

    async insertInquiry(row: Omit<typeof leadInquiries.$inferInsert, 'id'>): Promise<InquiryRow> {
      const [saved] = await db.insert(leadInquiries).values({ id: newId(), ...row }).returning();
      return saved!;
    },
    async inquiry(eventId: string, id: string): Promise<InquiryRow | null> {
      const [row] = await db
        .select()
        .from(leadInquiries)
        .where(and(eq(leadInquiries.eventId, eventId), eq(leadInquiries.id, id)))
        .limit(1);
      return row ?? null;
    },
    async companyInquiries(c: Company): Promise<InquiryRow[]> {
      return db
        .select()
        .from(leadInquiries)
        .where(and(eq(leadInquiries.eventId, c.eventId), eq(leadInquiries.companyId, c.companyId)))
        .orderBy(desc(leadInquiries.createdAt))
        .limit(500);
    },
    async askerInquiries(eventId: string, eventUserId: string): Promise<InquiryRow[]> {
      return db
        .select()
        .from(leadInquiries)
        .where(and(eq(leadInquiries.eventId, eventId), eq(leadInquiries.askerEventUserId, eventUserId)))
        .orderBy(desc(leadInquiries.createdAt))
        .limit(500);
    },
    /**
     * An answer: moves the inquiry from the status it was read in (null when it changed meanwhile) and writes its mail's
     * notice in the same transaction, so the mail is owed exactly when the answer is saved.
     */
    async answerInquiry(eventId: string, id: string, fromStatus: string, patch: Partial<typeof leadInquiries.$inferInsert>): Promise<{ row: InquiryRow; noticeId: string | null } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(leadInquiries)
          .set(patch)
          .where(and(eq(leadInquiries.eventId, eventId), eq(leadInquiries.id, id), eq(leadInquiries.status, fromStatus as 'open')))
          .returning();
        if (!row) return null;
        return { row, noticeId: writeAnswered ? await writeAnswered(tx, row) : null };
      });
    },
    /** Takes the answer's mail (false: it was mailed, or is being mailed, already). */
    async markInquiryMail(mark: { answerId: string; eventId: string; inquiryId: string }): Promise<boolean> {
      const rows = await db.insert(leadInquiryMails).values(mark).onConflictDoNothing().returning({ answerId: leadInquiryMails.answerId });
      return rows.length > 0;
    },
    async unmarkInquiryMail(answerId: string): Promise<void> {
      await db.delete(leadInquiryMails).where(eq(leadInquiryMails.answerId, answerId));
    },
    /** Moves an inquiry only from the status it was read in (a concurrent change makes this a no-op: null). */
    async updateInquiry(eventId: string, id: string, fromStatus: string, patch: Partial<typeof leadInquiries.$inferInsert>): Promise<InquiryRow | null> {
      const [row] = await db
        .update(leadInquiries)
        .set(patch)
        .where(and(eq(leadInquiries.eventId, eventId), eq(leadInquiries.id, id), eq(leadInquiries.status, fromStatus as 'open')))
        .returning();
      return row ?? null;
    },

    async webhook(c: Company): Promise<WebhookRow | null> {
      const [row] = await db
        .select()
        .from(leadWebhooks)
        .where(and(eq(leadWebhooks.eventId, c.eventId), eq(leadWebhooks.companyId, c.companyId)))
        .limit(1);
      return row ?? null;
    },
    async saveWebhook(row: typeof leadWebhooks.$inferInsert): Promise<void> {
      await db
        .insert(leadWebhooks)
        .values(row)
        .onConflictDoUpdate({ target: leadWebhooks.companyId, set: { url: row.url, secretSealed: row.secretSealed, updatedAt: new Date() } });
    },
    async enqueueDelivery(row: Omit<typeof leadWebhookDeliveries.$inferInsert, 'id'>): Promise<void> {
      await db.insert(leadWebhookDeliveries).values({ id: newId(), ...row });
    },
    async deliveryCounts(c: Company): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: leadWebhookDeliveries.status, n: count() })
        .from(leadWebhookDeliveries)
        .where(and(eq(leadWebhookDeliveries.eventId, c.eventId), eq(leadWebhookDeliveries.companyId, c.companyId)))
        .groupBy(leadWebhookDeliveries.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
    /**
     * Claims up to `limit` due deliveries: each gets its attempt counted and its next try pushed `leaseSeconds` on,
     * so a worker that dies mid-send leaves it to be retried, and another instance skips the locked rows.
     */
    async claimDue(limit: number, leaseSeconds: number): Promise<(DeliveryRow & { url: string; secretSealed: string })[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
        update lead_webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        where d.id in (select id from lead_webhook_deliveries where status = 'pending' and next_attempt_at <= now() order by next_attempt_at limit ${limit} for update skip locked)
        returning d.id, d.company_id, d.event_id, d.body, d.attempts`),
      );
      if (rows.length === 0) return [];
      const hooks = await db
        .select()
        .from(leadWebhooks)
        .where(inArray(leadWebhooks.companyId, [...new Set(rows.map((r) => String(r.company_id)))]));
      const byCompany = new Map(hooks.map((h) => [h.companyId, h]));
      return rows.flatMap((r) => {
        const hook = byCompany.get(String(r.company_id));
        if (!hook) return [];
        return [{ id: String(r.id), companyId: String(r.company_id), eventId: String(r.event_id), body: String(r.body), attempts: Number(r.attempts), url: hook.url, secretSealed: hook.secretSealed } as DeliveryRow & { url: string; secretSealed: string }];
      });
    },
    /**
     * Ends one attempt: the delivery is delivered, due again at `next`, or failed (`next` null), and the attempt goes
     * into its log, in one transaction (a log line never exists without its outcome, nor an outcome without its line).
     */
    async finishAttempt(d: { id: string; companyId: string; attempt: number }, result: WebhookAttemptResult): Promise<void> {
      const outcome = result.delivered ? 'delivered' : result.next ? 'retry' : 'failed';
      await db.transaction(async (tx) => {
        await tx
          .update(leadWebhookDeliveries)
          .set(result.delivered ? { status: 'delivered', deliveredAt: new Date(), lastError: null } : result.next ? { nextAttemptAt: result.next, lastError: result.error } : { status: 'failed', lastError: result.error })
          .where(eq(leadWebhookDeliveries.id, d.id));
        await tx
          .insert(leadWebhookAttempts)
          .values({ id: newId(), deliveryId: d.id, companyId: d.companyId, attempt: d.attempt, httpStatus: result.httpStatus, outcome, error: result.delivered ? null : result.error, durationMs: result.durationMs })
          .onConflictDoNothing();
      });
    },
    /** The company's latest deliveries (newest first) with every attempt of each, oldest attempt first. */
    async deliveryLog(c: Company, limit: number): Promise<{ delivery: DeliveryRow; attempts: (typeof leadWebhookAttempts.$inferSelect)[] }[]> {
      const rows = await db
        .select()
        .from(leadWebhookDeliveries)
        .where(and(eq(leadWebhookDeliveries.eventId, c.eventId), eq(leadWebhookDeliveries.companyId, c.companyId)))
        .orderBy(desc(leadWebhookDeliveries.createdAt), desc(leadWebhookDeliveries.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const attempts = await db
        .select()
        .from(leadWebhookAttempts)
        .where(inArray(leadWebhookAttempts.deliveryId, rows.map((r) => r.id)))
        .orderBy(asc(leadWebhookAttempts.attempt));
      return rows.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.deliveryId === delivery.id) }));
    },
    /** When the next pending delivery is due, or null. */
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: leadWebhookDeliveries.nextAttemptAt })
        .from(leadWebhookDeliveries)
        .where(eq(leadWebhookDeliveries.status, 'pending'))
        .orderBy(asc(leadWebhookDeliveries.nextAttemptAt))
        .limit(1);
      return row?.at ?? null;
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
