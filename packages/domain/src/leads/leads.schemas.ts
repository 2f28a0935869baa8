import { z } from 'zod';
import { zPage } from '../common/pagination.ts';
import { zFileName } from '../validation/file-types.ts';
import { ZReportRangeQuery } from '../analytics/overview.schemas.ts';
import { refineDateRange } from '../validation/date-range.ts';
import { ValidationKey } from '../validation/error-keys.ts';
import { INQUIRY_STATUSES } from './inquiry-status.ts';

/**
 * Leads (issue 18, leads half): exhibitor staff scan a visitor's credential (or type their registration number) on a
 * phone, rate it, note it and answer the company's qualifying questions; visiting cards are taken (by staff, from a
 * lead) and dropped (by an attendee, at a company); the organiser sees Onsite Leads per company.
 */

/** A lead's rating. */
export const LEAD_RATINGS = ['hot', 'warm', 'cold'] as const;
export type TLeadRating = (typeof LEAD_RATINGS)[number];
/** How many qualifying questions a company may define. */
export const LEAD_QUESTIONS_MAX = 10;
/** How many queued scans one sync call may carry (the phone sends its queue in slices of this size). */
export const LEAD_SYNC_MAX = 200;

/** The error keys this module adds (the web translates them under `validation.`). */
export const LeadsErrorKey = {
  CredentialOrNumber: 'credentialOrNumber',
  UnknownQuestion: 'unknownQuestion',
} as const;

const zId = z.string().min(1).max(64);
/** A client nonce: the phone makes one per scan, so a scan sent twice (a retry, a sync after a lost answer) counts once. */
const zNonce = z.string().refine((v) => /^[A-Za-z0-9_-]{8,64}$/.test(v), { message: 'pattern' });
const zAnswers = z.record(zId, z.string().trim().max(500)).refine((a) => Object.keys(a).length <= LEAD_QUESTIONS_MAX, { message: 'tooMany' });

export const ZLeadsEventParams = z.strictObject({ eventId: zId });
export const ZLeadParams = z.strictObject({ eventId: zId, leadId: zId });
export const ZCardParams = z.strictObject({ eventId: zId, cardId: zId });

/** One scan as the phone sends it: the QR string read by the camera, or a typed registration number. */
export const ZLeadScanInput = z
  .strictObject({
    credential: z.string().trim().min(1).max(400).optional(),
    registrationNo: z.string().trim().min(1).max(40).optional(),
    nonce: zNonce,
    /** When the phone scanned it (offline scans arrive later); the server's time when missing. */
    scannedAt: z.iso.datetime({ offset: true }).optional(),
    rating: z.enum(LEAD_RATINGS).nullable().optional(),
    notes: z.string().trim().max(2000).optional(),
    answers: zAnswers.optional(),
  })
  .superRefine((s, ctx) => {
    if ((s.credential === undefined) === (s.registrationNo === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['credential'], message: LeadsErrorKey.CredentialOrNumber });
    }
  });
export type TLeadScanInput = z.input<typeof ZLeadScanInput>;

export const ZLeadSyncRequest = z.strictObject({ scans: z.array(ZLeadScanInput).min(1).max(LEAD_SYNC_MAX) });
export type TLeadSyncRequest = z.input<typeof ZLeadSyncRequest>;

export const ZLeadUpdate = z.strictObject({
  rating: z.enum(LEAD_RATINGS).nullable(),
  notes: z.string().trim().max(2000).default(''),
  answers: zAnswers.default({}),
});
export type TLeadUpdate = z.input<typeof ZLeadUpdate>;

