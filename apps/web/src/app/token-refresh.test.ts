import { describe, expect, it, vi } from 'vitest';
import { OLD_ACCESS_TOKEN_HEADER, ROTATED_REFRESH_TOKEN_HEADER } from '@pavilion/domain';
import type { TStoredAuth } from './session-storage.ts';
import { createTokenRefresher } from './token-refresh.ts';

function makeSession() {
  let auth: TStoredAuth | null = {
    accessToken: 'old-access',
    refreshToken: 'refresh-1',
    isLogin: true,
    userData: { id: 'user 1' } as TStoredAuth['userData'],
  };
  return {
    getAuth: () => auth,
    updateTokens: vi.fn((access: string, refresh?: string | null) => {
      auth = { ...auth!, accessToken: access, refreshToken: refresh || auth!.refreshToken };
    }),
    clear: () => (auth = null),
  };
}

const ok = (token: string, rotated?: string) =>
  new Response(JSON.stringify({ status: 'OK', data: token }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...(rotated ? { [ROTATED_REFRESH_TOKEN_HEADER]: rotated } : {}) },
  });

describe('createTokenRefresher', () => {
  it('posts to generate/accessToken with the refresh token as bearer and the old access token in a header', async () => {
    const session = makeSession();
    const fetch = vi.fn(async () => ok('new-access', 'refresh-2'));
    const refresher = createTokenRefresher({ fetch, session, onRejected: vi.fn(), log: vi.fn() });
    await expect(refresher.refresh()).resolves.toBe('new-access');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/generate/accessToken?userId=user%201');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer refresh-1');
    expect(headers[OLD_ACCESS_TOKEN_HEADER]).toBe('old-access');
    expect(session.updateTokens).toHaveBeenCalledWith('new-access', 'refresh-2');
    expect(session.getAuth()).toMatchObject({ accessToken: 'new-access', refreshToken: 'refresh-2' });
  });

  it('keeps one request in flight: concurrent callers share it', async () => {
    const session = makeSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = vi.fn(async () => {
      await gate;
      return ok('new-access');
    });
    const refresher = createTokenRefresher({ fetch, session, onRejected: vi.fn(), log: vi.fn() });
    const a = refresher.refresh();
    const b = refresher.refresh();
    const c = refresher.refresh();
    expect(refresher.isRefreshing()).toBe(true);
    release();
    await expect(Promise.all([a, b, c])).resolves.toEqual(['new-access', 'new-access', 'new-access']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(refresher.isRefreshing()).toBe(false);
    await refresher.refresh();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a rejected refresh (401) raises the session-expired signal', async () => {
    const session = makeSession();
    const onRejected = vi.fn();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: 'ERROR', code: 'UNAUTHORIZED', message: 'no' }), { status: 401 }));
    const refresher = createTokenRefresher({ fetch, session, onRejected, log: vi.fn() });
    await expect(refresher.refresh()).resolves.toBeNull();
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(session.updateTokens).not.toHaveBeenCalled();
  });

  it('a network failure is not a rejection: no dialog, the next check retries', async () => {
    const onRejected = vi.fn();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const refresher = createTokenRefresher({ fetch, session: makeSession(), onRejected, log: vi.fn() });
    await expect(refresher.refresh()).resolves.toBeNull();
    expect(onRejected).not.toHaveBeenCalled();
  });

  it('drops the answer when the user logged out while it was in flight', async () => {
    const session = makeSession();
    const fetch = vi.fn(async () => {
      session.clear();
      return ok('new-access');
    });
    const refresher = createTokenRefresher({ fetch, session, onRejected: vi.fn(), log: vi.fn() });
    await expect(refresher.refresh()).resolves.toBeNull();
    expect(session.updateTokens).not.toHaveBeenCalled();
  });
});
