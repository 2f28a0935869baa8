import { describe, it, expect } from 'vitest';
import { CACHE_VERSION, IDLE_CHECK_INTERVAL_MS, IDLE_LOGOUT_MS, TOKEN_REFRESH_CHECK_MS, TOKEN_REFRESH_THRESHOLD_MS } from './session.ts';
import { EDITOR_HEIGHT, EDITOR_MAX_HEIGHT, ONE_MB, TYPING_INDICATOR_OFF_MS, VIDEO_CALL_WAIT_MS, VIDEO_TOKEN_TTL_SECONDS } from './limits.ts';

describe('SPEC §9 constants', () => {
  it('session timers', () => {
    expect(IDLE_LOGOUT_MS).toBe(20 * 60 * 1000);
    expect(IDLE_CHECK_INTERVAL_MS).toBe(10_000);
    expect(TOKEN_REFRESH_CHECK_MS).toBe(50_000);
    expect(TOKEN_REFRESH_THRESHOLD_MS).toBe(120_000);
    expect(CACHE_VERSION).toBe('0.3');
  });
  it('limits', () => {
    expect(VIDEO_CALL_WAIT_MS).toBe(60000);
    expect(VIDEO_TOKEN_TTL_SECONDS).toBe(3600);
    expect(TYPING_INDICATOR_OFF_MS).toBe(1000);
    expect(ONE_MB).toBe(1_048_576);
    expect([EDITOR_HEIGHT, EDITOR_MAX_HEIGHT]).toEqual(['13rem', '15rem']);
  });
});
