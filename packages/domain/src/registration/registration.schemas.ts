import { z } from 'zod';
import { ZPageQuery, zPage } from '../common/pagination.ts';
import { isNonBlank } from '../validation/text.ts';
import { EMAIL_PATTERN } from '../validation/email.ts';
import { isValidPhoneForCountry } from '../validation/phone.ts';
import { USER_JOURNEY_EVENT_TYPES } from './registration.enums.ts';

// Registration, ticketing and orders: one schema per request and per response (STYLE "The API").
// Money is always an integer amount of minor units (cents, paise) with an ISO 4217 currency beside it.

const zId = z.string().min(1).max(64);
const zName = (max = 200) => z.string().trim().min(1).max(max).refine(isNonBlank, { message: 'required' });
const zText = (max = 2000) => z.string().trim().max(max);
/** Minor units: 0 to 100 million (1,000,000.00 in a two-decimal currency). */
export const zMoney = z.number().int().min(0).max(100_000_000);
export const zCurrency = z.string().refine((v) => /^[A-Z]{3}$/.test(v), { message: 'invalidCurrency' });
const zDateTime = z.iso.datetime({ offset: true });
const zEmailField = z.string().trim().max(254).refine((v) => EMAIL_PATTERN.test(v), { message: 'inVaildEmail' });
const zCountry = z.string().refine((v) => /^[A-Z]{2}$/.test(v), { message: 'invalidCountry' });
/** Idempotency-Key header value (client-chosen, e.g. a UUID). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const zIdempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/);

/** `timeCampare` (SPEC §8 key) when an end is not after its start. */
function refineWindow<K1 extends string, K2 extends string>(startKey: K1, endKey: K2) {
  return (v: Partial<Record<K1 | K2, string | null | undefined>>, ctx: z.RefinementCtx) => {
    const s = v[startKey];
    const e = v[endKey];
    if (s && e && Date.parse(e) <= Date.parse(s)) ctx.addIssue({ code: 'custom', message: 'timeCampare', path: [endKey] });
  };
}

// ---------------------------------------------------------------- params
export const ZRegEventParams = z.object({ eventId: zId });
export const ZRegEventItemParams = z.object({ eventId: zId, id: zId });
export const ZPublicOrderParams = z.object({ orderId: zId });
export const ZPublicCartParams = z.object({ cartId: zId });

// ---------------------------------------------------------------- settings
export const APPROVAL_MODES = ['auto', 'manual'] as const;
export const ZRegistrationSettings = z.object({
  approvalMode: z.enum(APPROVAL_MODES),
  /** How long a cart holds its seats. */
  cartMinutes: z.number().int(),
  /** How long an unpaid (pending) order holds its seats before the reconciliation job expires it. */
  paymentMinutes: z.number().int(),
  /** Registration numbers are `${prefix}${zero-padded counter}`, sequential per event. */
  registrationPrefix: z.string(),
});
export type TRegistrationSettings = z.infer<typeof ZRegistrationSettings>;
export const ZRegistrationSettingsUpdateRequest = z
  .strictObject({
    approvalMode: z.enum(APPROVAL_MODES),
    cartMinutes: z.number().int().min(1).max(120),
    paymentMinutes: z.number().int().min(5).max(10_080),
    registrationPrefix: z.string().refine((v) => /^[A-Z0-9-]{0,10}$/.test(v), { message: 'pattern' }),
  })
  .partial();
export type TRegistrationSettingsUpdateRequest = z.infer<typeof ZRegistrationSettingsUpdateRequest>;

