import { z } from 'zod';
import { decodeBase64 } from '../common/base64.ts';
import { zPage } from '../common/pagination.ts';
import { ZReportWindow } from '../analytics/overview.schemas.ts';
import { isNonBlank } from '../validation/text.ts';
import { EMAIL_PATTERN } from '../validation/email.ts';
import { matchesFileSignature } from '../validation/magic-bytes.ts';
import {
  BADGE_FONT_WEIGHTS,
  BADGE_IMAGE_TYPES,
  BADGE_JOB_STATUSES,
  BADGE_LIMITS,
  BADGE_PAGE_SIZES,
  BADGE_SHEETS,
  BADGE_TEXT_ALIGNS,
  BADGE_TEXT_SOURCES,
  type TBadgePageSize,
} from './badges.enums.ts';

// Badge templates, print jobs and print history: one schema per request and response (STYLE "The API").

const zId = z.string().min(1).max(64);
const zMm = z.number().min(0).max(1000);
export const zHexColor = z.string().refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), { message: 'invalidColor' });
const zElementId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const box = { id: zElementId, x: zMm, y: zMm, width: zMm.min(BADGE_LIMITS.minSide), height: zMm.min(BADGE_LIMITS.minSide) };

export const ZBadgeTextElement = z.strictObject({
  ...box,
  type: z.literal('text'),
  source: z.enum(BADGE_TEXT_SOURCES),
  /** The fixed text (source static), or the fallback shown when the bound field is empty. */
  text: z.string().max(BADGE_LIMITS.textLength).default(''),
  /** Registration-form answer key (source answer). */
  answerKey: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional(),
  fontSize: z.number().min(BADGE_LIMITS.minFontSize).max(BADGE_LIMITS.maxFontSize),
  fontWeight: z.enum(BADGE_FONT_WEIGHTS).default('normal'),
  align: z.enum(BADGE_TEXT_ALIGNS).default('center'),
  color: zHexColor.default('#000000'),
});
export const ZBadgeImageElement = z.strictObject({
  ...box,
  type: z.literal('image'),
  mimeType: z.enum(BADGE_IMAGE_TYPES),
  /** The image bytes, base64 (no data: prefix). Checked against its type's magic bytes and BADGE_LIMITS.imageBytes. */
  dataBase64: z.string().max(Math.ceil((BADGE_LIMITS.imageBytes * 4) / 3) + 8),
});
/** The attendee's credential QR (ctx.credentials token). Square: the smaller of width and height. */
export const ZBadgeQrElement = z.strictObject({ ...box, type: z.literal('qr') });
/** A coloured band: the attendee category's colour, or `color` when the category has none or useCategoryColor is off. */
export const ZBadgeBandElement = z.strictObject({
  ...box,
  type: z.literal('band'),
  color: zHexColor.default('#1c7ed6'),
  useCategoryColor: z.boolean().default(true),
});
export const ZBadgeElement = z.discriminatedUnion('type', [ZBadgeTextElement, ZBadgeImageElement, ZBadgeQrElement, ZBadgeBandElement]);
export type TBadgeElement = z.infer<typeof ZBadgeElement>;
export type TBadgeTextElement = z.infer<typeof ZBadgeTextElement>;
export type TBadgeImageElement = z.infer<typeof ZBadgeImageElement>;
export type TBadgeBandElement = z.infer<typeof ZBadgeBandElement>;

/** Field errors of a layout: elements outside the page, bad images, duplicate ids, missing bindings. */
export function badgeLayoutProblems(pageSize: TBadgePageSize, elements: TBadgeElement[]): { path: (string | number)[]; message: string }[] {
  const { width, height } = BADGE_SHEETS[pageSize].badge;
  const out: { path: (string | number)[]; message: string }[] = [];
  const ids = new Set<string>();
  let images = 0;
  // A hair of tolerance: the editor snaps to 0.1 mm and page sizes like 53.98 are not on that grid.
  const eps = 0.05;
  elements.forEach((el, i) => {
    if (ids.has(el.id)) out.push({ path: ['elements', i, 'id'], message: 'duplicate' });
    ids.add(el.id);
    if (el.x + el.width > width + eps) out.push({ path: ['elements', i, 'x'], message: 'outsidePage' });
    if (el.y + el.height > height + eps) out.push({ path: ['elements', i, 'y'], message: 'outsidePage' });
    if (el.type === 'text') {
      if (el.source === 'answer' && !el.answerKey) out.push({ path: ['elements', i, 'answerKey'], message: 'required' });
      if (el.source === 'static' && !isNonBlank(el.text)) out.push({ path: ['elements', i, 'text'], message: 'required' });
    }
    if (el.type === 'image') {
      images++;
      const bytes = decodeBase64(el.dataBase64);
      if (!bytes || bytes.length === 0) out.push({ path: ['elements', i, 'dataBase64'], message: 'invalidFile' });
      else if (bytes.length > BADGE_LIMITS.imageBytes) out.push({ path: ['elements', i, 'dataBase64'], message: 'fileTooLarge' });
      else if (!matchesFileSignature(el.mimeType === 'image/png' ? 'png' : 'jpg', bytes)) out.push({ path: ['elements', i, 'dataBase64'], message: 'invalidFileType' });
    }
  });
  if (images > BADGE_LIMITS.images) out.push({ path: ['elements'], message: 'tooManyImages' });
  return out;
}

