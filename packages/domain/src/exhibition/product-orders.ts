import { z } from 'zod';
import { zPage } from '../common/pagination.ts';
import { IMAGE_EXTENSIONS } from '../validation/file-types.ts';

/*
 * Issue 15: product images, product orders with approval ("product approve", SPEC §3.10), and the staff badge quota
 * per stall size. Shared by the server's exhibition module and the web app.
 */

const zId = z.string().min(1).max(64);

/* ---------- product orders ---------- */

export const PRODUCT_ORDER_STATUSES = ['pending', 'approved', 'rejected', 'fulfilled'] as const;
export type TProductOrderStatus = (typeof PRODUCT_ORDER_STATUSES)[number];
export const PRODUCT_ORDER_ACTIONS = ['approve', 'reject', 'fulfil'] as const;
export type TProductOrderAction = (typeof PRODUCT_ORDER_ACTIONS)[number];

/** The one rule of an order's life: pending → approved | rejected; approved → fulfilled. Nothing leaves rejected or fulfilled. */
const ORDER_MOVES: Record<TProductOrderStatus, Partial<Record<TProductOrderAction, TProductOrderStatus>>> = {
  pending: { approve: 'approved', reject: 'rejected' },
  approved: { fulfil: 'fulfilled' },
  rejected: {},
  fulfilled: {},
};

/** The status an action leads to, or null when the rule does not allow it from `status`. */
export function nextProductOrderStatus(status: TProductOrderStatus, action: TProductOrderAction): TProductOrderStatus | null {
  return ORDER_MOVES[status]?.[action] ?? null;
}

/** The actions allowed from a status (the buttons shown, and what a 409 names). */
export function allowedProductOrderActions(status: TProductOrderStatus): TProductOrderAction[] {
  return Object.keys(ORDER_MOVES[status] ?? {}) as TProductOrderAction[];
}

/**
 * Orders still waiting on the company (a decision, or delivery): a product with any of them cannot be deleted (409
 * EXHIBITION_PRODUCT_HAS_OPEN_ORDERS). Closed ones (rejected, fulfilled) stay readable under the product's name.
 */
export const PRODUCT_ORDER_OPEN_STATUSES: readonly TProductOrderStatus[] = PRODUCT_ORDER_STATUSES.filter((s) => allowedProductOrderActions(s).length > 0);

/** The most of one product one order asks for. */
export const PRODUCT_ORDER_MAX_QUANTITY = 10_000;

/**
 * An attendee's order of a company's product. The price is never sent: the server takes the product's price at
 * the moment of the order (a product "on request" becomes a quote request, without a price). Any other key (a
 * `price`, a `total`) is refused as an unknown field: nothing is written.
 */
export const ZProductOrderInput = z.strictObject({
  productId: zId,
  quantity: z.number().int().min(1).max(PRODUCT_ORDER_MAX_QUANTITY),
  note: z.string().trim().max(1000).default(''),
});
export type TProductOrderInput = z.input<typeof ZProductOrderInput>;

export const ZProductOrderRejectInput = z.strictObject({ reason: z.string().trim().min(1).max(1000) });
export const ZProductOrderNoBody = z.strictObject({});

