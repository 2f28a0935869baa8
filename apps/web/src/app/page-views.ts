import type { TPageViewRequest } from '@pavilion/domain';

/**
 * Paths that carry secrets (reset codes, auto-login keys, phone numbers) are logged by their shape only:
 * analytics must not become a store of working credentials.
 */
const REDACTIONS: Array<[RegExp, string]> = [
  [/^\/er\/[^/]+/, '/er/:code'],
  [/^\/exe\/lgn\/([^/]+)\/[^/]+$/, '/exe/lgn/$1/:contactNo'],
  [/^\/exe\/lgn\/[^/]+$/, '/exe/lgn/:contactNo'],
  [/^\/adl\/[^/]+\//, '/adl/:autoLoginKey/'],
  [/^\/ebf\/lgn\/[^/]+\//, '/ebf/lgn/:autoLoginKey/'],
];

export function redactPath(pathname: string): string {
  for (const [pattern, replacement] of REDACTIONS) if (pattern.test(pathname)) return pathname.replace(pattern, replacement);
  return pathname;
}

export type TPageViewDeps = { fetch: typeof fetch; url?: string };

/** Fire-and-forget POST of one page view; keepalive lets it finish while the page unloads. Never throws. */
export function sendPageView(view: TPageViewRequest, deps: TPageViewDeps = { fetch: (...a) => globalThis.fetch(...a) }): void {
  const body: TPageViewRequest = {
    path: redactPath(view.path).slice(0, 2048),
    visitorId: view.visitorId,
    ...(view.referrer ? { referrer: view.referrer.slice(0, 2048) } : {}),
    ...(view.eventId ? { eventId: view.eventId.slice(0, 64) } : {}),
  };
  try {
    void deps
      .fetch(deps.url ?? '/api/analytics/api/page-views', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
        credentials: 'same-origin',
      })
      .catch(() => undefined);
  } catch {
    // Analytics must never break navigation.
  }
}
