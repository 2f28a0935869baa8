import { z } from 'zod';
import { zPage } from '../common/pagination.ts';
import { zCountryCode } from '../reference/countries.ts';
import { EMAIL_ERROR_KEY, EMAIL_MAX_LENGTH, isValidEmail } from '../validation/email.ts';
import { zRichText } from '../validation/rich-text.ts';
import { STALL_TYPES } from './exhibition-forms.ts';
import { ZExhibitorFilters } from './hall-plans.ts';

/**
 * Exhibition (issue 15, first slice): exhibiting companies (SPEC §3.1 user type 2) of an event, its booths (stalls)
 * placed on a per-hall grid plan, and each company's products.
 */

/** The hall plan's grid: booths are rectangles of whole cells inside it. */
export const PLAN_COLUMNS = 40;
export const PLAN_ROWS = 24;

/** The error keys this module adds (the web translates them under `validation.`). */
export const ExhibitionErrorKey = {
  UnknownCountry: 'unknownCountry',
  OutsidePlan: 'outsidePlan',
  UnknownCompany: 'unknownCompany',
  HttpsUrlRequired: 'websiteUrlRequired',
  PriceCents: 'priceCents',
} as const;

const zId = z.string().min(1).max(64);
const zName = z.string().trim().min(1).max(160);
const zShortText = (max: number) => z.string().trim().max(max);
/** A money amount with at most two decimals, 0 … 10 000 000 (stored in cents). */
const zPrice = z
  .number()
  .min(0)
  .max(10_000_000)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { message: ExhibitionErrorKey.PriceCents });

/** A delete's answer: the id that went. */
export const ZExhibitionDeleted = z.object({ id: z.string() });

export const ZExhibitionEventParams = z.strictObject({ eventId: zId });
export const ZCompanyParams = z.strictObject({ eventId: zId, companyId: zId });
export const ZBoothParams = z.strictObject({ eventId: zId, boothId: zId });
export const ZProductParams = z.strictObject({ eventId: zId, companyId: zId, productId: zId });

export const ZCompanyQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TCompanyQuery = z.infer<typeof ZCompanyQuery>;

/** An exhibiting company as the organiser enters it; the profile is rich text, sanitised on the server. */
export const ZCompanyInput = z.strictObject({
  name: zName,
  profileHtml: zRichText(20_000).default(''),
  category: zShortText(80).default(''),
  /** ISO 3166 alpha-2 code of SPEC §3.2's country table, or '' when unknown. */
  countryCode: zCountryCode().default(''),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: ExhibitionErrorKey.HttpsUrlRequired })
    .default(''),
  contactEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine((v) => v === '' || isValidEmail(v), { message: EMAIL_ERROR_KEY })
    .default(''),
});
export type TCompanyInput = z.input<typeof ZCompanyInput>;

export const ZBoothRef = z.object({ id: z.string(), hall: z.string(), number: z.string() });
export type TBoothRef = z.infer<typeof ZBoothRef>;

