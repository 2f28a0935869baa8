import { findCountry, isValidEmail, isValidPhoneForCountry, type TFieldError, type TFormField, type TPriceQuote } from '@pavilion/domain';
import type { CouponRow, FormRow, TicketRow } from './registration.repository.ts';

// Pure rules of checkout: prices, coupons, sale windows and form answers. No I/O, so they are unit-tested directly.

export type LineItem = { ticketId: string; quantity: number };

/** Is the ticket on sale at `now`? */
export function isOnSale(t: Pick<TicketRow, 'salesStart' | 'salesEnd'>, now: Date): boolean {
  if (t.salesStart && t.salesStart > now) return false;
  if (t.salesEnd && t.salesEnd <= now) return false;
  return true;
}

/** Merges repeated ticket ids so each ticket is checked and priced once. */
export function mergeItems(items: LineItem[]): LineItem[] {
  const m = new Map<string, number>();
  for (const i of items) m.set(i.ticketId, (m.get(i.ticketId) ?? 0) + i.quantity);
  return [...m].map(([ticketId, quantity]) => ({ ticketId, quantity }));
}

/**
 * Checks that every item names a purchasable ticket of this event: known (an id of another event or tenant is
 * simply unknown here), visible or unlocked, on sale, within min/max per order, one currency.
 */
export function checkItems(items: LineItem[], tickets: Map<string, TicketRow>, opts: { now: Date; unlockCode?: string; currency?: string }): TFieldError[] {
  const errs: TFieldError[] = [];
  const currencies = new Set<string>();
  items.forEach((item, i) => {
    const t = tickets.get(item.ticketId);
    if (!t || (t.visibility === 'hidden' && (!opts.unlockCode || opts.unlockCode !== t.unlockCode))) {
      errs.push({ field: `items.${i}.ticketId`, key: 'unknownTicket' });
      return;
    }
    if (!isOnSale(t, opts.now)) errs.push({ field: `items.${i}.ticketId`, key: 'notOnSale' });
    if (item.quantity < t.minPerOrder) errs.push({ field: `items.${i}.quantity`, key: 'belowMinPerOrder' });
    if (item.quantity > t.maxPerOrder) errs.push({ field: `items.${i}.quantity`, key: 'aboveMaxPerOrder' });
    currencies.add(t.currency);
  });
  if (currencies.size > 1 || (opts.currency && currencies.size === 1 && !currencies.has(opts.currency))) {
    errs.push({ field: 'currency', key: 'currencyMismatch' });
  }
  return errs;
}

/** Why a coupon cannot be used for these items, or null. Usage limits are checked later, under the coupon's lock. */
export function couponProblem(c: CouponRow | null, items: LineItem[], now: Date, currency: string): string | null {
  if (!c || !c.isActive) return 'couponInvalid';
  if ((c.validFrom && c.validFrom > now) || (c.validTo && c.validTo <= now)) return 'couponExpired';
  if (c.kind === 'fixed' && c.currency && c.currency !== currency) return 'couponNotApplicable';
  if (c.ticketIds.length > 0 && !items.some((i) => c.ticketIds.includes(i.ticketId))) return 'couponNotApplicable';
  return null;
}

/** Net = unit × qty − discount; tax on the net, rounded per line (half away from zero, in minor units). */
export function priceItems(items: LineItem[], tickets: Map<string, TicketRow>, coupon: CouponRow | null): TPriceQuote {
  const lines = items.map((item) => {
    const t = tickets.get(item.ticketId)!;
    const gross = t.price * item.quantity;
    let discount = 0;
    if (coupon && (coupon.ticketIds.length === 0 || coupon.ticketIds.includes(t.id))) {
      discount = coupon.kind === 'percent' ? Math.round((gross * coupon.value) / 100) : Math.min(coupon.value, t.price) * item.quantity;
    }
    discount = Math.min(discount, gross);
    const net = gross - discount;
    const tax = Math.round((net * t.taxRateBp) / 10_000);
    return { ticketId: t.id, ticketName: t.name, quantity: item.quantity, unitPrice: t.price, discount, tax, total: net + tax };
  });
  const sum = (k: 'discount' | 'tax' | 'total') => lines.reduce((a, l) => a + l[k], 0);
  return {
    currency: tickets.get(items[0]!.ticketId)!.currency,
    lines,
    subtotal: lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0),
    discount: sum('discount'),
    tax: sum('tax'),
    total: sum('total'),
    couponCode: coupon?.code ?? null,
  };
}

/** The form for a ticket: one that names it, else the event's default form (no tickets named), else none. */
export function formFor(forms: FormRow[], ticketId: string): FormRow | null {
  return forms.find((f) => f.ticketIds.includes(ticketId)) ?? forms.find((f) => f.ticketIds.length === 0) ?? null;
}

function isShown(field: TFormField, answers: Record<string, unknown>): boolean {
  if (!field.showIf) return true;
  const v = answers[field.showIf.fieldKey];
  const values = Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)];
  return values.some((x) => field.showIf!.equals.includes(x));
}

/**
 * Checks answers against the form: required fields (only when shown by their condition), types, options, lengths.
 * Unknown keys are refused, so a client cannot store data the organiser never asked for.
 */
export function checkAnswers(form: FormRow | null, answers: Record<string, unknown>, prefix: string): TFieldError[] {
  const errs: TFieldError[] = [];
  const fields = (form?.fields ?? []) as TFormField[];
  const known = new Set(fields.map((f) => f.key));
  for (const k of Object.keys(answers)) if (!known.has(k)) errs.push({ field: `${prefix}.${k}`, key: 'unknownField' });
  for (const f of fields) {
    const v = answers[f.key];
    const at = `${prefix}.${f.key}`;
    const shown = isShown(f, answers);
    const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || v === false;
    if (!shown) {
      if (!empty) errs.push({ field: at, key: 'notApplicable' });
      continue;
    }
    if (empty) {
      if (f.required) errs.push({ field: at, key: 'required' });
      continue;
    }
    switch (f.type) {
      case 'checkbox':
        if (typeof v !== 'boolean') errs.push({ field: at, key: 'invalidType' });
        break;
      case 'multiselect':
        if (!Array.isArray(v)) errs.push({ field: at, key: 'invalidType' });
        else if (v.some((x) => !f.options.includes(String(x)))) errs.push({ field: at, key: 'invalidOption' });
        break;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) errs.push({ field: at, key: 'invalidType' });
        break;
      default: {
        if (typeof v !== 'string') {
          errs.push({ field: at, key: 'invalidType' });
          break;
        }
        if (v.length > f.maxLength) errs.push({ field: at, key: 'too_big' });
        else if ((f.type === 'select' || f.type === 'radio') && !f.options.includes(v)) errs.push({ field: at, key: 'invalidOption' });
        else if (f.type === 'email' && !isValidEmail(v)) errs.push({ field: at, key: 'inVaildEmail' });
        else if (f.type === 'date' && (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)))) errs.push({ field: at, key: 'invalidDate' });
        else if (f.type === 'country' && !findCountry(v)) errs.push({ field: at, key: 'invalidCountry' });
        else if (f.type === 'phone') {
          // "CC:number" (country-aware, international-reg) or a plain number of 6 to 15 digits.
          const m = /^([A-Z]{2}):(.+)$/.exec(v);
          const key = m ? isValidPhoneForCountry(m[1]!, m[2]!) : /^\+?[\d\s().-]{6,20}$/.test(v) ? null : 'pattern';
          if (key) errs.push({ field: at, key });
        }
      }
    }
  }
  return errs;
}