export const ZLeadQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  rating: z.enum(LEAD_RATINGS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TLeadQuery = z.infer<typeof ZLeadQuery>;

export const ZLead = z.object({
  id: z.string(),
  registrationId: z.string(),
  registrationNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  ticketName: z.string().nullable(),
  rating: z.enum(LEAD_RATINGS).nullable(),
  notes: z.string(),
  answers: z.record(z.string(), z.string()),
  /** The staff member who scanned first (their name, or their email when the account has none). */
  scannedBy: z.string(),
  scans: z.number().int(),
  firstScannedAt: z.string(),
  lastScannedAt: z.string(),
  isCardTaken: z.boolean(),
});
export type TLead = z.infer<typeof ZLead>;
export const ZLeadPage = zPage(ZLead);
export const ZLeadScanResult = z.object({ lead: ZLead, isNew: z.boolean() });
export type TLeadScanResult = z.infer<typeof ZLeadScanResult>;

/** One queued scan's outcome: saved, already saved (same nonce), or refused with the code and message a live scan gets. */
export const ZLeadSyncItem = z.object({
  nonce: z.string(),
  status: z.enum(['saved', 'duplicate', 'refused']),
  leadId: z.string().nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type TLeadSyncItem = z.infer<typeof ZLeadSyncItem>;
export const ZLeadSyncResult = z.object({ results: z.array(ZLeadSyncItem) });

export const ZLeadQuestion = z.object({ id: z.string(), label: z.string() });
export type TLeadQuestion = z.infer<typeof ZLeadQuestion>;
export const ZLeadQuestionsInput = z.strictObject({
  questions: z.array(z.strictObject({ id: zId.optional(), label: z.string().trim().min(1).max(200) })).max(LEAD_QUESTIONS_MAX),
});
export type TLeadQuestionsInput = z.input<typeof ZLeadQuestionsInput>;
export const ZLeadQuestions = z.array(ZLeadQuestion);

/** The report counts of one company (SPEC §2.6 exhibitor tabs: Onsite Leads, Card Taken, Card Dropped, Inquiries, Booth Action Point). */
export const ZCompanyLeadCounts = z.object({
  leads: z.number().int(),
  hot: z.number().int(),
  warm: z.number().int(),
  cold: z.number().int(),
  cardsTaken: z.number().int(),
  cardsDropped: z.number().int(),
  /** SPEC §9 report actions recorded for the company (Booth Action Point), by action id. */
  actions: z.record(z.string(), z.number().int()),
});
export type TCompanyLeadCounts = z.infer<typeof ZCompanyLeadCounts>;

/** Who the caller is on the Leads tab: staff of a company (with its questions and counts), or a visitor. */
export const ZLeadsMe = z.object({
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  questions: ZLeadQuestions,
  counts: ZCompanyLeadCounts.nullable(),
});
export type TLeadsMe = z.infer<typeof ZLeadsMe>;

/** A calendar day (YYYY-MM-DD) that exists: 2027-02-30 is refused (invalidDate). */
const isRealDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const zDay = z.string().max(10).refine(isRealDay, { message: ValidationKey.InvalidDate });

/**
 * Onsite Leads' time range, one of two kinds: a SPEC §9 time-range filter id (`range`: Now, last 15 min … All Dates, as
 * the other report tabs), or whole days `from`..`to` (both included) on the wall clock of the event's time zone, either
 * left out (open). Nothing asked: every record. A range id not in SPEC §9 400 pattern; a range id with days 400
 * rangeOrDays (on `range`: which one was meant is not guessed); a day that does not exist 400 invalidDate; `to` before
 * `from` 400 notEquivalent (on `to`).
 */
export const ZOnsiteLeadsQuery = z
  .strictObject({ range: ZReportRangeQuery.shape.range.removeDefault().optional(), from: zDay.optional(), to: zDay.optional() })
  .superRefine((q, ctx) => {
    if (q.range !== undefined && (q.from !== undefined || q.to !== undefined)) ctx.addIssue({ code: 'custom', path: ['range'], message: 'rangeOrDays' });
    else if (q.from && q.to && isRealDay(q.from) && isRealDay(q.to)) refineDateRange('from', 'to')(q, ctx);
  });
export type TOnsiteLeadsQuery = z.infer<typeof ZOnsiteLeadsQuery>;

/** SPEC §2.6 host tab Onsite Leads: the counts per exhibiting company, within the range asked for (as instants too). */
export const ZOnsiteLeads = z.object({
  companies: z.array(ZCompanyLeadCounts.extend({ companyId: z.string(), companyName: z.string() })),
  totals: ZCompanyLeadCounts,
  /** `filter`: the SPEC §9 range id asked for (null for days or nothing); `from`/`to`: the days asked for; `fromAt`/`toAt`: the window as instants. */
  range: z.object({ filter: z.number().int().nullable(), from: z.string().nullable(), to: z.string().nullable(), timeZone: z.string(), fromAt: z.string().nullable(), toAt: z.string().nullable() }),
});
export type TOnsiteLeads = z.infer<typeof ZOnsiteLeads>;

/** Visiting cards: a card is taken (staff, from a lead) or dropped (an attendee, at a company's booth). */
export const CARD_KINDS = ['taken', 'dropped'] as const;
export type TCardKind = (typeof CARD_KINDS)[number];
export const ZCardDropInput = z.strictObject({ companyId: zId });
/** A photo of a paper visiting card (SPEC §3.10 upload media 3 visiting card): a SPEC §5 image, ≤ 2 MB. */
export const CARD_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const ZCardPhotoUpload = z.strictObject({
  fileName: zFileName('image'),
  dataBase64: z
    .string()
    .min(8)
    .max(Math.ceil(CARD_PHOTO_MAX_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type TCardPhotoUpload = z.infer<typeof ZCardPhotoUpload>;
export const ZVisitingCard = z.object({
  id: z.string(),
  kind: z.enum(CARD_KINDS),
  /** SPEC §3.10 upload media: 3 when the card carries a photo of a paper card. */
  mediaType: z.literal(3).nullable(),
  companyId: z.string(),
  companyName: z.string(),
  /** The visitor (attendee) whose card it is. */
  visitorName: z.string(),
  visitorEmail: z.string(),
  at: z.string(),
});
export type TVisitingCard = z.infer<typeof ZVisitingCard>;
export const ZVisitingCardList = z.object({ items: z.array(ZVisitingCard), taken: z.number().int(), dropped: z.number().int() });
export type TVisitingCardList = z.infer<typeof ZVisitingCardList>;

/**
 * A company's lead webhook (SPEC §2.6 exhibitor tab Webhooks): every new lead is POSTed to `url` as JSON, signed:
 * `x-pavilion-timestamp` (Unix seconds) and `x-pavilion-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>"
 * with the secret>`. The secret is shown once, when the webhook is saved.
 */
export const LEAD_WEBHOOK_SIGNATURE_HEADER = 'x-pavilion-signature';
export const LEAD_WEBHOOK_TIMESTAMP_HEADER = 'x-pavilion-timestamp';
export const ZLeadWebhookInput = z.strictObject({
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: 'websiteUrlRequired' }),
});
export const ZLeadWebhook = z.object({ url: z.string().nullable(), delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() });
export type TLeadWebhook = z.infer<typeof ZLeadWebhook>;
export const ZLeadWebhookSaved = z.object({ url: z.string(), secret: z.string() });
/** One attempt at delivering a lead: when, the receiver's HTTP status (null when unreachable or timed out), the outcome. */
export const ZLeadWebhookAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  httpStatus: z.number().int().nullable(),
  outcome: z.enum(['delivered', 'retry', 'failed']),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
/** A delivery of one new lead with its attempts (the Webhooks tab's log): the newest 20 deliveries. */
export const ZLeadWebhookDelivery = z.object({
  id: z.string(),
  leadId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(ZLeadWebhookAttempt),
});
export type TLeadWebhookDelivery = z.infer<typeof ZLeadWebhookDelivery>;
export const ZLeadWebhookDeliveries = z.object({ items: z.array(ZLeadWebhookDelivery) });
export type TLeadWebhookDeliveries = z.infer<typeof ZLeadWebhookDeliveries>;
/** What a receiver gets for each new lead. */
export type TLeadWebhookPayload = { type: 'lead.created'; eventId: string; companyId: string; lead: TLead };

/**
 * Brief bag: a company's documents at its booth (SPEC §3.10 upload media 1 document; SPEC §5 document types, the
 * content checked against the extension by its magic bytes), which attendees collect into their bag and download
 * as one ZIP (SPEC §9 action 5 brief bag, once per document).
 */
export const BOOTH_DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;
export const BOOTH_DOCUMENTS_MAX = 30;
export const ZBoothDocumentUpload = z.strictObject({
  title: z.string().trim().min(1).max(160),
  fileName: zFileName('document'),
  /** The file's bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(8)
    .max(Math.ceil(BOOTH_DOCUMENT_MAX_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type TBoothDocumentUpload = z.infer<typeof ZBoothDocumentUpload>;
export const ZBoothDocument = z.object({ id: z.string(), companyId: z.string(), companyName: z.string(), title: z.string(), fileName: z.string(), byteSize: z.number().int(), createdAt: z.string() });
export type TBoothDocument = z.infer<typeof ZBoothDocument>;
export const ZBoothDocumentList = z.array(ZBoothDocument);
export const ZDocumentParams = z.strictObject({ eventId: zId, documentId: zId });
export const ZCompanyDocumentsParams = z.strictObject({ eventId: zId, companyId: zId });
export const ZBagAddInput = z.strictObject({ documentId: zId });
/** A document in the brief bag: a company's booth document (`productName` null) or a document of one of its products. */
export const ZBagItem = ZBoothDocument.extend({ productName: z.string().nullable() });
export type TBagItem = z.infer<typeof ZBagItem>;
export const ZBriefBag = z.object({ items: z.array(ZBagItem) });
export type TBriefBag = z.infer<typeof ZBriefBag>;

/** Inquiries: an attendee asks a company (optionally about one of its products); its staff answer (SPEC §9 action 6). */
export const ZInquiryInput = z.strictObject({ companyId: zId, productId: zId.nullable().default(null), message: z.string().trim().min(1).max(2000) });
export const ZInquiryAnswer = z.strictObject({ answer: z.string().trim().min(1).max(4000) });
export const ZInquiryStatusInput = z.strictObject({ status: z.enum(['open', 'closed']) });
export const ZInquiryParams = z.strictObject({ eventId: zId, inquiryId: zId });
export const ZInquiry = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  askerName: z.string(),
  askerEmail: z.string(),
  message: z.string(),
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TInquiry = z.infer<typeof ZInquiry>;
export const ZInquiryList = z.array(ZInquiry);
