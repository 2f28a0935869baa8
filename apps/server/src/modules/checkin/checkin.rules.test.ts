import { describe, expect, it } from 'vitest';
import { admissionRefusal, attendanceOf, autoExpiry, ruleRefusal, step, type AreaRules } from './checkin.rules.ts';
import { csvLine, normaliseCode } from './checkin.service.ts';

const area = (over: Partial<AreaRules> = {}): AreaRules => ({
  ticketIds: [],
  categoryIds: [],
  timeWindows: [],
  tracksExit: true,
  allowsReentry: true,
  autoCheckoutAt: null,
  autoCheckoutAfterMinutes: null,
  ...over,
});
const T = (min: number) => new Date(Date.UTC(2027, 2, 1, 9, min));
const empty = { inside: false, hasLeft: false, enteredAt: null, leftAt: null, entries: 0 };

describe('rules', () => {
  it('admissionRefusal: approval first, then payment', () => {
    expect(admissionRefusal({ approvalStatus: 'pending', orderStatus: 'pending' })).toBe('not_approved');
    expect(admissionRefusal({ approvalStatus: 'approved', orderStatus: 'pending' })).toBe('not_paid');
    expect(admissionRefusal({ approvalStatus: 'approved', orderStatus: 'paid' })).toBeNull();
  });
  it('ruleRefusal: tickets, categories, windows (entries only), exits when not tracked', () => {
    const reg = { ticketId: 't1', categoryId: null };
    expect(ruleRefusal(area({ ticketIds: ['t2'] }), reg, 'in', T(0))).toBe('wrong_area');
    expect(ruleRefusal(area({ categoryIds: ['c1'] }), reg, 'in', T(0))).toBe('wrong_area');
    const w = area({ timeWindows: [{ start: T(10).toISOString(), end: T(20).toISOString() }] });
    expect(ruleRefusal(w, reg, 'in', T(5))).toBe('outside_window');
    expect(ruleRefusal(w, reg, 'in', T(10))).toBeNull();
    expect(ruleRefusal(w, reg, 'in', T(20))).toBe('outside_window');
    expect(ruleRefusal(w, reg, 'out', T(25))).toBeNull();
    expect(ruleRefusal(area({ tracksExit: false }), reg, 'out', T(0))).toBe('wrong_area');
  });
  it('step: already inside, not inside, no re-entry, automatic check-out before the next scan', () => {
    const a = area({ allowsReentry: false, autoCheckoutAfterMinutes: 30 });
    let r = step(a, empty, 'in', T(0));
    expect(r.result).toBe('admitted');
    expect(step(a, r.state, 'in', T(10)).result).toBe('already_inside');
    r = step(a, r.state, 'in', T(31)); // closed at 30 by the rule, and no re-entry
    expect(r.result).toBe('no_reentry');
    expect(step(area(), empty, 'out', T(0)).result).toBe('not_inside');
    expect(autoExpiry(area({ autoCheckoutAt: T(20), autoCheckoutAfterMinutes: 60 }), T(0))).toEqual(T(20));
  });
  it('attendanceOf: pairs entries and exits, caps open stays at their automatic check-out', () => {
    const ev = [
      { direction: 'in', scannedAt: T(0) },
      { direction: 'out', scannedAt: T(15) },
      { direction: 'in', scannedAt: T(20) },
    ];
    expect(attendanceOf(area(), ev, T(50))).toMatchObject({ entries: 2, exits: 1, minutes: 45, inside: true });
    expect(attendanceOf(area({ autoCheckoutAfterMinutes: 10 }), ev, T(50))).toMatchObject({ minutes: 20, inside: false });
  });
  it('pairing codes are forgiving to type; CSV cells cannot become formulas', () => {
    expect(normaliseCode(' k7qm-4xpd ')).toBe('K7QM4XPD');
    expect(normaliseCode('lo0I')).toBe('1001');
    expect(csvLine(['=HYPERLINK("x")', 'a,b', 3, null])).toBe(`"'=HYPERLINK(""x"")","a,b",3,`);
  });
});
