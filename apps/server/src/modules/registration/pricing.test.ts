import { describe, expect, it } from 'vitest';
import { checkAnswers, checkItems, couponProblem, formFor, isOnSale, mergeItems, priceItems } from './pricing.ts';
import { neutraliseFormula, registrationsCsv } from './registration.export.ts';
import type { CouponRow, FormRow, TicketRow } from './registration.repository.ts';

const now = new Date('2027-01-10T12:00:00Z');
const ticket = (over: Partial<TicketRow> = {}): TicketRow => ({
  id: 't1',
  organisationId: 'o',
  eventId: 'e',
  name: 'Std',
  description: '',
  isFree: false,
  currency: 'EUR',
  price: 1999,
  taxRateBp: 1900,
  salesStart: null,
  salesEnd: null,
  visibility: 'public',
  unlockCode: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  capacity: null,
  sortOrder: 0,
  isDeleted: false,
  createdAt: now,
  updatedAt: now,
  ...over,
});
const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: 'c1',
  organisationId: 'o',
  eventId: 'e',
  code: 'X',
  kind: 'percent',
  value: 10,
  currency: null,
  maxUses: null,
  validFrom: null,
  validTo: null,
  ticketIds: [],
  isActive: true,
  createdAt: now,
  ...over,
});

describe('priceItems', () => {
  it('discounts, then taxes the discounted net, per line, in minor units', () => {
    const tickets = new Map([['t1', ticket()], ['t2', ticket({ id: 't2', price: 500, taxRateBp: 0 })]]);
    const q = priceItems([{ ticketId: 't1', quantity: 3 }, { ticketId: 't2', quantity: 1 }], tickets, coupon({ ticketIds: ['t1'] }));
    // 3 × 19.99 = 59.97; 10 % off = 6.00 (5.997 rounded); net 53.97; 19 % tax = 10.25 (10.2543)
    expect(q.lines[0]).toMatchObject({ discount: 600, tax: 1025, total: 5397 + 1025 });
    expect(q.lines[1]).toMatchObject({ discount: 0, tax: 0, total: 500 });
    expect(q).toMatchObject({ subtotal: 6497, discount: 600, tax: 1025, total: 6922, couponCode: 'X' });
  });
  it('never discounts below zero with a fixed coupon', () => {
    const q = priceItems([{ ticketId: 't1', quantity: 2 }], new Map([['t1', ticket({ price: 300, taxRateBp: 0 })]]), coupon({ kind: 'fixed', value: 1000, currency: 'EUR' }));
    expect(q.total).toBe(0);
  });
});

describe('checkItems and couponProblem', () => {
  it('refuses unknown, hidden, off-sale, min/max and mixed currency', () => {
    const tickets = new Map([
      ['t1', ticket()],
      ['h', ticket({ id: 'h', visibility: 'hidden', unlockCode: 'OPEN' })],
      ['late', ticket({ id: 'late', salesStart: new Date('2027-02-01T00:00:00Z') })],
      ['usd', ticket({ id: 'usd', currency: 'USD' })],
    ]);
    expect(checkItems([{ ticketId: 'zz', quantity: 1 }], tickets, { now })).toEqual([{ field: 'items.0.ticketId', key: 'unknownTicket' }]);
    expect(checkItems([{ ticketId: 'h', quantity: 1 }], tickets, { now })).toEqual([{ field: 'items.0.ticketId', key: 'unknownTicket' }]);
    expect(checkItems([{ ticketId: 'h', quantity: 1 }], tickets, { now, unlockCode: 'OPEN' })).toEqual([]);
    expect(checkItems([{ ticketId: 'late', quantity: 1 }], tickets, { now })).toEqual([{ field: 'items.0.ticketId', key: 'notOnSale' }]);
    expect(checkItems([{ ticketId: 't1', quantity: 11 }], tickets, { now })).toEqual([{ field: 'items.0.quantity', key: 'aboveMaxPerOrder' }]);
    expect(checkItems([{ ticketId: 't1', quantity: 1 }, { ticketId: 'usd', quantity: 1 }], tickets, { now })).toEqual([{ field: 'currency', key: 'currencyMismatch' }]);
    expect(isOnSale(ticket({ salesEnd: now }), now)).toBe(false);
  });
  it('explains why a coupon does not apply', () => {
    const items = [{ ticketId: 't1', quantity: 1 }];
    expect(couponProblem(null, items, now, 'EUR')).toBe('couponInvalid');
    expect(couponProblem(coupon({ isActive: false }), items, now, 'EUR')).toBe('couponInvalid');
    expect(couponProblem(coupon({ validTo: now }), items, now, 'EUR')).toBe('couponExpired');
    expect(couponProblem(coupon({ ticketIds: ['other'] }), items, now, 'EUR')).toBe('couponNotApplicable');
    expect(couponProblem(coupon({ kind: 'fixed', currency: 'USD' }), items, now, 'EUR')).toBe('couponNotApplicable');
    expect(couponProblem(coupon(), items, now, 'EUR')).toBeNull();
  });
  it('merges repeated ticket lines', () => {
    expect(mergeItems([{ ticketId: 'a', quantity: 1 }, { ticketId: 'a', quantity: 2 }])).toEqual([{ ticketId: 'a', quantity: 3 }]);
  });
});