const zTemplateBody = {
  name: z.string().trim().min(1).max(120).refine(isNonBlank, { message: 'required' }),
  pageSize: z.enum(BADGE_PAGE_SIZES),
  /** Tickets and categories this template prints for; both empty = only as the event default or when chosen. */
  ticketIds: z.array(zId).max(100).default([]),
  categoryIds: z.array(zId).max(100).default([]),
  isDefault: z.boolean().default(false),
  /** Band colours chosen by this template, per category id; they win over the event's category colours. */
  categoryColors: z.record(zId, zHexColor).default({}),
  elements: z.array(ZBadgeElement).max(BADGE_LIMITS.elements),
};

export const ZBadgeTemplateRequest = z.strictObject(zTemplateBody).superRefine((v, ctx) => {
  for (const p of badgeLayoutProblems(v.pageSize, v.elements)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  if (Object.keys(v.categoryColors).length > 200) ctx.addIssue({ code: 'custom', path: ['categoryColors'], message: 'too_big' });
});
export type TBadgeTemplateRequest = z.input<typeof ZBadgeTemplateRequest>;

export const ZBadgeTemplate = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  pageSize: z.enum(BADGE_PAGE_SIZES),
  ticketIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  isDefault: z.boolean(),
  categoryColors: z.record(z.string(), z.string()),
  elements: z.array(ZBadgeElement),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBadgeTemplate = z.infer<typeof ZBadgeTemplate>;
/** The list leaves images out (they can be 200 KB each); `elementCount` says how big the layout is. */
export const ZBadgeTemplateSummary = ZBadgeTemplate.omit({ elements: true }).extend({ elementCount: z.number().int() });
export type TBadgeTemplateSummary = z.infer<typeof ZBadgeTemplateSummary>;
export const ZBadgeTemplateList = z.array(ZBadgeTemplateSummary);

export const ZBadgeTemplateParams = z.object({ eventId: zId, templateId: zId });
export const ZBadgeEventParams = z.object({ eventId: zId });

/** Badge fields: what text can be bound to, and the event's colour per category (Badge Fields: View / Edit). */
export const ZBadgeFields = z.object({
  sources: z.array(z.object({ source: z.enum(BADGE_TEXT_SOURCES), label: z.string() })),
  answerKeys: z.array(z.object({ key: z.string(), label: z.string() })),
  categories: z.array(z.object({ id: z.string(), name: z.string(), color: z.string().nullable() })),
  tickets: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TBadgeFields = z.infer<typeof ZBadgeFields>;
export const ZBadgeFieldsRequest = z.strictObject({ categoryColors: z.record(zId, zHexColor.nullable()) });
export type TBadgeFieldsRequest = z.infer<typeof ZBadgeFieldsRequest>;

// ---------------------------------------------------------------- attendees to print
export const ZBadgeAttendeeQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  categoryId: zId.optional(),
  ticketId: zId.optional(),
  /** Name, email, phone or registration number. */
  search: z.string().trim().max(100).optional(),
  registrationNo: z.string().trim().max(64).optional(),
});
export type TBadgeAttendeeQuery = z.infer<typeof ZBadgeAttendeeQuery>;

/** The values a badge can show, resolved on the server (web live preview uses the same resolver). */
export const ZBadgeAttendeeData = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contactNo: z.string().nullable(),
  registrationNo: z.string(),
  ticketId: z.string(),
  ticketName: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string(),
  answers: z.record(z.string(), z.unknown()),
});
export type TBadgeAttendeeData = z.infer<typeof ZBadgeAttendeeData>;

export const ZBadgeAttendee = ZBadgeAttendeeData.extend({
  registrationId: z.string(),
  /** approved and paid: a badge can still be printed otherwise, the station shows a warning. */
  isAdmissible: z.boolean(),
  printCount: z.number().int(),
  lastPrintedAt: z.string().nullable(),
});
export type TBadgeAttendee = z.infer<typeof ZBadgeAttendee>;
export const ZBadgeAttendeePage = zPage(ZBadgeAttendee);
/** One attendee with the QR payload, for the live preview. */
export const ZBadgeAttendeeDetail = ZBadgeAttendee.extend({ credentialToken: z.string() });
export type TBadgeAttendeeDetail = z.infer<typeof ZBadgeAttendeeDetail>;
export const ZBadgeAttendeeParams = z.object({ eventId: zId, registrationId: zId });

// ---------------------------------------------------------------- printing
/** Text overrides for one print (the desk fixes a typo on the badge, not in the registration): element id → text. */
export const zBadgeOverrides = z.record(zElementId, z.string().max(BADGE_LIMITS.textLength)).refine((v) => Object.keys(v).length <= BADGE_LIMITS.elements, { message: 'too_big' });

