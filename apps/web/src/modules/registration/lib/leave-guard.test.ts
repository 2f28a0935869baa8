import { describe, expect, it } from 'vitest';
import { LEAVE_MESSAGE, shouldBlockLeave } from './leave-guard.ts';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('shouldBlockLeave', () => {
  it('keeps the exact SPEC text', () => {
    expect(LEAVE_MESSAGE).toBe('Your filled data will be removed');
  });
  it('blocks leaving the page with filled data', () => {
    expect(shouldBlockLeave(true, false, at('/cart-registration/e1'), at('/'))).toBe(true);
  });
  it('lets a clean form go, and a released one (checkout hand-off)', () => {
    expect(shouldBlockLeave(false, false, at('/cart-registration/e1'), at('/'))).toBe(false);
    expect(shouldBlockLeave(true, true, at('/cart-registration/e1'), at('/success/e1/o1'))).toBe(false);
  });
  it('does not block a step change inside the page', () => {
    expect(shouldBlockLeave(true, false, at('/cart-registration/e1'), at('/cart-registration/e1', '?step=2'))).toBe(false);
  });
});