export const ZExhibitingCompany = z.object({
  id: z.string(),
  name: z.string(),
  /** Its logo's public address (an unguessable id, served with a long cache), or null: show the initials. */
  logoUrl: z.string().nullable(),
  profileHtml: z.string(),
  category: z.string(),
  countryCode: z.string(),
  website: z.string(),
  contactEmail: z.string(),
  booths: z.array(ZBoothRef),
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type TExhibitingCompany = z.infer<typeof ZExhibitingCompany>;
export const ZExhibitingCompanyPage = zPage(ZExhibitingCompany);

/** A booth's place on its hall's plan: whole grid cells, inside PLAN_COLUMNS × PLAN_ROWS. */
export const ZPlacement = z.object({
  x: z.number().int().min(0).max(PLAN_COLUMNS - 1),
  y: z.number().int().min(0).max(PLAN_ROWS - 1),
  w: z.number().int().min(1).max(PLAN_COLUMNS),
  h: z.number().int().min(1).max(PLAN_ROWS),
});
export type TPlacement = z.infer<typeof ZPlacement>;

/** A booth (stall): hall, number (unique in its hall), size, SPEC §3.5 stall type, price, place on the plan. */
export const ZBoothInput = z
  .strictObject({
    hall: zName.max(60),
    number: zName.max(20),
    sizeSqm: z.number().positive().max(100_000),
    stallType: z.enum(STALL_TYPES),
    price: zPrice,
    ...ZPlacement.shape,
  })
  .superRefine((b, ctx) => {
    if (b.x + b.w > PLAN_COLUMNS) ctx.addIssue({ code: 'custom', path: ['w'], message: ExhibitionErrorKey.OutsidePlan });
    if (b.y + b.h > PLAN_ROWS) ctx.addIssue({ code: 'custom', path: ['h'], message: ExhibitionErrorKey.OutsidePlan });
  });
export type TBoothInput = z.infer<typeof ZBoothInput>;

export const ZBoothHolderInput = z.strictObject({ companyId: zId.nullable() });

export const ZBooth = z.object({
  id: z.string(),
  hall: z.string(),
  number: z.string(),
  sizeSqm: z.number(),
  stallType: z.enum(STALL_TYPES),
  price: z.number(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TBooth = z.infer<typeof ZBooth>;
export const ZBoothList = z.object({ columns: z.number().int(), rows: z.number().int(), halls: z.array(z.string()), booths: z.array(ZBooth) });
export type TBoothList = z.infer<typeof ZBoothList>;

/** A product of a company: price in the event's currency, or null for "price on request". */
export const ZProductInput = z.strictObject({
  name: zName,
  category: zShortText(80).default(''),
  description: zShortText(4000).default(''),
  price: zPrice.nullable(),
});
export type TProductInput = z.input<typeof ZProductInput>;
export const ZProduct = z.object({ id: z.string(), name: z.string(), category: z.string(), description: z.string(), price: z.number().nullable() });
export type TProduct = z.infer<typeof ZProduct>;
export const ZProductList = z.array(ZProduct);

/** Attendee side (the app's Exhibitors tab): what a visitor sees of a company. */
export const ZExhibitorQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  /** Filters (hall-plans.ts): category, country code, a hall the company holds a booth in; combined with `search`. */
  ...ZExhibitorFilters,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TExhibitorQuery = z.output<typeof ZExhibitorQuery>;
export const ZExhibitorSummary = z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable(), category: z.string(), countryCode: z.string(), booths: z.array(ZBoothRef) });
export type TExhibitorSummary = z.infer<typeof ZExhibitorSummary>;
export const ZExhibitorList = zPage(ZExhibitorSummary);
export const ZExhibitorPage = z.object({
  company: ZExhibitorSummary.extend({ profileHtml: z.string(), website: z.string(), contactEmail: z.string() }),
  products: z.array(ZProduct),
});
export type TExhibitorPage = z.infer<typeof ZExhibitorPage>;

/** Whether two placed booths share a cell (touching edges is fine). */
export function placementsOverlap(a: TPlacement, b: TPlacement): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** How many staff (user type 7 exhibitors) one exhibiting company may list. */
export const COMPANY_STAFF_MAX = 50;
/**
 * A company's staff: the account emails of the people who work its booth. Each signs in to the event through
 * `ei/{eventId}` and gets the Leads tab's scanner for this company. One person staffs at most one company of an event.
 */
export const ZCompanyStaffInput = z.strictObject({
  emails: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(EMAIL_MAX_LENGTH)
        .refine((v) => isValidEmail(v), { message: EMAIL_ERROR_KEY }),
    )
    .max(COMPANY_STAFF_MAX),
});
export type TCompanyStaffInput = z.input<typeof ZCompanyStaffInput>;
/** `quota`: the staff badges its booths earn under the event's rule (product-orders.ts), null when the event has none. */
export const ZCompanyStaff = z.object({ emails: z.array(z.string()), quota: z.number().int().nullable().optional() });
export type TCompanyStaff = z.infer<typeof ZCompanyStaff>;

/**
 * A company's videos (SPEC §3.10 upload media 2): MP4 or WebM (the two every browser plays in a <video>), checked by
 * their first bytes on upload (SPEC §5 video types; ISO `ftyp` box or EBML header), at most VIDEO_MAX_BYTES each and
 * VIDEOS_MAX a company. The upload travels as base64 in JSON, so the size limit stays well below the route body limit.
 * A company's documents (upload media 1) are the leads module's booth documents (the brief bag), not stored twice.
 */
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEOS_MAX = 20;
export const VIDEO_UPLOAD_EXTENSIONS = ['mp4', 'webm'] as const;
export const VIDEO_CONTENT_TYPES: Readonly<Record<(typeof VIDEO_UPLOAD_EXTENSIONS)[number], string>> = { mp4: 'video/mp4', webm: 'video/webm' };
export const VIDEO_BODY_LIMIT = Math.ceil(VIDEO_MAX_BYTES / 3) * 4 + 64 * 1024;
export const VideoErrorKey = { FileTooLarge: 'fileTooLarge', FileTypeNotAllowed: 'fileTypeNotAllowed' } as const;
const zVideoTitle = z.string().trim().min(1).max(160);
export const ZCompanyVideoUpload = z.strictObject({
  title: zVideoTitle,
  fileName: z
    .string()
    .min(1)
    .max(255)
    .refine((n) => (VIDEO_UPLOAD_EXTENSIONS as readonly string[]).includes(n.split('.').pop()?.toLowerCase() ?? ''), { message: VideoErrorKey.FileTypeNotAllowed }),
  /** The file's bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(8)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/)
    .refine((v) => v.length <= Math.ceil(VIDEO_MAX_BYTES / 3) * 4 + 4, { message: VideoErrorKey.FileTooLarge }),
});
export type TCompanyVideoUpload = z.infer<typeof ZCompanyVideoUpload>;
export const ZCompanyVideoRename = z.strictObject({ title: zVideoTitle });
export const ZVideoParams = z.strictObject({ eventId: zId, companyId: zId, videoId: zId });
export const ZVideoStreamQuery = z.strictObject({ ticket: z.string().min(1).max(1000) });
/** A video as the organiser sees it, with the exhibitor report's Videos counts (SPEC §9 type 5: views, action 1). */
export const ZCompanyVideo = z.object({
  id: z.string(),
  companyId: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  views: z.number().int(),
  createdAt: z.string(),
});
export type TCompanyVideo = z.infer<typeof ZCompanyVideo>;
export const ZCompanyVideoList = z.array(ZCompanyVideo);
/** A video as visitors see it on the company's page. */
export const ZExhibitorVideo = ZCompanyVideo.pick({ id: true, title: true, contentType: true, byteSize: true });
export type TExhibitorVideo = z.infer<typeof ZExhibitorVideo>;
export const ZExhibitorVideoList = z.array(ZExhibitorVideo);
/** Where to play it: a stream URL carrying a short-lived ticket (a <video> cannot send the bearer token). */
export const ZVideoPlayback = z.object({ url: z.string() });
export type TVideoPlayback = z.infer<typeof ZVideoPlayback>;