// ---------------------------------------------------------------- tickets
/** A new ticket's currency when its event's time zone names no country with a currency (UTC, Etc/*). */
export const DEFAULT_TICKET_CURRENCY = 'EUR';
export const TICKET_VISIBILITIES = ['public', 'hidden'] as const;
const ticketFields = {
  name: zName(200),
  description: zText(5000),
  isFree: z.boolean(),
  currency: zCurrency,
  /** Net unit price in minor units; 0 for a free ticket. */
  price: zMoney,
  /** Tax in basis points (1800 = 18 %), added on top of the discounted net price. */
  taxRateBp: z.number().int().min(0).max(10_000),
  salesStart: zDateTime.nullable(),
  salesEnd: zDateTime.nullable(),
  visibility: z.enum(TICKET_VISIBILITIES),
  /** A hidden ticket is listed only to a buyer who presents this code. */
  unlockCode: z.string().trim().min(3).max(40).refine((v) => /^[A-Za-z0-9_-]+$/.test(v), { message: 'pattern' }).nullable(),
  minPerOrder: z.number().int().min(1).max(100),
  maxPerOrder: z.number().int().min(1).max(100),
  /** Seat limit of this ticket alone: creates the ticket's own quota. null = limited only by shared quotas. */
  capacity: z.number().int().min(0).max(1_000_000).nullable(),
  sortOrder: z.number().int().min(0).max(10_000),
};
function refineTicket(v: Partial<{ isFree: boolean; price: number; minPerOrder: number; maxPerOrder: number; visibility: string; unlockCode: string | null; salesStart: string | null; salesEnd: string | null }>, ctx: z.RefinementCtx) {
  if (v.isFree === true && v.price !== undefined && v.price !== 0) ctx.addIssue({ code: 'custom', message: 'freeTicketHasPrice', path: ['price'] });
  if (v.isFree === false && v.price !== undefined && v.price <= 0) ctx.addIssue({ code: 'custom', message: 'paidTicketNeedsPrice', path: ['price'] });
  if (v.minPerOrder !== undefined && v.maxPerOrder !== undefined && v.minPerOrder > v.maxPerOrder) {
    ctx.addIssue({ code: 'custom', message: 'notEquivalent', path: ['maxPerOrder'] });
  }
  if (v.visibility === 'hidden' && v.unlockCode === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['unlockCode'] });
  refineWindow('salesStart', 'salesEnd')(v, ctx);
}
export const ZTicketCreateRequest = z
  .strictObject({
    ...ticketFields,
    /** Omitted: the currency of the event's country (its time zone's), EUR when that has none. */
    currency: ticketFields.currency.optional(),
    description: ticketFields.description.default(''),
    isFree: ticketFields.isFree.default(false),
    price: ticketFields.price.default(0),
    taxRateBp: ticketFields.taxRateBp.default(0),
    salesStart: ticketFields.salesStart.default(null),
    salesEnd: ticketFields.salesEnd.default(null),
    visibility: ticketFields.visibility.default('public'),
    unlockCode: ticketFields.unlockCode.default(null),
    minPerOrder: ticketFields.minPerOrder.default(1),
    maxPerOrder: ticketFields.maxPerOrder.default(10),
    capacity: ticketFields.capacity.default(null),
    sortOrder: ticketFields.sortOrder.default(0),
  })
  .superRefine(refineTicket);
