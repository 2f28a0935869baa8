import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_LOGOUT_MS, TOKEN_REFRESH_CHECK_MS } from '@pavilion/domain';
import { needsRefresh, startIdleWatchdog, startRefreshScheduler } from './session-watchdog.ts';

const MIN = 60_000;

/** An unsigned JWT whose exp is `expMs` (the client never verifies signatures). */
function jwt(expMs: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', exp: Math.floor(expMs / 1000) })}.sig`;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('startIdleWatchdog', () => {
  it('does not log out at 19:59 of inactivity', () => {
    const onIdle = vi.fn();
    const stop = startIdleWatchdog({ target: new EventTarget(), onIdle });
    vi.advanceTimersByTime(19 * MIN + 59_000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it('logs out at the first 10 s check once 20:00 have passed, and only once', () => {
    const onIdle = vi.fn();
    startIdleWatchdog({ target: new EventTarget(), onIdle });
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // 20:00 is also a check tick (120 × 10 s)
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MIN);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('waits for the next check: inactivity reached between ticks is acted on at the tick', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    startIdleWatchdog({ target, onIdle });
    vi.advanceTimersByTime(5_000);
    target.dispatchEvent(new Event('click')); // last activity at 0:05 → idle at 20:05, acted on at the 20:10 check
    vi.advanceTimersByTime(IDLE_LOGOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['click', 'mousemove', 'keydown'])('a %s resets the 20-minute clock', (type) => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    startIdleWatchdog({ target, onIdle });
    vi.advanceTimersByTime(15 * MIN);
    target.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(15 * MIN);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MIN + 10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops listening and checking when stopped', () => {
    const onIdle = vi.fn();
    const stop = startIdleWatchdog({ target: new EventTarget(), onIdle });
    stop();
    vi.advanceTimersByTime(60 * MIN);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('needsRefresh', () => {
  it('is true only when under 2 minutes of life remain', () => {
    const now = Date.now();
    expect(needsRefresh(jwt(now + 2 * MIN + 1000), now)).toBe(false);
    expect(needsRefresh(jwt(now + 2 * MIN), now)).toBe(false);
    expect(needsRefresh(jwt(now + 2 * MIN - 1000), now)).toBe(true);
    expect(needsRefresh(jwt(now - 1000), now)).toBe(true);
    expect(needsRefresh('not-a-jwt', now)).toBe(false);
    expect(needsRefresh(null, now)).toBe(false);
  });
});

describe('startRefreshScheduler', () => {
  it('checks every 50 s and refreshes only once under 2 minutes remain', async () => {
    const token = jwt(Date.now() + 2 * MIN + 40_000); // 2:40 left
    const refresh = vi.fn(async () => 'new');
    startRefreshScheduler({ getAccessToken: () => token, refresh });
    expect(refresh).not.toHaveBeenCalled(); // immediate check: 2:40 left
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_CHECK_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // 50 s: 1:50 left
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never refreshes a token with plenty of life', async () => {
    const refresh = vi.fn(async () => 'new');
    startRefreshScheduler({ getAccessToken: () => jwt(Date.now() + 15 * MIN), refresh });
    await vi.advanceTimersByTimeAsync(5 * TOKEN_REFRESH_CHECK_MS);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('keeps one refresh in flight: a slow refresh is not started again on the next ticks', async () => {
    let resolve!: (v: string) => void;
    const refresh = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const token = jwt(Date.now() + 30_000);
    startRefreshScheduler({ getAccessToken: () => token, refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_CHECK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    resolve('new');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_CHECK_MS);
    expect(refresh).toHaveBeenCalledTimes(2); // the stub still hands out the old token, so the next tick refreshes again
  });

  it('stops checking when stopped', async () => {
    const refresh = vi.fn(async () => 'new');
    const stop = startRefreshScheduler({ getAccessToken: () => jwt(Date.now() + 3 * MIN), refresh });
    stop();
    await vi.advanceTimersByTimeAsync(10 * TOKEN_REFRESH_CHECK_MS);
    expect(refresh).not.toHaveBeenCalled();
  });
});