export const ZBadgePrintRequest = z.strictObject({
  registrationId: zId,
  /** Without it, the template matching the attendee's ticket / category, else the event default. */
  templateId: zId.optional(),
  overrides: zBadgeOverrides.optional(),
});
export type TBadgePrintRequest = z.infer<typeof ZBadgePrintRequest>;

export const ZBadgeJobRequest = z
  .strictObject({
    templateId: zId.optional(),
    categoryId: zId.optional(),
    ticketId: zId.optional(),
    search: z.string().trim().max(100).optional(),
    registrationIds: z.array(zId).min(1).max(1000).optional(),
    /** Print every matching registration, not only approved and paid ones. */
    includeNotAdmissible: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.registrationIds && (v.categoryId || v.ticketId || v.search)) ctx.addIssue({ code: 'custom', path: ['registrationIds'], message: 'idsOrFilter' });
  });
export type TBadgeJobRequest = z.input<typeof ZBadgeJobRequest>;

export const ZBadgeJob = z.object({
  id: z.string(),
  eventId: z.string(),
  status: z.enum(BADGE_JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  error: z.string().nullable(),
  templateId: z.string().nullable(),
  filter: z.record(z.string(), z.unknown()),
  pages: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** PDF files to download (parts of at most BADGE_LIMITS.partSize badges each), once done. */
  parts: z.array(z.object({ partNo: z.number().int(), firstIndex: z.number().int(), badges: z.number().int(), pages: z.number().int() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TBadgeJob = z.infer<typeof ZBadgeJob>;
export const ZBadgeJobList = z.array(ZBadgeJob);
export const ZBadgeJobParams = z.object({ eventId: zId, jobId: zId });
export const ZBadgeJobDownloadQuery = z.object({ part: z.coerce.number().int().min(1).max(1000).default(1) });

export const ZBadgePrintHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  registrationId: zId.optional(),
});
export const ZBadgePrintHistoryEntry = z.object({
  id: z.string(),
  registrationId: z.string(),
  registrationNo: z.string(),
  name: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  jobId: z.string().nullable(),
  isReprint: z.boolean(),
  hasOverrides: z.boolean(),
  printedBy: z.string().nullable(),
  printedAt: z.string(),
});
export type TBadgePrintHistoryEntry = z.infer<typeof ZBadgePrintHistoryEntry>;
export const ZBadgePrintHistoryPage = zPage(ZBadgePrintHistoryEntry);

export const ZBadgePrintReport = z.object({
  registrations: z.number().int(),
  printedRegistrations: z.number().int(),
  prints: z.number().int(),
  reprints: z.number().int(),
  byCategory: z.array(z.object({ categoryId: z.string().nullable(), categoryName: z.string(), registrations: z.number().int(), printed: z.number().int() })),
});
export type TBadgePrintReport = z.infer<typeof ZBadgePrintReport>;

/**
 * The Badge Print report tab (SPEC §2.6, analytics type 28) for a SPEC §9 time range: badges printed in the range
 * (reprints included, `attendees` counts each registration once), the share that came from bulk jobs, prints per
 * bucket and per template.
 */
export const ZBadgePrintActivity = ZReportWindow.extend({
  totals: z.object({ prints: z.number().int(), reprints: z.number().int(), attendees: z.number().int(), fromBulkJobs: z.number().int() }),
  series: z.array(z.object({ at: z.string(), prints: z.number().int(), reprints: z.number().int() })),
  byTemplate: z.array(z.object({ templateName: z.string(), prints: z.number().int(), reprints: z.number().int() })),
});
export type TBadgePrintActivity = z.infer<typeof ZBadgePrintActivity>;

// ---------------------------------------------------------------- walk-in desk
const zPhone = z.string().trim().max(32).refine((v) => v === '' || /^[0-9+ ()-]{5,32}$/.test(v), { message: 'invalidPhone' });
export const ZBadgeWalkInRequest = z.strictObject({
  firstName: z.string().trim().min(1).max(100).refine(isNonBlank, { message: 'required' }),
  lastName: z.string().trim().max(100).default(''),
  email: z.string().trim().max(254).refine((v) => EMAIL_PATTERN.test(v), { message: 'inVaildEmail' }),
  contactNo: zPhone.optional(),
  ticketId: zId,
  categoryId: zId.optional(),
  /** A paid ticket: the desk took the money (pay at venue); recorded as an offline payment. */
  isPaidAtDesk: z.boolean().default(false),
  templateId: zId.optional(),
});
export type TBadgeWalkInRequest = z.input<typeof ZBadgeWalkInRequest>;
export const ZBadgeWalkInResponse = z.object({ registrationId: z.string(), registrationNo: z.string(), orderId: z.string() });
export type TBadgeWalkInResponse = z.infer<typeof ZBadgeWalkInResponse>;
