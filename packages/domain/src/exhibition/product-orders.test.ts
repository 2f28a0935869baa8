import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAFF_QUOTA_BANDS,
  PRODUCT_ORDER_ACTIONS,
  PRODUCT_ORDER_STATUSES,
  ZProductOrderInput,
  ZStaffQuotaRuleInput,
  allowedProductOrderActions,
  nextProductOrderStatus,
  staffForBooth,
  staffQuotaOf,
} from './product-orders.ts';

describe('nextProductOrderStatus', () => {
  it('moves pending to approved or rejected, approved to fulfilled, and nothing else', () => {
    const allowed: string[] = [];
    for (const from of PRODUCT_ORDER_STATUSES) for (const a of PRODUCT_ORDER_ACTIONS) if (nextProductOrderStatus(from, a)) allowed.push(`${from}:${a}→${nextProductOrderStatus(from, a)}`);
    expect(allowed).toEqual(['pending:approve→approved', 'pending:reject→rejected', 'approved:fulfil→fulfilled']);
  });
  it('names the allowed actions of each status', () => {
    expect(allowedProductOrderActions('pending')).toEqual(['approve', 'reject']);
    expect(allowedProductOrderActions('approved')).toEqual(['fulfil']);
    expect(allowedProductOrderActions('rejected')).toEqual([]);
    expect(allowedProductOrderActions('fulfilled')).toEqual([]);
  });
});

describe('ZProductOrderInput', () => {
  it('refuses a quantity below 1, a fraction and a price sent along', () => {
    expect(ZProductOrderInput.safeParse({ productId: 'p', quantity: 0 }).success).toBe(false);
    expect(ZProductOrderInput.safeParse({ productId: 'p', quantity: -1 }).success).toBe(false);
    expect(ZProductOrderInput.safeParse({ productId: 'p', quantity: 1.5 }).success).toBe(false);
    expect(ZProductOrderInput.safeParse({ productId: 'p', quantity: 1, price: 0.01 }).success).toBe(false);
    expect(ZProductOrderInput.parse({ productId: 'p', quantity: 2 })).toEqual({ productId: 'p', quantity: 2, note: '' });
  });
});

describe('staffQuotaOf', () => {
  it('sums the band of each booth; no rule is no limit', () => {
    expect(staffForBooth(9, DEFAULT_STAFF_QUOTA_BANDS)).toBe(2);
    expect(staffForBooth(9.5, DEFAULT_STAFF_QUOTA_BANDS)).toBe(4);
    expect(staffForBooth(18, DEFAULT_STAFF_QUOTA_BANDS)).toBe(4);
    expect(staffForBooth(40, DEFAULT_STAFF_QUOTA_BANDS)).toBe(6);
    expect(staffQuotaOf([9, 18], DEFAULT_STAFF_QUOTA_BANDS)).toBe(6);
    expect(staffQuotaOf([], DEFAULT_STAFF_QUOTA_BANDS)).toBe(0);
    expect(staffQuotaOf([9], [])).toBeNull();
  });
  it('wants bands in order with the last one open-ended', () => {
    expect(ZStaffQuotaRuleInput.safeParse({ bands: DEFAULT_STAFF_QUOTA_BANDS }).success).toBe(true);
    const open = ZStaffQuotaRuleInput.safeParse({ bands: [{ upToSqm: 9, staff: 2 }] });
    expect(open.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['bands.0.upToSqm', 'lastBandOpen']]);
    const order = ZStaffQuotaRuleInput.safeParse({ bands: [{ upToSqm: 18, staff: 2 }, { upToSqm: 9, staff: 4 }, { upToSqm: null, staff: 6 }] });
    expect(order.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['bands.1.upToSqm', 'bandsOutOfOrder']]);
  });
});
