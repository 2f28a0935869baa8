import type { TPublicTicket } from '@pavilion/domain/registration/registration.schemas';

export type TQuantities = Record<string, number>;
export type TLineItem = { ticketId: string; quantity: number };

/** The most a buyer may take of a ticket in one order: its per-order max, capped by seats left. */
export function maxQuantity(ticket: TPublicTicket): number {
  if (!ticket.isOnSale || ticket.isSoldOut) return 0;
  return ticket.available === null ? ticket.maxPerOrder : Math.min(ticket.maxPerOrder, ticket.available);
}

/**
 * One press of + or −. A ticket with a per-order minimum jumps from 0 straight to the minimum and back, so the
 * buyer never sits on a quantity the server would refuse.
 */
export function stepQuantity(ticket: TPublicTicket, current: number, direction: 1 | -1): number {
  const max = maxQuantity(ticket);
  const min = Math.max(1, ticket.minPerOrder);
  if (direction === 1) {
    if (max < min) return current;
    return current === 0 ? min : Math.min(max, current + 1);
  }
  return current <= min ? 0 : current - 1;
}

export function lineItems(quantities: TQuantities, tickets: readonly TPublicTicket[]): TLineItem[] {
  return tickets.filter((t) => (quantities[t.id] ?? 0) > 0).map((t) => ({ ticketId: t.id, quantity: quantities[t.id]! }));
}

export function seatCount(items: readonly TLineItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/**
 * An estimate shown before the server quote arrives: net + tax per ticket, no coupon. The server's quote (minor
 * units, its own rounding) is what the buyer pays and is always shown once available.
 */
export function estimateTotal(items: readonly TLineItem[], tickets: readonly TPublicTicket[]): number {
  let total = 0;
  for (const i of items) {
    const t = tickets.find((x) => x.id === i.ticketId);
    if (!t) continue;
    const net = t.price * i.quantity;
    total += net + Math.round((net * t.taxRateBp) / 10_000);
  }
  return total;
}

/** One currency per order: the currency of the first chosen ticket (the server refuses a mixed cart). */
export function cartCurrency(items: readonly TLineItem[], tickets: readonly TPublicTicket[]): string | null {
  const first = items[0] && tickets.find((t) => t.id === items[0]!.ticketId);
  return first ? first.currency : null;
}

/** One seat per ticket unit, in the order of the line items: the order's `attendees` follow this list. */
export function seatsOf(items: readonly TLineItem[]): { ticketId: string; index: number }[] {
  const seats: { ticketId: string; index: number }[] = [];
  for (const i of items) for (let n = 0; n < i.quantity; n++) seats.push({ ticketId: i.ticketId, index: seats.length });
  return seats;
}

/** A cart link's preset, clamped to what is on sale now. */
export function quantitiesFromItems(items: readonly TLineItem[], tickets: readonly TPublicTicket[]): TQuantities {
  const out: TQuantities = {};
  for (const i of items) {
    const t = tickets.find((x) => x.id === i.ticketId);
    if (!t) continue;
    const q = Math.min(i.quantity, maxQuantity(t));
    if (q >= Math.max(1, t.minPerOrder)) out[t.id] = q;
  }
  return out;
}
