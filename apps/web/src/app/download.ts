import { USER_ACCESS_TOKEN_HEADER } from '@pavilion/domain/auth/auth.headers';
import { CACHE_VERSION } from '@pavilion/domain/constants/session';
import { tokenRefresher } from './api-client.ts';
import { sessionStore } from './session-storage.ts';

/** The file name of a Content-Disposition header (RFC 6266 filename* first), else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** A GET with the bearer and the event access token (refreshing the bearer once on a 401): files the JSON client cannot carry. */
export async function fetchWithAuth(url: string, isRetry = false): Promise<Response> {
  const auth = sessionStore.getAuth();
  const headers: Record<string, string> = {};
  const bearer = auth?.accessToken || auth?.refreshToken;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const access = sessionStore.getEventData()?.accessCodeToken;
  if (access) headers[USER_ACCESS_TOKEN_HEADER] = access;
  const res = await fetch(url, { headers, credentials: 'same-origin' });
  if (res.status === 401 && !isRetry && (await tokenRefresher.refresh())) return fetchWithAuth(url, true);
  return res;
}

/**
 * SPEC §7 file downloads: the JSON client cannot carry binary (xlsx, pdf), so this fetches the file with the same
 * bearer and user-access headers, and hands it to the browser as a download.
 */
export async function downloadFile(path: string, query: Record<string, string | number | undefined>, fallbackName: string): Promise<string> {
  // A path may carry its query already (a route's api.url): its parameters stay, the cache version is set once.
  const [pathname, existing] = path.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(existing);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  params.set('v', CACHE_VERSION);
  const res = await fetchWithAuth(`${pathname}?${params.toString()}`, false);
  if (!res.ok) {
    let message = res.statusText || `HTTP ${res.status}`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      /* not JSON */
    }
    throw { status: 'ERROR', code: res.status, message };
  }
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
  return name;
}