export type TTicketCreateRequest = z.infer<typeof ZTicketCreateRequest>;
/** PATCH: only what it names; the merged ticket is checked again on the server. */
export const ZTicketUpdateRequest = z.strictObject(ticketFields).partial().superRefine(refineTicket);
export type TTicketUpdateRequest = z.infer<typeof ZTicketUpdateRequest>;
export const ZTicket = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  currency: z.string(),
  price: z.number().int(),
  taxRateBp: z.number().int(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  visibility: z.enum(TICKET_VISIBILITIES),
  unlockCode: z.string().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  capacity: z.number().int().nullable(),
  sortOrder: z.number().int(),
  /** Quotas (shared and own) this ticket draws from. */
  quotaIds: z.array(z.string()),
  /** Seats in confirmed orders (paid, or free). */
  sold: z.number().int(),
  /**
   * Seats held for buyers who have not paid yet: unpaid orders within their payment window and open carts. A failed
   * payment releases its seats at once (a retry within the window takes them again if they are still free).
   */
  held: z.number().int(),
  /** Seats still purchasable now (min over its quotas, carts counted); null = unlimited. */
  available: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTicket = z.infer<typeof ZTicket>;
export const ZTicketList = z.array(ZTicket);
export const ZTicketQuotasRequest = z.strictObject({ quotaIds: z.array(zId).max(50) });
export type TTicketQuotasRequest = z.infer<typeof ZTicketQuotasRequest>;

// ---------------------------------------------------------------- quotas
export const ZQuotaCreateRequest = z.strictObject({
  name: zName(120),
  capacity: z.number().int().min(0).max(1_000_000),
  ticketIds: z.array(zId).max(200).default([]),
});
export type TQuotaCreateRequest = z.infer<typeof ZQuotaCreateRequest>;
export const ZQuotaUpdateRequest = z
  .strictObject({ name: zName(120), capacity: z.number().int().min(0).max(1_000_000), ticketIds: z.array(zId).max(200) })
  .partial();
export type TQuotaUpdateRequest = z.infer<typeof ZQuotaUpdateRequest>;
export const ZQuota = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  /** true for a ticket's own quota (made from ticket.capacity); edited through the ticket. */
  isTicketOwn: z.boolean(),
  ticketIds: z.array(z.string()),
  /** Seats in paid and pending orders. */
  used: z.number().int(),
  /** Seats held by live carts. */
  reserved: z.number().int(),
  available: z.number().int(),
});
export type TQuota = z.infer<typeof ZQuota>;
export const ZQuotaList = z.array(ZQuota);

// ---------------------------------------------------------------- registration forms
export const FORM_FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'number', 'select', 'radio', 'checkbox', 'multiselect', 'date', 'country'] as const;
export type TFormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const ZFormField = z.strictObject({
  /** Answer key, unique within the form. */
  key: z.string().refine((v) => /^[a-zA-Z][a-zA-Z0-9_]{0,49}$/.test(v), { message: 'pattern' }),
  label: zName(300),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean().default(false),
  /** Page number of a multi-page form (1-based). */
  page: z.number().int().min(1).max(20).default(1),
  options: z.array(zName(200)).max(200).default([]),
  maxLength: z.number().int().min(1).max(5000).default(500),
  /** Conditional question: shown (and validated) only when another field's answer equals one of these values. */
  showIf: z.strictObject({ fieldKey: z.string().max(50), equals: z.array(z.string().max(200)).min(1).max(50) }).nullable().default(null),
});
export type TFormField = z.infer<typeof ZFormField>;
function refineForm(v: { fields?: TFormField[] }, ctx: z.RefinementCtx) {
  if (!v.fields) return;
  const keys = new Set<string>();
  v.fields.forEach((f, i) => {
    if (keys.has(f.key)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['fields', i, 'key'] });
    keys.add(f.key);
    if (['select', 'radio', 'multiselect'].includes(f.type) && f.options.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['fields', i, 'options'] });
    }
  });
  v.fields.forEach((f, i) => {
    if (f.showIf && (!keys.has(f.showIf.fieldKey) || f.showIf.fieldKey === f.key)) {
      ctx.addIssue({ code: 'custom', message: 'unknownField', path: ['fields', i, 'showIf', 'fieldKey'] });
    }
  });
}
export const ZRegistrationFormRequest = z
  .strictObject({
    name: zName(200),
    /** Tickets this form is for; empty = the event's default form. */
    ticketIds: z.array(zId).max(200).default([]),
    fields: z.array(ZFormField).max(200),
  })
  .superRefine(refineForm);
export type TRegistrationFormRequest = z.infer<typeof ZRegistrationFormRequest>;
export const ZRegistrationForm = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  ticketIds: z.array(z.string()),
  fields: z.array(ZFormField),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRegistrationForm = z.infer<typeof ZRegistrationForm>;
export const ZRegistrationFormList = z.array(ZRegistrationForm);
/** Answers: field key → string, string[] (multiselect) or boolean (checkbox). */
export const ZFormAnswers = z.record(z.string().max(50), z.union([z.string().max(5000), z.array(z.string().max(200)).max(200), z.boolean(), z.number()])).default({});
export type TFormAnswers = z.infer<typeof ZFormAnswers>;

