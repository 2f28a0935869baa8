import type { TRelayResult } from '@pavilion/domain';

/** Only http(s) relay URLs, without embedded credentials (the domain schema refuses the rest at input too). */
export function isAllowedRelayUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * SPEC §7 "a PUT to a local device's relay toggle": opens a turnstile. A short timeout so a dead relay never holds a
 * scan answer for long; the outcome is returned (and logged by the caller), never thrown.
 */
export async function putRelay(url: string, timeoutMs = 1500): Promise<TRelayResult> {
  const started = performance.now();
  if (!isAllowedRelayUrl(url)) return { ok: false, httpStatus: null, ms: 0, error: 'invalid relay URL' };
  try {
    const res = await fetch(url, { method: 'PUT', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel().catch(() => undefined);
    return { ok: res.ok, httpStatus: res.status, ms: Math.round(performance.now() - started), error: res.ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    const name = (err as Error).name;
    return { ok: false, httpStatus: null, ms: Math.round(performance.now() - started), error: name === 'TimeoutError' ? 'timeout' : (err as Error).message.slice(0, 200) };
  }
}
