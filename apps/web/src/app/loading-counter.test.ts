import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loading-counter.ts';

describe('createLoadingCounter', () => {
  it('is visible from the first show and hidden only when every show has been matched', () => {
    const c = createLoadingCounter();
    expect(c.isVisible()).toBe(false);
    c.show();
    expect(c.isVisible()).toBe(true);
    c.show();
    c.show();
    c.hide();
    expect(c.isVisible()).toBe(true);
    c.hide();
    expect(c.isVisible()).toBe(true);
    c.hide();
    expect(c.isVisible()).toBe(false);
  });

  it('never goes below zero: an extra hide does not swallow the next show', () => {
    const c = createLoadingCounter();
    c.hide();
    c.hide();
    expect(c.count).toBe(0);
    c.show();
    expect(c.isVisible()).toBe(true);
  });

  it('notifies only on visibility changes (0 → 1 and 1 → 0)', () => {
    const c = createLoadingCounter();
    const listener = vi.fn();
    c.subscribe(listener);
    c.show();
    c.show();
    c.hide();
    expect(listener).toHaveBeenCalledTimes(1);
    c.hide();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('track() hides again when the work fails', async () => {
    const c = createLoadingCounter();
    await expect(c.track(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(c.isVisible()).toBe(false);
    await expect(c.track(async () => 42)).resolves.toBe(42);
    expect(c.count).toBe(0);
  });
});