// ---------------------------------------------------------------- discounts & coupons
export const COUPON_KINDS = ['percent', 'fixed'] as const;
const zCouponCode = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .refine((v) => /^[A-Za-z0-9_-]+$/.test(v), { message: 'pattern' })
  .transform((s) => s.toUpperCase());
const couponFields = {
  code: zCouponCode,
  kind: z.enum(COUPON_KINDS),
  /** percent: 1–100 (whole percent); fixed: minor units off each ticket in scope. */
  value: z.number().int().min(1).max(100_000_000),
  /** For a fixed coupon: the currency it applies to. */
  currency: zCurrency.nullable(),
  /** Orders that may use the code; null = unlimited. */
  maxUses: z.number().int().min(1).max(1_000_000).nullable(),
  validFrom: zDateTime.nullable(),
  validTo: zDateTime.nullable(),
  /** Tickets the coupon applies to; empty = every ticket of the event. */
  ticketIds: z.array(zId).max(200),
  isActive: z.boolean(),
};
function refineCoupon(v: Partial<{ kind: string; value: number; currency: string | null; validFrom: string | null; validTo: string | null }>, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && v.value !== undefined && v.value > 100) ctx.addIssue({ code: 'custom', message: 'too_big', path: ['value'] });
  if (v.kind === 'fixed' && v.currency === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['currency'] });
  refineWindow('validFrom', 'validTo')(v, ctx);
}
export const ZCouponCreateRequest = z
  .strictObject({
    ...couponFields,
    currency: couponFields.currency.default(null),
    maxUses: couponFields.maxUses.default(null),
    validFrom: couponFields.validFrom.default(null),
    validTo: couponFields.validTo.default(null),
    ticketIds: couponFields.ticketIds.default([]),
    isActive: couponFields.isActive.default(true),
  })
  .superRefine(refineCoupon);
export type TCouponCreateRequest = z.infer<typeof ZCouponCreateRequest>;
export const ZCouponUpdateRequest = z.strictObject(couponFields).omit({ code: true }).partial().superRefine(refineCoupon);
export type TCouponUpdateRequest = z.infer<typeof ZCouponUpdateRequest>;
const { code: _code, ...bulkCouponFields } = couponFields;
export const ZCouponBulkRequest = z
  .strictObject({
    ...bulkCouponFields,
    prefix: z.string().refine((v) => /^[A-Z0-9-]{0,12}$/.test(v), { message: 'pattern' }).default(''),
    count: z.number().int().min(1).max(1000),
    /** Random part length. */
    length: z.number().int().min(6).max(20).default(8),
    currency: couponFields.currency.default(null),
    maxUses: couponFields.maxUses.default(1),
    validFrom: couponFields.validFrom.default(null),
    validTo: couponFields.validTo.default(null),
    ticketIds: couponFields.ticketIds.default([]),
    isActive: couponFields.isActive.default(true),
  })
  .superRefine(refineCoupon);
export type TCouponBulkRequest = z.infer<typeof ZCouponBulkRequest>;
export const ZCoupon = z.object({
  id: z.string(),
  eventId: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  currency: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  /** Orders (pending or paid) that used it. */
  usedCount: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  ticketIds: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TCoupon = z.infer<typeof ZCoupon>;
export const ZCouponListQuery = ZPageQuery.extend({ search: z.string().trim().max(40).optional() });
export type TCouponListQuery = z.infer<typeof ZCouponListQuery>;
export const ZCouponPage = zPage(ZCoupon);
export const ZCouponBulkResponse = z.object({ count: z.number().int(), codes: z.array(z.string()) });
export type TCouponBulkResponse = z.infer<typeof ZCouponBulkResponse>;

// ---------------------------------------------------------------- visitor categories, date options, cart links
export const ZVisitorCategoryRequest = z.strictObject({
  name: zName(120),
  /** URL segment of visitors/{categoryName}. */
  slug: z.string().refine((v) => /^[a-z0-9][a-z0-9-]{0,59}$/.test(v), { message: 'pattern' }),
  description: zText(2000).default(''),
  /** The (usually free) ticket a visitor of this category registers with. */
  ticketId: zId.nullable().default(null),
});
export type TVisitorCategoryRequest = z.infer<typeof ZVisitorCategoryRequest>;
export const ZVisitorCategory = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  ticketId: z.string().nullable(),
  createdAt: z.string(),
});
export type TVisitorCategory = z.infer<typeof ZVisitorCategory>;
export const ZVisitorCategoryList = z.array(ZVisitorCategory);

