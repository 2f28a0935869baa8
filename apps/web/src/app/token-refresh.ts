import { OLD_ACCESS_TOKEN_HEADER, ROTATED_REFRESH_TOKEN_HEADER } from '@pavilion/domain';
import type { TStoredAuth } from './session-storage.ts';

export type TTokenRefresherDeps = {
  fetch: typeof fetch;
  session: { getAuth(): TStoredAuth | null; updateTokens(access: string, refresh?: string | null): void };
  /** Called when the server rejects the refresh (4xx): SPEC §7/§8 session-expired dialog. */
  onRejected: () => void;
  log?: (...args: unknown[]) => void;
  baseUrl?: string;
};

/**
 * SPEC §7 POST auth/generate/accessToken?userId={id}: refresh token as bearer, old access token in a header,
 * empty body; answers the new access token, the rotated refresh token arrives in a response header.
 * Only one request is ever in flight: concurrent callers share it, because a rotated refresh token makes a
 * second parallel request fail and would log the user out for nothing.
 */
export function createTokenRefresher(deps: TTokenRefresherDeps) {
  const log = deps.log ?? ((...a: unknown[]) => console.error(...a));
  const base = deps.baseUrl ?? '/api';
  let inFlight: Promise<string | null> | null = null;

  async function run(): Promise<string | null> {
    const auth = deps.session.getAuth();
    if (!auth || !auth.refreshToken) return null;
    const url = `${base}/auth/generate/accessToken?userId=${encodeURIComponent(auth.userData.id)}`;
    let res: Response;
    try {
      res = await deps.fetch(url, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${auth.refreshToken}`,
          [OLD_ACCESS_TOKEN_HEADER]: auth.accessToken,
        },
      });
    } catch (err) {
      // Offline or server down: not a rejection, the next scheduled check tries again.
      log('[session] token refresh failed to reach the server', err);
      return null;
    }
    type TBody = { status?: string; data?: unknown } | null;
    let body: TBody = null;
    try {
      body = (await res.json()) as TBody;
    } catch {
      body = null;
    }
    // The user logged out (or another login happened) while the request was in flight: drop the answer.
    if (deps.session.getAuth()?.refreshToken !== auth.refreshToken) return null;
    if (res.ok && body?.status === 'OK' && typeof body.data === 'string' && body.data !== '') {
      deps.session.updateTokens(body.data, res.headers.get(ROTATED_REFRESH_TOKEN_HEADER));
      return body.data;
    }
    log('[session] token refresh rejected', res.status, body);
    if (res.status >= 400 && res.status < 500) deps.onRejected();
    return null;
  }

  return {
    refresh(): Promise<string | null> {
      if (!inFlight) inFlight = run().finally(() => (inFlight = null));
      return inFlight;
    },
    isRefreshing: (): boolean => inFlight !== null,
  };
}

export type TTokenRefresher = ReturnType<typeof createTokenRefresher>;
