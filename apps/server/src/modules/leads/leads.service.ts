import { DOCUMENT_CONTENT_TYPES } from '@pavilion/domain/validation/file-types';
import { zonedLocalToUtc } from '@pavilion/domain/programme/programme-time';
import {
  MeetingType,
  AnalyticsType,
  LeadsErrorKey,
  ReportAction,
  type TCompanyLeadCounts,
  type TLead,
  type TLeadQuery,
  type TLeadQuestion,
  type TLeadsMe,
  type TLeadScanResult,
  type TLeadSyncItem,
  type TLeadWebhook,
  type TLeadWebhookDeliveries,
  type TLeadWebhookPayload,
  type TOnsiteLeads,
  type TOnsiteLeadsQuery,
  eventEndsAt,
  type TPage,
  type TVisitingCard,
  type TBoothDocument,
  type TBoothDocumentUpload,
  type TBagItem,
  type TBriefBag,
  BOOTH_DOCUMENT_MAX_BYTES,
  nextInquiryStatus,
  type TInquiry,
  type TInquiryStep,
  CARD_PHOTO_MAX_BYTES,
  UploadMedia,
  type TCardPhotoUpload,
  BOOTH_DOCUMENTS_MAX,
  checkUploadedFile,
  fileExtension,
  type TVisitingCardList,
  timeRangeBounds,
  TIME_RANGE_FILTER_OPTIONS,
  type TTimeRangeFilter,
} from '@pavilion/domain';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ZLeadScanInput, ZLeadUpdate } from '@pavilion/domain/leads/leads.schemas';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { createBatcher } from '../../platform/batcher.ts';
import { retryOnLockLoss } from '../../platform/db.ts';
import { resolveWithRegistrations, type CredentialsService } from '../credentials/index.ts';
import type { ExhibitionPort } from '../exhibition/index.ts';
import type { Attendee, RegistrationPort } from '../registration/index.ts';
import { leadsErrors } from './leads.errors.ts';
import { leadsCsv, leadsXlsx, onsiteXlsx } from './leads.export.ts';
import { inquiryAnswerMail, type InquiryAnswered } from './leads.inquiry-mail.ts';
import type { MailMessage, MailResult } from '../../platform/mail.ts';
import type { CardRow, DocumentMeta, InquiryRow, LeadRow, LeadsRepository, ScanOutcome, ScanWrite } from './leads.repository.ts';

type TScan = z.output<typeof ZLeadScanInput>;
type TUpdate = z.output<typeof ZLeadUpdate>;
export type LeadsCaller = { user: AuthUser | null; eventAccess: EventAccess | null };
/** One side of a meeting or call: the participation and its account's email (null when unknown). */
type Side = { eventUserId: string; email: string | null };
/** A file of the bag's ZIP: its unique name in the archive and how to read its bytes. */
export type BagFile = { name: string; read: () => Promise<Buffer | null> };

export type LeadsDeps = {
  repo: LeadsRepository;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  assertTabVisible: (eventId: string, tabName: string, caller: LeadsCaller) => Promise<unknown>;
  exhibition: Pick<ExhibitionPort, 'staffCompanyOf' | 'company' | 'companies' | 'product' | 'productDocuments' | 'productDocumentBytes'>;
  credentials: Pick<CredentialsService, 'resolveMany' | 'ensure'>;
  registrations: Pick<RegistrationPort, 'attendees' | 'attendeesByRegistrationNo' | 'attendeesOfEmail'>;
  /** The account's email and name (auth's port). */
  contactOf: (userId: string) => Promise<{ email: string; name: string | null } | null>;
  /** Seals webhook secrets at rest (the platform's secret box). */
  seal: (plain: string) => string;
  /** Wakes the webhook delivery job (leads.webhooks.ts) after a delivery was queued. */
  wakeWebhooks: () => void;
  /** Production refuses plain-http webhook URLs. */
  isProduction: boolean;
  /** The event's time zone and name (events' service): Onsite Leads' days are the event's days; mails name it. */
  findEvent: (eventId: string) => Promise<{ timeZone: string; name: string } | null>;
  /**
   * After an answer's commit: delivers its `leads.inquiry.answered` notice (written in the answer's transaction) now;
   * a failure is left to the outbox job and never fails the answer.
   */
  deliver?: (noticeId: string) => Promise<void>;
  /** The mailer and the links' base (the asker's answer mail). */
  send?: (message: MailMessage) => Promise<MailResult>;
  publicUrl?: string;
};

/** Who is scanning: a staff member of one company of the event. */
type Staff = { organisationId: string; eventId: string; companyId: string; companyName: string; eventUserId: string; name: string };

/** How long a phone's "who am I" answer is reused: a removed staff member stops scanning within this time. */
const STAFF_TTL_MS = 15_000;
const STAFF_CACHE_MAX = 10_000;
/** Scan batches (as check-in's gate scans): at most this many in the database at once, each of at most this many scans. */
const BATCH_IN_FLIGHT = 3;
const BATCH_MAX = 64;

const leadOf = (r: LeadRow): TLead => ({
  id: r.id,
  registrationId: r.registrationId,
  registrationNo: r.registrationNo,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  ticketName: r.ticketName,
  rating: r.rating ?? null,
  notes: r.notes,
  answers: r.answers,
  scannedBy: r.scannedByName,
  scans: r.scanCount,
  firstScannedAt: r.firstScannedAt.toISOString(),
  lastScannedAt: r.lastScannedAt.toISOString(),
  isCardTaken: r.cardTakenAt !== null,
});