export const ZDateOptionRequest = z.strictObject({
  /** The visitor category offering this date (lvp-select-date/{categoryId}). */
  categoryId: zId,
  date: z.iso.date(),
  label: zText(200).default(''),
  /** The ticket sold for this date (its quota limits the day's capacity). */
  ticketId: zId.nullable().default(null),
});
export type TDateOptionRequest = z.infer<typeof ZDateOptionRequest>;
export const ZDateOption = z.object({
  id: z.string(),
  eventId: z.string(),
  categoryId: z.string(),
  date: z.string(),
  label: z.string(),
  ticketId: z.string().nullable(),
  /** Seats left on the date's ticket; null = unlimited or no ticket. */
  available: z.number().int().nullable(),
});
export type TDateOption = z.infer<typeof ZDateOption>;
export const ZDateOptionList = z.array(ZDateOption);

export const ZCartLinkRequest = z.strictObject({
  name: zName(120),
  items: z.array(z.strictObject({ ticketId: zId, quantity: z.number().int().min(1).max(100) })).min(1).max(20),
  couponCode: zCouponCode.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type TCartLinkRequest = z.infer<typeof ZCartLinkRequest>;
export const ZCartLink = z.object({
  /** Unguessable; the public URL is cs/{id}. */
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  items: z.array(z.object({ ticketId: z.string(), quantity: z.number().int() })),
  couponCode: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TCartLink = z.infer<typeof ZCartLink>;
export const ZCartLinkList = z.array(ZCartLink);

// ---------------------------------------------------------------- public: what a buyer sees
export const ZPublicTicket = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  currency: z.string(),
  price: z.number().int(),
  taxRateBp: z.number().int(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  isOnSale: z.boolean(),
  isSoldOut: z.boolean(),
  /** Seats left, or null when unlimited. */
  available: z.number().int().nullable(),
  /** Form that applies to this ticket (its own, else the event default), or null. */
  formId: z.string().nullable(),
});
export type TPublicTicket = z.infer<typeof ZPublicTicket>;
export const ZPublicRegistrationQuery = z.object({
  /** Unlocks hidden tickets with this code. */
  unlockCode: z.string().trim().max(40).optional(),
  /** international-reg: only tickets in this currency. */
  currency: zCurrency.optional(),
});
export type TPublicRegistrationQuery = z.infer<typeof ZPublicRegistrationQuery>;
export const ZPublicRegistrationInfo = z.object({
  eventId: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  venue: z.string(),
  approvalMode: z.enum(APPROVAL_MODES),
  cartMinutes: z.number().int(),
  /** Providers the buyer may choose for a paid order. */
  paymentProviders: z.array(z.string()),
  tickets: z.array(ZPublicTicket),
  forms: z.array(ZRegistrationForm),
  currencies: z.array(z.string()),
});
export type TPublicRegistrationInfo = z.infer<typeof ZPublicRegistrationInfo>;
export const ZPublicCartLink = z.object({
  id: z.string(),
  eventId: z.string(),
  items: z.array(z.object({ ticketId: z.string(), quantity: z.number().int() })),
  couponCode: z.string().nullable(),
});
export type TPublicCartLink = z.infer<typeof ZPublicCartLink>;
export const ZPublicVisitorCategoryQuery = z.object({ name: z.string().trim().max(120).optional() });
export const ZPublicCategoryParams = z.object({ categoryId: zId });
export const ZPublicCartLinkParams = z.object({ cartLinkId: zId });

// ---------------------------------------------------------------- carts, quotes, orders
const zLineItems = z
  .array(z.strictObject({ ticketId: zId, quantity: z.number().int().min(1).max(100) }))
  .min(1)
  .max(20);
export const ZCartCreateRequest = z.strictObject({
  items: zLineItems,
  unlockCode: z.string().trim().max(40).optional(),
  cartLinkId: zId.optional(),
});
export type TCartCreateRequest = z.infer<typeof ZCartCreateRequest>;
export const ZCart = z.object({
  id: z.string(),
  eventId: z.string(),
  status: z.enum(['active', 'converted', 'released', 'expired']),
  expiresAt: z.string(),
  items: z.array(z.object({ ticketId: z.string(), ticketName: z.string(), quantity: z.number().int(), unitPrice: z.number().int(), currency: z.string() })),
});
export type TCart = z.infer<typeof ZCart>;

export const ZQuoteRequest = z.strictObject({
  items: zLineItems,
  couponCode: zCouponCode.optional(),
  unlockCode: z.string().trim().max(40).optional(),
});
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;
export const ZPriceLine = z.object({
  ticketId: z.string(),
  ticketName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type TPriceLine = z.infer<typeof ZPriceLine>;
export const ZPriceQuote = z.object({
  currency: z.string(),
  lines: z.array(ZPriceLine),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  couponCode: z.string().nullable(),
});
export type TPriceQuote = z.infer<typeof ZPriceQuote>;

const zPerson = {
  firstName: zName(100),
  lastName: zText(100).default(''),
  email: zEmailField,
  /** ISO 3166 alpha-2; with contactNo it is checked by SPEC §5's per-country phone rule (international-reg). */
  countryCode: zCountry.optional(),
  contactNo: z.string().trim().max(32).optional(),
};
function refinePersonPhone(v: { countryCode?: string; contactNo?: string }, ctx: z.RefinementCtx) {
  if (v.contactNo && !v.countryCode) ctx.addIssue({ code: 'custom', message: 'required', path: ['countryCode'] });
  if (v.contactNo && v.countryCode) {
    const key = isValidPhoneForCountry(v.countryCode, v.contactNo);
    if (key) ctx.addIssue({ code: 'custom', message: key, path: [key === 'invalidCountry' ? 'countryCode' : 'contactNo'] });
  }
}
export const ZBuyer = z.strictObject(zPerson).superRefine(refinePersonPhone);
export type TBuyer = z.infer<typeof ZBuyer>;
export const ZAttendeeInput = z
  .strictObject({ ...zPerson, ticketId: zId, answers: ZFormAnswers })
  .superRefine(refinePersonPhone);
export type TAttendeeInput = z.infer<typeof ZAttendeeInput>;
export const PAYMENT_PROVIDERS = ['stripe', 'razorpay', 'offline', 'test'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * POST /public/events/:eventId/orders. Header Idempotency-Key (recommended). Attendees: one per seat, in the order
 * of `items` (ticket-group-registration: one buyer, several named attendees). `expectedTotal` is the total the buyer
 * was shown; a different server total is refused (priceChanged), so a changed price never goes through silently.
 */
export const ZOrderCreateRequest = z.strictObject({
  /** Seats already held by this cart; its items must equal `items`. Without it, seats are taken now. */
  cartId: zId.optional(),
  items: zLineItems,
  couponCode: zCouponCode.optional(),
  unlockCode: z.string().trim().max(40).optional(),
  expectedTotal: zMoney,
  currency: zCurrency,
  buyer: ZBuyer,
  attendees: z.array(ZAttendeeInput).min(1).max(100),
  /** Required when the total is above 0. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS).optional(),
  sourceChannel: z.number().int().min(1).max(10).default(1),
  visitorCategoryId: zId.optional(),
  dateOptionId: zId.optional(),
  cartLinkId: zId.optional(),
});
export type TOrderCreateRequest = z.infer<typeof ZOrderCreateRequest>;

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['not_required', 'pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'disapproved', 'suspended'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const ZPaymentSession = z.object({
  paymentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  sessionId: z.string(),
  /** Where to send the buyer (provider page or Pavilion's test gateway); null for offline payment. */
  redirectUrl: z.string().nullable(),
  status: z.enum(['created', 'captured', 'failed', 'refunded', 'partially_refunded']),
  /** Offline payment: the organiser's bank-transfer / pay-at-venue instructions. */
  instructions: z.string().nullable(),
});
export type TPaymentSession = z.infer<typeof ZPaymentSession>;

export const ZPublicOrderAttendee = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  /** The ticket's QR image URL (PNG), once the order is paid or free. */
  qrUrl: z.string().nullable(),
});
export const ZPublicOrder = z.object({
  /** Unguessable public id (used in success/{eventId}/{orderId}). */
  id: z.string(),
  eventId: z.string(),
  registrationNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  couponCode: z.string().nullable(),
  lines: z.array(ZPriceLine),
  attendees: z.array(ZPublicOrderAttendee),
  /** Unpaid orders release their seats at this time. */
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TPublicOrder = z.infer<typeof ZPublicOrder>;
export const ZOrderCreateResponse = z.object({ order: ZPublicOrder, payment: ZPaymentSession.nullable() });
export type TOrderCreateResponse = z.infer<typeof ZOrderCreateResponse>;
export const ZPaymentRetryRequest = z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS) });
export type TPaymentRetryRequest = z.infer<typeof ZPaymentRetryRequest>;

// ---------------------------------------------------------------- organiser: orders
export const ZOrderListQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;
export const ZOrder = ZPublicOrder.extend({
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), countryCode: z.string().nullable(), contactNo: z.string().nullable() }),
  paymentProvider: z.string().nullable(),
  refundedAmount: z.number().int(),
  invoiceNumber: z.string().nullable(),
  sourceChannel: z.number().int(),
  /** A payment was captured after the order expired and its seats were gone: refund it. */
  needsRefund: z.boolean(),
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrderPage = zPage(ZOrder);
export const ZOrderParams = z.object({ eventId: zId, orderId: zId });

// ---------------------------------------------------------------- organiser: registrations (attendees)
export const ZRegistrationListQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  orderStatus: z.enum(ORDER_STATUSES).optional(),
  ticketId: zId.optional(),
  categoryId: zId.optional(),
  group: z.string().trim().max(60).optional(),
  sort: z.enum(['newest', 'oldest', 'name', 'registrationNo']).default('newest'),
});
export type TRegistrationListQuery = z.infer<typeof ZRegistrationListQuery>;
export const ZRegistration = z.object({
  id: z.string(),
  eventId: z.string(),
  orderId: z.string(),
  registrationNo: z.string(),
  ticketId: z.string(),
  ticketName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.string().nullable(),
  contactNo: z.string().nullable(),
  answers: z.record(z.string(), z.unknown()),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  categoryId: z.string().nullable(),
  groups: z.array(z.string()),
  quotaId: z.string().nullable(),
  isAccompanying: z.boolean(),
  parentRegistrationId: z.string().nullable(),
  dateOptionId: z.string().nullable(),
  sourceChannel: z.number().int(),
  /** The attendee's photo (shown at the gate), a signed URL that changes with the photo; null without one. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRegistration = z.infer<typeof ZRegistration>;

/** An attendee photo: small, for the gate's scan result and the badge desk. The browser shrinks it before upload. */
export const REGISTRATION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const REGISTRATION_PHOTO_MAX_BYTES = 512 * 1024;
export const ZRegistrationPhotoRequest = z.strictObject({
  contentType: z.enum(REGISTRATION_PHOTO_TYPES),
  /** The image bytes, base64 (standard alphabet). */
  dataBase64: z
    .string()
    .min(8)
    .max(Math.ceil(REGISTRATION_PHOTO_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'notBase64'),
});
/** The attendee's own photo (eb): the answer to setting or removing it. */
export const ZOwnPhoto = z.object({ registrationId: z.string(), photoUrl: z.string().nullable() });
export type TOwnPhoto = z.infer<typeof ZOwnPhoto>;
export const ZOwnRegistrationParams = z.object({ registrationId: z.string().min(1).max(64) });
/** A signed photo URL's path (GET public/registration-photos/:registrationId/:version): version is the photo's stamp. */
export const ZRegistrationPhotoFileParams = z.object({ registrationId: z.string().min(1).max(64), version: z.string().regex(/^\d{1,16}$/) });
/** A signed photo URL's query: the HMAC of id and version (registration-photos.ts). */
export const ZRegistrationPhotoFileQuery = z.object({ sig: z.string().min(1).max(64) });
/** An attendee's ticket QR (GET public/orders/:orderId/attendees/:registrationId/qr.png). */
export const ZTicketQrParams = z.object({ orderId: z.string().min(1).max(64), registrationId: z.string().min(1).max(64) });
export type TRegistrationPhotoRequest = z.infer<typeof ZRegistrationPhotoRequest>;
export const ZRegistrationPage = zPage(ZRegistration);
export const ZRegistrationParams = z.object({ eventId: zId, registrationId: zId });

const zRegistrationIds = z.array(zId).min(1).max(500);
export const ZApprovalRequest = z.strictObject({
  registrationIds: zRegistrationIds,
  status: z.enum(['approved', 'disapproved', 'suspended']),
  reason: zText(500).optional(),
});
export type TApprovalRequest = z.infer<typeof ZApprovalRequest>;
export const ZAssignQuotaRequest = z.strictObject({ registrationIds: zRegistrationIds, quotaId: zId.nullable() });
export type TAssignQuotaRequest = z.infer<typeof ZAssignQuotaRequest>;
export const ZAssignCategoryRequest = z.strictObject({ registrationIds: zRegistrationIds, categoryId: zId.nullable() });
export type TAssignCategoryRequest = z.infer<typeof ZAssignCategoryRequest>;
export const ZAssignGroupsRequest = z.strictObject({ registrationIds: zRegistrationIds, groups: z.array(zName(60)).max(20) });
export type TAssignGroupsRequest = z.infer<typeof ZAssignGroupsRequest>;
export const ZBulkUpdateResponse = z.object({ updated: z.number().int() });
export type TBulkUpdateResponse = z.infer<typeof ZBulkUpdateResponse>;
export const ZReplaceUserRequest = z.strictObject(zPerson).superRefine(refinePersonPhone);
export type TReplaceUserRequest = z.infer<typeof ZReplaceUserRequest>;
export const ZAccompanyingRequest = z.strictObject({
  persons: z.array(z.strictObject({ firstName: zName(100), lastName: zText(100).default(''), email: zEmailField.optional() })).min(1).max(10),
});
export type TAccompanyingRequest = z.infer<typeof ZAccompanyingRequest>;
/** pending → paid marks the order paid (offline payment; same confirmation path as a webhook); pending → failed records a failure. */
export const ZPaymentStatusRequest = z.strictObject({ paymentStatus: z.enum(['paid', 'failed']), note: zText(500).optional() });
export type TPaymentStatusRequest = z.infer<typeof ZPaymentStatusRequest>;
export const ZRegistrationExportQuery = ZRegistrationListQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type TRegistrationExportQuery = z.infer<typeof ZRegistrationExportQuery>;

export const ZJourneyEntry = z.object({
  id: z.string(),
  type: z.enum(USER_JOURNEY_EVENT_TYPES),
  at: z.string(),
  actorUserId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TJourneyEntry = z.infer<typeof ZJourneyEntry>;
export const ZJourney = z.array(ZJourneyEntry);
export const ZRegistrationList = z.array(ZRegistration);
/** Answer of a DELETE. */
export const ZDeleted = z.object({ id: z.string() });
export type TDeleted = z.infer<typeof ZDeleted>;