describe('checkAnswers', () => {
  const form = {
    id: 'f',
    ticketIds: [],
    fields: [
      { key: 'agree', label: 'Agree', type: 'checkbox', required: true, page: 1, options: [], maxLength: 500, showIf: null },
      { key: 'topics', label: 'Topics', type: 'multiselect', required: false, page: 1, options: ['a', 'b'], maxLength: 500, showIf: null },
      { key: 'why', label: 'Why b', type: 'textarea', required: true, page: 2, options: [], maxLength: 5, showIf: { fieldKey: 'topics', equals: ['b'] } },
      { key: 'born', label: 'Born', type: 'date', required: false, page: 2, options: [], maxLength: 500, showIf: null },
    ],
  } as unknown as FormRow;
  it('applies required, conditional, option, length and type rules', () => {
    expect(checkAnswers(form, {}, 'a')).toEqual([{ field: 'a.agree', key: 'required' }]);
    expect(checkAnswers(form, { agree: true, topics: ['b'] }, 'a')).toEqual([{ field: 'a.why', key: 'required' }]);
    expect(checkAnswers(form, { agree: true, topics: ['b'], why: 'too long' }, 'a')).toEqual([{ field: 'a.why', key: 'too_big' }]);
    expect(checkAnswers(form, { agree: true, topics: ['c'] }, 'a')).toEqual([{ field: 'a.topics', key: 'invalidOption' }]);
    expect(checkAnswers(form, { agree: 'yes' }, 'a')).toEqual([{ field: 'a.agree', key: 'invalidType' }]);
    expect(checkAnswers(form, { agree: true, born: '31/12/1990' }, 'a')).toEqual([{ field: 'a.born', key: 'invalidDate' }]);
    expect(checkAnswers(form, { agree: true, topics: ['a', 'b'], why: 'fun' }, 'a')).toEqual([]);
    expect(checkAnswers(null, { x: 1 }, 'a')).toEqual([{ field: 'a.x', key: 'unknownField' }]);
  });
  it('picks the ticket form, else the default form', () => {
    const own = { ...form, id: 'own', ticketIds: ['t1'] } as FormRow;
    expect(formFor([form, own], 't1')?.id).toBe('own');
    expect(formFor([form, own], 't2')?.id).toBe('f');
    expect(formFor([own], 't2')).toBeNull();
  });
});

describe('export', () => {
  it('neutralises spreadsheet formulas in CSV cells', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(neutraliseFormula)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", 'plain']);
    const csv = registrationsCsv([]);
    expect(csv.startsWith('\uFEFFRegistration No,')).toBe(true);
  });
});