/** A count window [from, to) in instants; null ends are open. */
export type CountWindow = { from: Date | null; to: Date | null };

/**
 * The window asked for, as instants: a SPEC §9 range id at `now` in the event's time zone (All Dates has no start), or
 * whole days `from`..`to` (both included) on the event's wall clock, `to` ending at the midnight after it (as an event's
 * last day does).
 */
function onsiteWindow(q: TOnsiteLeadsQuery, timeZone: string, now: Date): CountWindow {
  if (q.range !== undefined) {
    const bounds = timeRangeBounds(q.range as TTimeRangeFilter, now, timeZone);
    return { from: bounds.from, to: bounds.to };
  }
  return { from: q.from ? zonedLocalToUtc(`${q.from}T00:00`, timeZone) : null, to: q.to ? eventEndsAt(q.to, timeZone) : null };
}

/** The export's file name for the range: `onsite-leads-last-15-min.xlsx`, `onsite-leads-2027-03-01-to-now.xlsx`, or none. */
function onsiteFileName(range: TOnsiteLeads['range']): string {
  const label = TIME_RANGE_FILTER_OPTIONS.find((o) => o.id === range.filter)?.label;
  const span = label ? `-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : range.from || range.to ? `-${range.from ?? 'start'}-to-${range.to ?? 'now'}` : '';
  return `onsite-leads${span}.xlsx`;
}

const emptyCounts = (): TCompanyLeadCounts => ({ leads: 0, hot: 0, warm: 0, cold: 0, cardsTaken: 0, cardsDropped: 0, actions: {} });

export function createLeadsService(deps: LeadsDeps) {
  const { repo } = deps;
  const staffCache = new Map<string, { at: number; staff: Staff | null }>();
  // Whether a company has a webhook, asked on every new lead: cached like the staff answer.
  const hookCache = new Map<string, { at: number; isSet: boolean }>();

  // ---------------------------------------------------------------- scans in flight, batched (as check-in's gate)
  // Scans that arrive while earlier ones are in the database leave together: one credentials read and one
  // registrations read for all their badges, then one statement for all their ledger rows and leads. A phone
  // scanning alone leaves on the next turn of the event loop.
  const lookups = createBatcher(
    (items: { eventId: string; credential: string }[]) =>
      resolveWithRegistrations(deps.credentials, (eventId, ids) => deps.registrations.attendees(eventId, { ids }), (a: Attendee) => a.id, items),
    { maxInFlight: BATCH_IN_FLIGHT, maxBatch: BATCH_MAX },
  );
  const writes = createBatcher<ScanWrite, ScanOutcome>(
    // A batch that lost a deadlock with another (two batches moving the same leads) runs again.
    (items) => retryOnLockLoss(() => repo.recordScans(items)),
    // One upsert may not change a lead twice: a second scan of the same visitor by the same company waits for the
    // next batch (and a resent nonce with it, which then finds its ledger row).
    { maxInFlight: BATCH_IN_FLIGHT, maxBatch: BATCH_MAX, key: (w) => `${w.companyId} ${w.registrationId}` },
  );

  async function queueWebhook(s: Staff, lead: TLead): Promise<void> {
    const hit = hookCache.get(s.companyId);
    let isSet = hit && Date.now() - hit.at < STAFF_TTL_MS ? hit.isSet : null;
    if (isSet === null) {
      isSet = (await repo.webhook(scopeOf(s))) !== null;
      if (hookCache.size >= STAFF_CACHE_MAX) hookCache.delete(hookCache.keys().next().value!);
      hookCache.set(s.companyId, { at: Date.now(), isSet });
    }
    if (!isSet) return;
    const payload: TLeadWebhookPayload = { type: 'lead.created', eventId: s.eventId, companyId: s.companyId, lead };
    await repo.enqueueDelivery({ organisationId: s.organisationId, eventId: s.eventId, companyId: s.companyId, leadId: lead.id, body: JSON.stringify(payload) });
    deps.wakeWebhooks();
  }

  async function participantOf(caller: LeadsCaller, eventId: string): Promise<{ eventUserId: string; userId: string; email: string; name: string }> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw leadsErrors.notParticipant();
    const contact = await deps.contactOf(caller.user.userId);
    if (!contact) throw leadsErrors.notParticipant();
    return { eventUserId: caller.eventAccess.eventUserId, userId: caller.user.userId, email: contact.email, name: contact.name ?? contact.email };
  }

  /** The company the caller staffs in this event, or null (cached briefly: a scan asks on every call). */
  async function staffOrNull(caller: LeadsCaller, eventId: string): Promise<Staff | null> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw leadsErrors.notParticipant();
    const key = `${eventId}:${caller.eventAccess.eventUserId}:${caller.user.userId}`;
    const hit = staffCache.get(key);
    const now = Date.now();
    if (hit && now - hit.at < STAFF_TTL_MS) return hit.staff;
    const who = await participantOf(caller, eventId);
    const company = await deps.exhibition.staffCompanyOf(eventId, who.email);
    const full = company ? await deps.exhibition.company(eventId, company.companyId) : null;
    const staff: Staff | null = full ? { organisationId: full.organisationId, eventId, companyId: full.id, companyName: full.name, eventUserId: who.eventUserId, name: who.name } : null;
    if (staffCache.size >= STAFF_CACHE_MAX) staffCache.delete(staffCache.keys().next().value!);
    staffCache.set(key, { at: now, staff });
    return staff;
  }

  // The Leads tab's rule passed for this participant: reused for STAFF_TTL_MS, as the staff answer is. A phone scans
  // every few seconds, and the portal's check is four reads; an organiser hiding the tab applies within 15 s.
  const tabCache = new Map<string, number>();
  async function assertLeadTab(caller: LeadsCaller, eventId: string): Promise<void> {
    const key = `${eventId}:${caller.user?.userId ?? ''}:${caller.eventAccess?.eventUserId ?? ''}`;
    const at = tabCache.get(key);
    if (at !== undefined && Date.now() - at < STAFF_TTL_MS) return;
    await deps.assertTabVisible(eventId, 'lead', caller);
    if (tabCache.size >= STAFF_CACHE_MAX) tabCache.delete(tabCache.keys().next().value!);
    tabCache.set(key, Date.now());
  }

  async function staffOf(caller: LeadsCaller, eventId: string): Promise<Staff> {
    await assertLeadTab(caller, eventId);
    const staff = await staffOrNull(caller, eventId);
    if (!staff) throw leadsErrors.notStaff();
    return staff;
  }

  const scopeOf = (s: Staff) => ({ eventId: s.eventId, companyId: s.companyId });

  async function questionsOf(s: Staff): Promise<TLeadQuestion[]> {
    return (await repo.questions(scopeOf(s))).map((q) => ({ id: q.id, label: q.label }));
  }

  async function checkAnswers(s: Staff, answers: Record<string, string> | undefined): Promise<Record<string, string>> {
    const entries = Object.entries(answers ?? {}).filter(([, v]) => v !== '');
    if (entries.length === 0) return {};
    const known = new Set((await repo.questions(scopeOf(s))).map((q) => q.id));
    const unknown = entries.find(([id]) => !known.has(id));
    if (unknown) throw errors.validation([{ field: `answers.${unknown[0]}`, key: LeadsErrorKey.UnknownQuestion }]);
    return Object.fromEntries(entries);
  }

  /** Which registration a scan names: a verified credential of this event, or a typed number of one badge. */
  async function visitorOf(eventId: string, scan: TScan) {
    if (scan.credential !== undefined) {
      const { resolution: r, registration: attendee } = await lookups.add({ eventId, credential: scan.credential });
      if (r.status === 'other_event') throw leadsErrors.otherEvent();
      if (r.status === 'revoked') throw leadsErrors.credentialRevoked();
      if (r.status !== 'valid') throw leadsErrors.credentialInvalid();
      if (!attendee) throw leadsErrors.credentialInvalid();
      return attendee;
    }
    const found = await deps.registrations.attendeesByRegistrationNo(eventId, scan.registrationNo!);
    if (found.length === 0) throw leadsErrors.registrationNotFound();
    if (found.length > 1) throw leadsErrors.groupNumber(found.length);
    // A typed number must not get round a revoked badge.
    const credential = await deps.credentials.ensure(eventId, found[0]!.id);
    if (credential.status === 'revoked') throw leadsErrors.credentialRevoked();
    return found[0]!;
  }

  async function scanAs(s: Staff, scan: TScan): Promise<{ result: TLeadScanResult; isDuplicate: boolean }> {
    const visitor = await visitorOf(s.eventId, scan);
    const answers = await checkAnswers(s, scan.answers);
    const now = deps.now();
    const at = scan.scannedAt ? new Date(scan.scannedAt) : now;
    const written = await writes.add({
      organisationId: s.organisationId,
      eventId: s.eventId,
      companyId: s.companyId,
      registrationId: visitor.id,
      registrationNo: visitor.registrationNo,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      ticketName: visitor.ticketName,
      staffEventUserId: s.eventUserId,
      staffName: s.name,
      nonce: scan.nonce,
      // A phone clock in the future is not believed.
      scannedAt: at > now ? now : at,
      rating: scan.rating ?? null,
      notes: scan.notes ?? '',
      answers,
    });
    if (written.kind !== 'duplicate') {
      const lead = leadOf(written.lead);
      if (written.kind === 'new') await queueWebhook(s, lead);
      return { result: { lead, isNew: written.kind === 'new' }, isDuplicate: false };
    }
    // The same nonce again: the scan was saved before; answer with the lead it was saved to, as it stands (read
    // after the commit when the first scan of that nonce was in the same batch).
    const lead = written.lead ?? (await repo.leadOfScan(scopeOf(s), s.eventUserId, scan.nonce));
    if (!lead) throw leadsErrors.leadNotFound();
    return { result: { lead: leadOf(lead), isNew: false }, isDuplicate: true };
  }

  function cardOf(c: CardRow, companyName: string): TVisitingCard {
    return { id: c.id, kind: c.kind, mediaType: c.photoContentType ? UploadMedia.VisitingCard : null, companyId: c.companyId, companyName, visitorName: c.visitorName, visitorEmail: c.visitorEmail, at: c.createdAt.toISOString() };
  }

  async function cardList(eventId: string, rows: CardRow[]): Promise<TVisitingCardList> {
    const names = new Map((await deps.exhibition.companies(eventId)).map((c) => [c.id, c.name]));
    return {
      items: rows.map((c) => cardOf(c, names.get(c.companyId) ?? '')),
      taken: rows.filter((c) => c.kind === 'taken').length,
      dropped: rows.filter((c) => c.kind === 'dropped').length,
    };
  }

  async function countsOf(eventId: string, companyId?: string, window?: CountWindow): Promise<Map<string, TCompanyLeadCounts>> {
    const { leadRows, cardRows, actionRows } = await repo.countsByCompany(eventId, companyId, window);
    const out = new Map<string, TCompanyLeadCounts>();
    const of = (id: string) => {
      let c = out.get(id);
      if (!c) out.set(id, (c = emptyCounts()));
      return c;
    };
    for (const r of leadRows) {
      const c = of(r.companyId);
      c.leads += r.n;
      if (r.rating) c[r.rating] += r.n;
    }
    for (const r of cardRows) {
      const c = of(r.companyId);
      if (r.kind === 'taken') c.cardsTaken += r.n;
      else c.cardsDropped += r.n;
    }
    for (const r of actionRows) of(r.companyId).actions[String(r.action)] = r.n;
    return out;
  }

  /**
   * SPEC §2.6 host tab Onsite Leads: every company of the event with its counts, and the totals; within a SPEC §9 time
   * range or whole days `from`..`to` of the event's time zone when asked (a lead counts at its first scan).
   */
  async function onsite(caller: AuthUser, organisationId: string, eventId: string, query: TOnsiteLeadsQuery = {}): Promise<TOnsiteLeads> {
    await deps.assertEvent(caller, organisationId, eventId);
    const event = await deps.findEvent(eventId);
    if (!event) throw errors.notFound('Event');
    const window = onsiteWindow(query, event.timeZone, deps.now());
    const [companies, counts] = await Promise.all([deps.exhibition.companies(eventId), countsOf(eventId, undefined, window)]);
    const totals = emptyCounts();
    const rows = companies.map((c) => {
      const n = counts.get(c.id) ?? emptyCounts();
      totals.leads += n.leads;
      totals.hot += n.hot;
      totals.warm += n.warm;
      totals.cold += n.cold;
      totals.cardsTaken += n.cardsTaken;
      totals.cardsDropped += n.cardsDropped;
      for (const [k, v] of Object.entries(n.actions)) totals.actions[k] = (totals.actions[k] ?? 0) + v;
      return { companyId: c.id, companyName: c.name, ...n };
    });
    const range = { filter: query.range ?? null, from: query.from ?? null, to: query.to ?? null, timeZone: event.timeZone, fromAt: window.from?.toISOString() ?? null, toAt: window.to?.toISOString() ?? null };
    return { companies: rows, totals, range };
  }

  async function takeCardAs(staff: Staff, leadId: string): Promise<TVisitingCard> {
    const lead = await repo.lead(scopeOf(staff), leadId);
    if (!lead) throw leadsErrors.leadNotFound();
    const { card, isNew } = await repo.insertCard({
      organisationId: staff.organisationId,
      eventId: staff.eventId,
      companyId: staff.companyId,
      registrationId: lead.registrationId,
      kind: 'taken',
      visitorName: `${lead.firstName} ${lead.lastName}`.trim(),
      visitorEmail: lead.email,
      byEventUserId: staff.eventUserId,
    });
    if (isNew) {
      await repo.markCardTaken(scopeOf(staff), leadId, card.createdAt);
      await repo.recordAction({ organisationId: staff.organisationId, eventId: staff.eventId, companyId: staff.companyId, action: ReportAction.TakeCard, analyticsType: AnalyticsType.CardTaken, eventUserId: staff.eventUserId });
    }
    return cardOf(card, staff.companyName);
  }

  async function inquiryViews(eventId: string, rows: InquiryRow[]): Promise<TInquiry[]> {
    const names = new Map((await deps.exhibition.companies(eventId)).map((c) => [c.id, c.name]));
    return rows.map((r) => ({
      id: r.id,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      productId: r.productId,
      productName: r.productName,
      askerName: r.askerName,
      askerEmail: r.askerEmail,
      message: r.message,
      answer: r.answer,
      answeredBy: r.answeredByName,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
    }));
  }

  /** One status move under the domain's rule, from the status it was read in. */
  async function moveInquiry(row: InquiryRow, step: TInquiryStep, patch: { answer?: string; answeredByName?: string } = {}): Promise<TInquiry> {
    const to = nextInquiryStatus(row.status, step);
    if (!to) throw leadsErrors.inquiryStep(row.status);
    if (step === 'answer') {
      // The answer and its mail's notice in one transaction; only an answer mails (closing and reopening do not).
      const answered = await repo.answerInquiry(row.eventId, row.id, row.status, { status: to, ...patch, answeredAt: deps.now() });
      if (!answered) throw leadsErrors.inquiryStep('changed meanwhile');
      if (answered.noticeId && deps.deliver) await deps.deliver(answered.noticeId);
      return (await inquiryViews(row.eventId, [answered.row]))[0]!;
    }
    const saved = await repo.updateInquiry(row.eventId, row.id, row.status, { status: to, ...patch });
    if (!saved) throw leadsErrors.inquiryStep('changed meanwhile');
    return (await inquiryViews(row.eventId, [saved]))[0]!;
  }

  function docOf(d: DocumentMeta, companyName: string): TBoothDocument {
    return { id: d.id, companyId: d.companyId, companyName, title: d.title, fileName: d.fileName, byteSize: d.byteSize, createdAt: d.createdAt.toISOString() };
  }

  /**
   * The bag in the order it was filled: booth documents, and product documents (exhibition's, through its port: a
   * product document is collected the same way, one at a time by the visitor, and named with its product).
   */
  async function bagOf(eventId: string, eventUserId: string): Promise<TBriefBag> {
    const rows = await repo.bag(eventId, eventUserId);
    const productDocIds = rows.flatMap((r) => (r.kind === 'product' ? [r.productDocumentId] : []));
    const [companies, productDocs] = await Promise.all([deps.exhibition.companies(eventId), deps.exhibition.productDocuments(eventId, productDocIds)]);
    const names = new Map(companies.map((c) => [c.id, c.name]));
    const byId = new Map(productDocs.map((d) => [d.id, d]));
    const items = rows.flatMap((r): TBagItem[] => {
      if (r.kind === 'company') return [{ ...docOf(r.doc, names.get(r.doc.companyId) ?? ''), productName: null }];
      const d = byId.get(r.productDocumentId);
      if (!d) return [];
      return [{ id: d.id, companyId: d.companyId, companyName: names.get(d.companyId) ?? '', title: d.title, fileName: d.fileName, byteSize: d.byteSize, createdAt: d.createdAt.toISOString(), productName: d.productName }];
    });
    return { items };
  }

  /**
   * Two participants met (a booked meeting, an answered call): each side that staffs a company counts it there with
   * the other side as the visitor, unless both staff the same company. Once per `refId`, company and action.
   */
  async function countEncounter(eventId: string, refId: string, sides: Side[], action: number, analyticsType: number): Promise<number> {
    const companyOf = async (side: Side) => {
      if (!side.email) return null;
      const staff = await deps.exhibition.staffCompanyOf(eventId, side.email);
      return staff ? deps.exhibition.company(eventId, staff.companyId) : null;
    };
    const companies = await Promise.all(sides.map(companyOf));
    let recorded = 0;
    for (const [i, company] of companies.entries()) {
      const other = sides[1 - i];
      if (!company || !other || companies[1 - i]?.id === company.id) continue;
      await repo.recordAction({ organisationId: company.organisationId, eventId, companyId: company.id, action, analyticsType, eventUserId: other.eventUserId, refId });
      recorded++;
    }
    return recorded;
  }

  async function filesOfBag(eventId: string, eventUserId: string): Promise<BagFile[]> {
    const { items } = await bagOf(eventId, eventUserId);
    const used = new Set<string>();
    const safe = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || 'file';
    return items.map((d) => {
      // A product's document says which product it belongs to: "Company - Product - file.pdf".
      const owner = d.productName === null ? safe(d.companyName) : `${safe(d.companyName)} - ${safe(d.productName)}`;
      let name = `${owner} - ${safe(d.fileName)}`;
      for (let i = 2; used.has(name.toLowerCase()); i++) name = `${owner} - ${i} - ${safe(d.fileName)}`;
      used.add(name.toLowerCase());
      return { name, read: () => (d.productName === null ? repo.documentBytes(eventId, d.id) : deps.exhibition.productDocumentBytes(eventId, d.id)) };
    });
  }

  return {
    async me(caller: LeadsCaller, eventId: string): Promise<TLeadsMe> {
      await deps.assertTabVisible(eventId, 'lead', caller);
      const staff = await staffOrNull(caller, eventId);
      if (!staff) return { company: null, questions: [], counts: null };
      const counts = (await countsOf(eventId, staff.companyId)).get(staff.companyId) ?? emptyCounts();
      return { company: { id: staff.companyId, name: staff.companyName }, questions: await questionsOf(staff), counts };
    },

    async scan(caller: LeadsCaller, eventId: string, scan: TScan): Promise<TLeadScanResult> {
      const staff = await staffOf(caller, eventId);
      return (await scanAs(staff, scan)).result;
    },

    /** The offline queue, in order; a refused scan is reported with the code a live scan gets and the rest go on. */
    async sync(caller: LeadsCaller, eventId: string, scans: TScan[]): Promise<{ results: TLeadSyncItem[] }> {
      const staff = await staffOf(caller, eventId);
      const results: TLeadSyncItem[] = [];
      for (const scan of scans) {
        try {
          const { result, isDuplicate } = await scanAs(staff, scan);
          results.push({ nonce: scan.nonce, status: isDuplicate ? 'duplicate' : 'saved', leadId: result.lead.id, code: null, message: null });
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          results.push({ nonce: scan.nonce, status: 'refused', leadId: null, code: String(err.code), message: err.message });
        }
      }
      return { results };
    },

    async list(caller: LeadsCaller, eventId: string, q: TLeadQuery): Promise<TPage<TLead>> {
      const staff = await staffOf(caller, eventId);
      const { rows, total } = await repo.leads(scopeOf(staff), q);
      return { items: rows.map(leadOf), total, page: q.page, pageSize: q.pageSize };
    },

    async update(caller: LeadsCaller, eventId: string, leadId: string, input: TUpdate): Promise<TLead> {
      const staff = await staffOf(caller, eventId);
      const answers = await checkAnswers(staff, input.answers);
      const row = await repo.updateLead(scopeOf(staff), leadId, { rating: input.rating, notes: input.notes, answers });
      if (!row) throw leadsErrors.leadNotFound();
      return leadOf(row);
    },

    async exportFile(caller: LeadsCaller, eventId: string, format: 'csv' | 'xlsx'): Promise<{ body: string | Uint8Array; fileName: string }> {
      const staff = await staffOf(caller, eventId);
      const [rows, questions] = await Promise.all([repo.allLeads(scopeOf(staff)), questionsOf(staff)]);
      const leads = rows.map(leadOf);
      const base = `leads-${staff.companyName.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'company'}`;
      return format === 'csv' ? { body: leadsCsv(leads, questions), fileName: `${base}.csv` } : { body: leadsXlsx(leads, questions), fileName: `${base}.xlsx` };
    },

    /** Replaces the questions; a question sent with its id keeps it (and the answers given to it). */
    async saveQuestions(caller: LeadsCaller, eventId: string, input: { questions: { id?: string; label: string }[] }): Promise<TLeadQuestion[]> {
      const staff = await staffOf(caller, eventId);
      const known = new Set((await repo.questions(scopeOf(staff))).map((q) => q.id));
      const rows = input.questions.map((q) => ({ id: q.id && known.has(q.id) ? q.id : newId(), label: q.label }));
      await repo.replaceQuestions({ ...scopeOf(staff), organisationId: staff.organisationId }, rows);
      return questionsOf(staff);
    },

    async webhook(caller: LeadsCaller, eventId: string): Promise<TLeadWebhook> {
      const staff = await staffOf(caller, eventId);
      const [hook, counts] = await Promise.all([repo.webhook(scopeOf(staff)), repo.deliveryCounts(scopeOf(staff))]);
      return { url: hook?.url ?? null, delivered: counts.delivered ?? 0, pending: counts.pending ?? 0, failed: counts.failed ?? 0 };
    },

    async webhookDeliveries(caller: LeadsCaller, eventId: string): Promise<TLeadWebhookDeliveries> {
      const staff = await staffOf(caller, eventId);
      const log = await repo.deliveryLog(scopeOf(staff), 20);
      return {
        items: log.map(({ delivery: d, attempts }) => ({
          id: d.id,
          leadId: d.leadId,
          status: d.status,
          createdAt: d.createdAt.toISOString(),
          deliveredAt: d.deliveredAt?.toISOString() ?? null,
          nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
          attempts: attempts.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), httpStatus: a.httpStatus, outcome: a.outcome, error: a.error, durationMs: a.durationMs })),
        })),
      };
    },

    /** Sets the URL and makes a new secret (shown once): a receiver holding the old one must take the new one. */
    async saveWebhook(caller: LeadsCaller, eventId: string, url: string): Promise<{ url: string; secret: string }> {
      const staff = await staffOf(caller, eventId);
      if (deps.isProduction && !url.toLowerCase().startsWith('https://')) throw errors.validation([{ field: 'url', key: 'httpsUrlRequired' }]);
      const secret = randomBytes(24).toString('base64url');
      await repo.saveWebhook({ companyId: staff.companyId, organisationId: staff.organisationId, eventId, url, secretSealed: deps.seal(secret) });
      hookCache.delete(staff.companyId);
      return { url, secret };
    },

    async takeCard(caller: LeadsCaller, eventId: string, leadId: string): Promise<TVisitingCard> {
      return takeCardAs(await staffOf(caller, eventId), leadId);
    },

    /** A photo of the paper card (upload media 3): the card is taken if it was not, and carries the photo. */
    async cardPhoto(caller: LeadsCaller, eventId: string, leadId: string, input: TCardPhotoUpload): Promise<TVisitingCard> {
      const staff = await staffOf(caller, eventId);
      const bytes = Buffer.from(input.dataBase64, 'base64');
      if (bytes.length > CARD_PHOTO_MAX_BYTES) throw errors.validation([{ field: 'dataBase64', key: 'fileTooLarge' }]);
      const problem = checkUploadedFile(input.fileName, bytes, 'image');
      if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
      const card = await takeCardAs(staff, leadId);
      const ext = fileExtension(input.fileName);
      const contentType = ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
      await repo.setCardPhoto(scopeOf(staff), card.id, contentType, bytes);
      return { ...card, mediaType: UploadMedia.VisitingCard };
    },

    async cardPhotoFile(caller: LeadsCaller, eventId: string, leadId: string): Promise<{ contentType: string; bytes: Buffer }> {
      const staff = await staffOf(caller, eventId);
      const lead = await repo.lead(scopeOf(staff), leadId);
      if (!lead) throw leadsErrors.leadNotFound();
      const photo = await repo.cardPhoto(scopeOf(staff), lead.registrationId);
      if (!photo) throw errors.notFound('Card photo');
      return photo;
    },

    /** The photo of one of the company's cards (the card list's thumbnail and full view). */
    async companyCardPhoto(caller: LeadsCaller, eventId: string, cardId: string): Promise<{ contentType: string; bytes: Buffer }> {
      const staff = await staffOf(caller, eventId);
      const photo = await repo.cardPhotoById(scopeOf(staff), cardId);
      if (!photo) throw errors.notFound('Card photo');
      return photo;
    },

    async companyCards(caller: LeadsCaller, eventId: string): Promise<TVisitingCardList> {
      const staff = await staffOf(caller, eventId);
      return cardList(eventId, await repo.companyCards(scopeOf(staff)));
    },

    /** An attendee drops their card at a company (once: a second drop answers the first card). */
    async dropCard(caller: LeadsCaller, eventId: string, companyId: string): Promise<TVisitingCard> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const who = await participantOf(caller, eventId);
      const company = await deps.exhibition.company(eventId, companyId);
      if (!company) throw errors.validation([{ field: 'companyId', key: 'unknownCompany' }]);
      const [registration] = await deps.registrations.attendeesOfEmail(eventId, who.email);
      if (!registration) throw leadsErrors.noRegistration();
      const { card, isNew } = await repo.insertCard({
        organisationId: company.organisationId,
        eventId,
        companyId,
        registrationId: registration.id,
        kind: 'dropped',
        visitorName: `${registration.firstName} ${registration.lastName}`.trim(),
        visitorEmail: registration.email,
        byEventUserId: who.eventUserId,
      });
      if (isNew) {
        await repo.recordAction({ organisationId: company.organisationId, eventId, companyId, action: ReportAction.DropCard, analyticsType: AnalyticsType.CardDropped, eventUserId: who.eventUserId });
      }
      return cardOf(card, company.name);
    },

    /** The attendee's cards: those taken from any of their registrations of the event and those they dropped. */
    async myCards(caller: LeadsCaller, eventId: string): Promise<TVisitingCardList> {
      const who = await participantOf(caller, eventId);
      const registrations = await deps.registrations.attendeesOfEmail(eventId, who.email);
      return cardList(eventId, await repo.visitorCards(eventId, registrations.map((r) => r.id)));
    },

    async documents(caller: LeadsCaller, eventId: string): Promise<TBoothDocument[]> {
      const staff = await staffOf(caller, eventId);
      return (await repo.documents(scopeOf(staff))).map((d) => docOf(d, staff.companyName));
    },

    async uploadDocument(caller: LeadsCaller, eventId: string, input: TBoothDocumentUpload): Promise<TBoothDocument> {
      const staff = await staffOf(caller, eventId);
      const bytes = Buffer.from(input.dataBase64, 'base64');
      if (bytes.length > BOOTH_DOCUMENT_MAX_BYTES) throw errors.validation([{ field: 'dataBase64', key: 'fileTooLarge' }]);
      const problem = checkUploadedFile(input.fileName, bytes, 'document');
      if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
      if ((await repo.documents(scopeOf(staff))).length >= BOOTH_DOCUMENTS_MAX) throw leadsErrors.tooManyDocuments(BOOTH_DOCUMENTS_MAX);
      const row = await repo.insertDocument({
        id: newId(),
        organisationId: staff.organisationId,
        eventId,
        companyId: staff.companyId,
        title: input.title,
        fileName: input.fileName,
        contentType: DOCUMENT_CONTENT_TYPES[fileExtension(input.fileName) as keyof typeof DOCUMENT_CONTENT_TYPES] ?? 'application/octet-stream',
        byteSize: bytes.length,
        bytes,
        createdByEventUserId: staff.eventUserId,
      });
      return docOf(row, staff.companyName);
    },

    async deleteDocument(caller: LeadsCaller, eventId: string, documentId: string): Promise<TBoothDocument> {
      const staff = await staffOf(caller, eventId);
      const row = await repo.deleteDocument(scopeOf(staff), documentId);
      if (!row) throw leadsErrors.documentNotFound();
      return docOf(row, staff.companyName);
    },

    async companyDocuments(caller: LeadsCaller, eventId: string, companyId: string): Promise<TBoothDocument[]> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const company = await deps.exhibition.company(eventId, companyId);
      if (!company) throw leadsErrors.companyNotFound();
      return (await repo.documents({ eventId, companyId })).map((d) => docOf(d, company.name));
    },

    async bag(caller: LeadsCaller, eventId: string): Promise<TBriefBag> {
      const who = await participantOf(caller, eventId);
      return bagOf(eventId, who.eventUserId);
    },

    async addToBag(caller: LeadsCaller, eventId: string, documentId: string): Promise<TBriefBag> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const who = await participantOf(caller, eventId);
      // A booth document, else a document of one of a company's products (ids are random: one namespace in practice).
      const doc = (await repo.document(eventId, documentId)) ?? (await deps.exhibition.productDocuments(eventId, [documentId]))[0];
      if (!doc) throw errors.validation([{ field: 'documentId', key: 'unknownDocument' }]);
      if (await repo.addToBag(eventId, who.eventUserId, documentId, 'productName' in doc ? 'product' : 'company')) {
        await repo.recordAction({ organisationId: doc.organisationId, eventId, companyId: doc.companyId, action: ReportAction.BriefBag, analyticsType: AnalyticsType.ActionPoint, eventUserId: who.eventUserId });
      }
      return bagOf(eventId, who.eventUserId);
    },

    async removeFromBag(caller: LeadsCaller, eventId: string, documentId: string): Promise<TBriefBag> {
      const who = await participantOf(caller, eventId);
      await repo.removeFromBag(eventId, who.eventUserId, documentId);
      return bagOf(eventId, who.eventUserId);
    },

    /** The bag's files in order with unique names; the caller streams them (one file's bytes in memory at a time). */
    async bagFiles(caller: LeadsCaller, eventId: string): Promise<BagFile[]> {
      const who = await participantOf(caller, eventId);
      return filesOfBag(eventId, who.eventUserId);
    },

    /** One participation's bag and its files, without a caller (the brief-bag mail job and its signed link). */
    bagOfParticipant: bagOf,
    filesOfBag,
    /** The signed-in participant of the event (403 LEADS_NOT_PARTICIPANT otherwise), with the account's email and name. */
    participantOf,

    async ask(caller: LeadsCaller, eventId: string, input: { companyId: string; productId: string | null; message: string }): Promise<TInquiry> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const who = await participantOf(caller, eventId);
      const company = await deps.exhibition.company(eventId, input.companyId);
      if (!company) throw errors.validation([{ field: 'companyId', key: 'unknownCompany' }]);
      const product = input.productId ? await deps.exhibition.product(eventId, input.companyId, input.productId) : null;
      if (input.productId && !product) throw errors.validation([{ field: 'productId', key: 'unknownProduct' }]);
      const row = await repo.insertInquiry({
        organisationId: company.organisationId,
        eventId,
        companyId: company.id,
        productId: product?.id ?? null,
        productName: product?.name ?? null,
        askerEventUserId: who.eventUserId,
        askerName: who.name,
        askerEmail: who.email,
        message: input.message,
      });
      await repo.recordAction({ organisationId: company.organisationId, eventId, companyId: company.id, action: ReportAction.Inquiry, analyticsType: AnalyticsType.Inquiries, eventUserId: who.eventUserId });
      return (await inquiryViews(eventId, [row]))[0]!;
    },

    async myInquiries(caller: LeadsCaller, eventId: string): Promise<TInquiry[]> {
      const who = await participantOf(caller, eventId);
      return inquiryViews(eventId, await repo.askerInquiries(eventId, who.eventUserId));
    },

    async setMyInquiryStatus(caller: LeadsCaller, eventId: string, inquiryId: string, status: 'open' | 'closed'): Promise<TInquiry> {
      const who = await participantOf(caller, eventId);
      const row = await repo.inquiry(eventId, inquiryId);
      if (!row || row.askerEventUserId !== who.eventUserId) throw leadsErrors.inquiryNotFound();
      return moveInquiry(row, status === 'closed' ? 'close' : 'reopen');
    },

    async companyInquiries(caller: LeadsCaller, eventId: string): Promise<TInquiry[]> {
      const staff = await staffOf(caller, eventId);
      return inquiryViews(eventId, await repo.companyInquiries(scopeOf(staff)));
    },

    async answerInquiry(caller: LeadsCaller, eventId: string, inquiryId: string, answer: string): Promise<TInquiry> {
      const staff = await staffOf(caller, eventId);
      const row = await repo.inquiry(eventId, inquiryId);
      if (!row || row.companyId !== staff.companyId) throw leadsErrors.inquiryNotFound();
      return moveInquiry(row, 'answer', { answer, answeredByName: staff.name });
    },

    /**
     * Mails one answer to its asker (the `leads.inquiry.answered` subscriber): once per answer, the mark taken before
     * the send and given back if the send throws, so the outbox's next delivery tries again. Answers whether it sent.
     */
    async mailAnswer(notice: InquiryAnswered): Promise<boolean> {
      if (!deps.send || deps.publicUrl === undefined) return false;
      const row = await repo.inquiry(notice.eventId, notice.inquiryId);
      if (!row) return false;
      const [event, company] = await Promise.all([deps.findEvent(notice.eventId), deps.exhibition.company(notice.eventId, row.companyId)]);
      if (!event || !company) return false;
      const message = inquiryAnswerMail(notice, row, { companyName: company.name, eventName: event.name, publicUrl: deps.publicUrl });
      if (!(await repo.markInquiryMail({ answerId: notice.answerId, eventId: notice.eventId, inquiryId: row.id }))) return false;
      try {
        const sent = await deps.send(message);
        if (sent.status === 'failed') throw new Error(sent.error ?? 'mail delivery failed');
      } catch (err) {
        await repo.unmarkInquiryMail(notice.answerId);
        throw err;
      }
      return true;
    },

    async setInquiryStatus(caller: LeadsCaller, eventId: string, inquiryId: string, status: 'open' | 'closed'): Promise<TInquiry> {
      const staff = await staffOf(caller, eventId);
      const row = await repo.inquiry(eventId, inquiryId);
      if (!row || row.companyId !== staff.companyId) throw leadsErrors.inquiryNotFound();
      return moveInquiry(row, status === 'closed' ? 'close' : 'reopen');
    },

    /**
     * A meeting was booked (requested, or scheduled by the organiser): each side that is a company's staff counts it at
     * their company, with the other side as the visitor, once per meeting and company (the notice that tells it may be
     * delivered again). SPEC §3.10 meeting types map onto SPEC §9 report actions: GENERAL 1 → 7 general call,
     * MEETING 2 → 8 meetings, NETWORKING 3 → 9 networking. The analytics type says which report tab counts it: SPEC §9
     * has no "general call" tab, and a GENERAL meeting is still a booked meeting of the meetings module, so actions 7
     * and 8 stay under 20 Meetings; 9 under 16 Networking Lounge.
     */
    async meetingBooked(m: { eventId: string; meetingId: string; type: number; sides: Side[] }): Promise<number> {
      const [action, analyticsType] =
        m.type === MeetingType.Networking
          ? [ReportAction.Networking, AnalyticsType.NetworkingLounge]
          : m.type === MeetingType.General
            ? [ReportAction.GeneralCall, AnalyticsType.Meetings]
            : [ReportAction.Meetings, AnalyticsType.Meetings];
      return countEncounter(m.eventId, m.meetingId, m.sides, action, analyticsType);
    },

    /**
     * A 1:1 video call (issue 17) was answered outside a meeting: between a company's staff and another participant
     * it is SPEC §9 action 7 general call, analytics type 18 Video Calls, once per call and company.
     */
    async callAnswered(c: { eventId: string; callId: string; sides: Side[] }): Promise<number> {
      return countEncounter(c.eventId, c.callId, c.sides, ReportAction.GeneralCall, AnalyticsType.VideoCalls);
    },

    onsite,

    /** The Onsite Leads table as a workbook, with the same range and counts as the tab. */
    async onsiteExport(caller: AuthUser, organisationId: string, eventId: string, query: TOnsiteLeadsQuery): Promise<{ body: Uint8Array; fileName: string }> {
      const report = await onsite(caller, organisationId, eventId, query);
      return { body: onsiteXlsx(report), fileName: onsiteFileName(report.range) };
    },
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
