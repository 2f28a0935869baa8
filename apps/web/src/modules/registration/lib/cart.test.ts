import { describe, expect, it } from 'vitest';
import type { TPublicTicket } from '@pavilion/domain/registration/registration.schemas';
import { cartCurrency, estimateTotal, lineItems, maxQuantity, quantitiesFromItems, seatsOf, stepQuantity } from './cart.ts';

const ticket = (over: Partial<TPublicTicket> = {}): TPublicTicket => ({
  id: 't1',
  name: 'Standard',
  description: '',
  isFree: false,
  currency: 'EUR',
  price: 1000,
  taxRateBp: 2000,
  minPerOrder: 1,
  maxPerOrder: 5,
  salesStart: null,
  salesEnd: null,
  isOnSale: true,
  isSoldOut: false,
  available: null,
  formId: null,
  ...over,
});

describe('cart', () => {
  it('caps the quantity by per-order max and seats left', () => {
    expect(maxQuantity(ticket())).toBe(5);
    expect(maxQuantity(ticket({ available: 2 }))).toBe(2);
    expect(maxQuantity(ticket({ isSoldOut: true }))).toBe(0);
    expect(maxQuantity(ticket({ isOnSale: false }))).toBe(0);
  });
  it('jumps between 0 and the per-order minimum', () => {
    const t = ticket({ minPerOrder: 3, maxPerOrder: 6 });
    expect(stepQuantity(t, 0, 1)).toBe(3);
    expect(stepQuantity(t, 3, 1)).toBe(4);
    expect(stepQuantity(t, 6, 1)).toBe(6);
    expect(stepQuantity(t, 3, -1)).toBe(0);
    expect(stepQuantity(t, 4, -1)).toBe(3);
  });
  it('does not offer a minimum that the seats left cannot meet', () => {
    expect(stepQuantity(ticket({ minPerOrder: 3, available: 2 }), 0, 1)).toBe(0);
  });
  it('builds line items, seats and an estimate with tax', () => {
    const tickets = [ticket(), ticket({ id: 't2', price: 0, isFree: true, taxRateBp: 0 })];
    const items = lineItems({ t1: 2, t2: 1, t3: 4 }, tickets);
    expect(items).toEqual([
      { ticketId: 't1', quantity: 2 },
      { ticketId: 't2', quantity: 1 },
    ]);
    expect(estimateTotal(items, tickets)).toBe(2400);
    expect(seatsOf(items).map((s) => s.ticketId)).toEqual(['t1', 't1', 't2']);
    expect(cartCurrency(items, tickets)).toBe('EUR');
  });
  it('clamps a cart link preset to what is on sale', () => {
    const tickets = [ticket({ available: 2 }), ticket({ id: 't2', isSoldOut: true })];
    expect(quantitiesFromItems([{ ticketId: 't1', quantity: 4 }, { ticketId: 't2', quantity: 1 }, { ticketId: 'gone', quantity: 1 }], tickets)).toEqual({ t1: 2 });
  });
});
