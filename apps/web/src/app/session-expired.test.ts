import { describe, expect, it, vi } from 'vitest';
import { sessionExpiredState, shouldShowSessionExpiredDialog } from './session-expired.ts';

describe('shouldShowSessionExpiredDialog', () => {
  it('shows on /list/ pages, with or without event data', () => {
    expect(shouldShowSessionExpiredDialog('/list/events', false)).toBe(true);
    expect(shouldShowSessionExpiredDialog('/list/events', true)).toBe(true);
    expect(shouldShowSessionExpiredDialog('/list', false)).toBe(true);
  });

  it('shows on /app/ pages only when event data exists', () => {
    expect(shouldShowSessionExpiredDialog('/app', true)).toBe(true);
    expect(shouldShowSessionExpiredDialog('/app/settings', true)).toBe(true);
    expect(shouldShowSessionExpiredDialog('/app', false)).toBe(false);
    expect(shouldShowSessionExpiredDialog('/app/settings', false)).toBe(false);
  });

  it('never shows elsewhere', () => {
    for (const path of ['/', '/attendium', '/ei/e1', '/er/abc', '/listing', '/application', '/eb/1', '/domestic-company']) {
      expect(shouldShowSessionExpiredDialog(path, true)).toBe(false);
    }
  });
});

describe('sessionExpiredState', () => {
  it('flags once and resets', () => {
    const listener = vi.fn();
    const off = sessionExpiredState.subscribe(listener);
    sessionExpiredState.markExpired();
    sessionExpiredState.markExpired();
    expect(sessionExpiredState.isExpired()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    sessionExpiredState.reset();
    expect(sessionExpiredState.isExpired()).toBe(false);
    off();
  });
});