export const ZProductOrder = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  /** The unit price when ordered; null for a quote request (a product on request). */
  unitPrice: z.number().nullable(),
  total: z.number().nullable(),
  isQuote: z.boolean(),
  status: z.enum(PRODUCT_ORDER_STATUSES),
  rejectionReason: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The event's currency (ISO 4217, from its time zone, as new tickets get it), or null where the event has none. */
  currency: z.string().nullable(),
  /** What the company or the organiser may do next (the rule's moves from the status). */
  allowedActions: z.array(z.enum(PRODUCT_ORDER_ACTIONS)),
});
export type TProductOrder = z.infer<typeof ZProductOrder>;
export const ZProductOrderPage = zPage(ZProductOrder);
export type TProductOrderPage = z.infer<typeof ZProductOrderPage>;
export const ZProductOrderQuery = z.strictObject({
  status: z.enum(PRODUCT_ORDER_STATUSES).optional(),
  companyId: zId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type TProductOrderQuery = z.infer<typeof ZProductOrderQuery>;

/** The export of product orders (AP-573; the company's own on My stand) as a file: `csv` or `xlsx`. */
export const PRODUCT_ORDER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TProductOrderExportFormat = (typeof PRODUCT_ORDER_EXPORT_FORMATS)[number];
const isExportFormat = (v: string): v is TProductOrderExportFormat => (PRODUCT_ORDER_EXPORT_FORMATS as readonly string[]).includes(v);
const zExportFormat = z.string().refine(isExportFormat, { message: 'pattern' }).transform((v) => v as TProductOrderExportFormat);
/** The organiser's export: every order of the event, optionally of one company and/or in one status. */
export const ZProductOrderExportQuery = z.strictObject({ format: zExportFormat, status: z.enum(PRODUCT_ORDER_STATUSES).optional(), companyId: zId.optional() });
export type TProductOrderExportQuery = z.infer<typeof ZProductOrderExportQuery>;
/** The company's export on My stand: its own orders only (the company is the caller's, never a parameter). */
export const ZMyProductOrderExportQuery = z.strictObject({ format: zExportFormat, status: z.enum(PRODUCT_ORDER_STATUSES).optional() });
export type TMyProductOrderExportQuery = z.infer<typeof ZMyProductOrderExportQuery>;

/** The company's own orders (My stand): its name with the orders. */
export const ZMyProductOrders = z.object({ company: z.object({ id: z.string(), name: z.string() }), items: z.array(ZProductOrder) });
export type TMyProductOrders = z.infer<typeof ZMyProductOrders>;
export const ZProductOrderList = z.object({ items: z.array(ZProductOrder) });
export type TProductOrderList = z.infer<typeof ZProductOrderList>;

export const ZProductOrderParams = z.strictObject({ eventId: zId, orderId: zId });
export const ZProductOrderEventParams = z.strictObject({ eventId: zId });
export const ZProductOrderCompanyParams = z.strictObject({ eventId: zId, companyId: zId });

/** Per product: orders by status (the exhibitor report's Products tab reads them through exhibition's port). */
export type TProductOrderCount = { productId: string; productName: string; pending: number; approved: number; rejected: number; fulfilled: number; total: number };

/* ---------- product images ---------- */

/** A product's images (SPEC §5 image types, checked by magic bytes): at most this many a product, each this big. */
export const PRODUCT_IMAGES_MAX = 5;
export const PRODUCT_IMAGE_MAX_BYTES = 1024 * 1024;
export const PRODUCT_IMAGE_BODY_LIMIT = Math.ceil(PRODUCT_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;
export const PRODUCT_IMAGE_CONTENT_TYPES: Readonly<Record<(typeof IMAGE_EXTENSIONS)[number], string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
};
export const ZProductImageUpload = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  dataBase64: z
    .string()
    .min(1)
    .max(Math.ceil(PRODUCT_IMAGE_MAX_BYTES / 3) * 4 + 4, { message: 'fileTooLarge' })
    .regex(/^[A-Za-z0-9+/]+=*$/, { message: 'base64' }),
});
export type TProductImageUpload = z.infer<typeof ZProductImageUpload>;
export const ZProductImage = z.object({ id: z.string(), productId: z.string(), fileName: z.string(), contentType: z.string(), byteSize: z.number().int() });
export type TProductImage = z.infer<typeof ZProductImage>;
export const ZProductImageList = z.array(ZProductImage);
export const ZProductImageParams = z.strictObject({ eventId: zId, companyId: zId, productId: zId });
export const ZProductImageFileParams = z.strictObject({ eventId: zId, companyId: zId, productId: zId, imageId: zId });
/** What a visitor sees of a company's product images: product id → image ids, in upload order. */
export const ZExhibitorProductImages = z.record(z.string(), z.array(z.string()));
export type TExhibitorProductImages = z.infer<typeof ZExhibitorProductImages>;

/* ---------- staff badge quota per stall size ---------- */

/**
 * The event's rule: staff badges per booth by its size, in bands ordered by size. A booth falls in the first band
 * whose `upToSqm` is at least its size; the last band has `upToSqm: null` (any bigger booth). A company's quota is
 * the sum over the booths it holds. An event without a rule sets no limit.
 */
export const ZStaffQuotaBand = z.strictObject({ upToSqm: z.number().positive().max(100_000).nullable(), staff: z.number().int().min(0).max(50) });
export const ZStaffQuotaRuleInput = z.strictObject({
  bands: z
    .array(ZStaffQuotaBand)
    .min(1)
    .max(10)
    .superRefine((bands, ctx) => {
      bands.forEach((b, i) => {
        const isLast = i === bands.length - 1;
        if (isLast && b.upToSqm !== null) ctx.addIssue({ code: 'custom', path: [i, 'upToSqm'], message: 'lastBandOpen' });
        if (!isLast && b.upToSqm === null) ctx.addIssue({ code: 'custom', path: [i, 'upToSqm'], message: 'required' });
        const prev = bands[i - 1]?.upToSqm;
        if (i > 0 && b.upToSqm !== null && prev != null && b.upToSqm <= prev) ctx.addIssue({ code: 'custom', path: [i, 'upToSqm'], message: 'bandsOutOfOrder' });
      });
    }),
});
export type TStaffQuotaRuleInput = z.input<typeof ZStaffQuotaRuleInput>;
export type TStaffQuotaBand = z.infer<typeof ZStaffQuotaBand>;
/** The rule as saved; `bands` empty means no rule (no limit). */
export const ZStaffQuotaRule = z.object({ bands: z.array(ZStaffQuotaBand), isSet: z.boolean() });
export type TStaffQuotaRule = z.infer<typeof ZStaffQuotaRule>;
/** The example the form starts from: up to 9 m² → 2 staff, up to 18 m² → 4, bigger → 6. */
export const DEFAULT_STAFF_QUOTA_BANDS: TStaffQuotaBand[] = [
  { upToSqm: 9, staff: 2 },
  { upToSqm: 18, staff: 4 },
  { upToSqm: null, staff: 6 },
];

/** Staff badges one booth of this size earns under the bands (0 when no band takes it). */
export function staffForBooth(sizeSqm: number, bands: readonly TStaffQuotaBand[]): number {
  const band = bands.find((b) => b.upToSqm === null || sizeSqm <= b.upToSqm);
  return band?.staff ?? 0;
}

/** A company's quota: the sum over its booths; null when the event has no rule (no limit). */
export function staffQuotaOf(boothSizes: readonly number[], bands: readonly TStaffQuotaBand[]): number | null {
  if (bands.length === 0) return null;
  return boothSizes.reduce((n, size) => n + staffForBooth(size, bands), 0);
}
