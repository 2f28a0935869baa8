import type { DOMPurify as TDOMPurify } from 'dompurify';
import {
  CACHE_VERSION,
  DANGEROUS_REQUEST_CODE,
  DANGEROUS_REQUEST_MESSAGE,
  USER_ACCESS_TOKEN_HEADER,
  type TErrorEnvelope,
} from '@pavilion/domain';
import type { TApiRoute } from '@pavilion/domain/api-routes';
import { routePath, type TRouteData, type TRouteInput, type TRouteKey } from '@pavilion/domain/common/route-contract';
import { loadingCounter, type TLoadingCounter } from './loading-counter.ts';
import { sessionExpiredState } from './session-expired.ts';
import { sessionStore, type TStoredAuth } from './session-storage.ts';
import { toast } from './toast.ts';
import { createTokenRefresher } from './token-refresh.ts';

export type TApiError = TErrorEnvelope;
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TQuery = Record<string, string | number | boolean | null | undefined>;

export type TRequestOptions = {
  query?: TQuery;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Background calls (page views, pollers) do not move the loading indicator. */
  isSilent?: boolean;
  /** Set false for calls where a 401 means "wrong password", not "expired token". */
  canRetryOn401?: boolean;
};

export type TRawResponse<T> = { data: T; status: number; headers: Headers };

/** Every route contract by its key, `GET /api/…/:eventId` (packages/domain/src/api-routes.ts). */
type TRoutesByKey = { [C in TApiRoute as TRouteKey<C>]: C };
export type TApiRouteKey = keyof TRoutesByKey;
/** The JSON routes: what `api.call` can ask for (files are links: `api.url`). */
type TJsonRouteKey = { [K in TApiRouteKey]: TRoutesByKey[K]['response'] extends { kind: 'file' } ? never : K }[TApiRouteKey];
export type TCallInput<K extends TApiRouteKey> = TRouteInput<TRoutesByKey[K]> & Omit<TRequestOptions, 'query' | 'body'>;
export type TCallData<K extends TApiRouteKey> = TRouteData<TRoutesByKey[K]>;
type TCallArgs<K extends TApiRouteKey> = object extends TRouteInput<TRoutesByKey[K]> ? [input?: TCallInput<K>] : [input: TCallInput<K>];

function splitKey(key: string): [THttpMethod, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as THttpMethod, key.slice(space + 1)];
}

export type TApiClientDeps = {
  fetch: typeof fetch;
  session: { getAuth(): TStoredAuth | null; getEventData(): { accessCodeToken?: string } | null };
  notifyError: (message: string) => void;
  log: (...args: unknown[]) => void;
  loading?: TLoadingCounter;
  /** Renews the access token after a 401; resolves null when it could not. */
  refreshAccessToken?: () => Promise<string | null>;
  baseUrl?: string;
};

/** Keys whose values are patterns, not text: sanitising would corrupt them (SPEC §5). */
const UNSANITISED_KEYS = new Set(['regex', 'expression']);

/**
 * DOMPurify (~12 KB gzipped) loads with the first response that contains markup, not with the app shell: most
 * responses have none, and public pages have a JavaScript budget (scripts/check-bundle-budget.ts).
 */
let purifier: TDOMPurify | null = null;
let purifierLoading: Promise<TDOMPurify> | null = null;

export function loadSanitiser(): Promise<TDOMPurify> {
  purifierLoading ??= import('dompurify').then((m) => (purifier = m.default));
  return purifierLoading;
}

/**
 * The SPEC §5 scan of outgoing bodies (its decoders and patterns, ~1 KB gzipped) loads with the first request that has
 * a body: a public page's first download carries none of it, and the body waits for it only once.
 */
let dangerScan: Promise<(value: unknown) => boolean> | null = null;
function loadDangerScan(): Promise<(value: unknown) => boolean> {
  dangerScan ??= import('@pavilion/domain/validation/dangerous-content').then((m) => m.containsDangerousContent);
  return dangerScan;
}

export function isSanitiserLoaded(): boolean {
  return purifier !== null;
}

/** Whether any string the sanitiser would look at contains '<' (the only way markup can start). */
export function hasMarkup(value: unknown, key?: string, depth = 0): boolean {
  if (key !== undefined && UNSANITISED_KEYS.has(key)) return false;
  if (depth > 64) return false;
  if (typeof value === 'string') return value.includes('<');
  if (Array.isArray(value)) return value.some((v) => hasMarkup(v, undefined, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value as Record<string, unknown>).some(([k, v]) => hasMarkup(v, k, depth + 1));
  return false;
}

function sanitiseString(value: string): string {
  // Markup needs '<'; everything else is left byte-for-byte (DOMPurify would entity-encode '&' in "R&D").
  if (!value.includes('<')) return value;
  // Fail closed if called before loadSanitiser() resolved: no markup gets through unescaped.
  if (!purifier) return value.replace(/</g, '&lt;');
  if (!purifier.isSupported) return value;
  const clean = purifier.sanitize(value);
  // Keep harmless text such as "a < b" or "<b>bold</b>" untouched; replace only when something was removed.
  return purifier.removed.length > 0 ? clean : value;
}

/** SPEC §5: incoming responses are sanitised, except for keys named regex or expression (call loadSanitiser() first when hasMarkup()). */
export function sanitiseResponse(value: unknown, key?: string, depth = 0): unknown {
  if (key !== undefined && UNSANITISED_KEYS.has(key)) return value;
  if (depth > 64) return value;
  if (typeof value === 'string') return sanitiseString(value);
  if (Array.isArray(value)) return value.map((v) => sanitiseResponse(v, undefined, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = sanitiseResponse(v, k, depth + 1);
    return out;
  }
  return value;
}

export function isApiError(value: unknown): value is TApiError {
  const v = value as Partial<TApiError> | null;
  return !!v && typeof v === 'object' && v.status === 'ERROR' && 'code' in v && typeof v.message === 'string';
}

const HTTP_STATUS = new WeakMap<object, number>();
/** The HTTP status a rejected envelope came with (undefined for synthetic and network errors). */
export function httpStatusOf(error: unknown): number | undefined {
  return error && typeof error === 'object' ? HTTP_STATUS.get(error) : undefined;
}

function envelopeFrom(body: unknown, res: Response): TApiError {
  if (isApiError(body)) return body;
  return { status: 'ERROR', code: res.status, message: res.statusText || `Request failed with status ${res.status}` };
}

function buildUrl(base: string, path: string, query: TQuery | undefined, isGet: boolean): string {
  const clean = path.startsWith('/api/') ? path : `${base}/${path.replace(/^\/+/, '')}`;
  const [pathname, existing] = clean.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(existing);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  // SPEC §7: every GET carries the cache version.
  if (isGet) params.set('v', CACHE_VERSION);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204) return null;
  const text = await res.text();
  if (text === '') return null;
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * SPEC §7 client: v=0.3 on GETs, bearer access token (refresh token as fallback), the user-access token header,
 * the 1001 block on dangerous outgoing bodies, sanitised responses, and HTTP failures logged and passed on as
 * the server's error envelope.
 */
export function createApiClient(deps: TApiClientDeps) {
  const base = deps.baseUrl ?? '/api';

  function authHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    const auth = deps.session.getAuth();
    const bearer = auth?.accessToken || auth?.refreshToken;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const userAccess = deps.session.getEventData()?.accessCodeToken;
    if (userAccess) headers[USER_ACCESS_TOKEN_HEADER] = userAccess;
    return headers;
  }

  async function send<T>(method: THttpMethod, path: string, options: TRequestOptions, isRetry: boolean): Promise<TRawResponse<T>> {
    const hasBody = options.body !== undefined;
    if (hasBody && (await loadDangerScan())(options.body)) {
      deps.notifyError(DANGEROUS_REQUEST_MESSAGE);
      const synthetic: TApiError = { status: 'ERROR', code: DANGEROUS_REQUEST_CODE, message: DANGEROUS_REQUEST_MESSAGE };
      throw synthetic;
    }
    const url = buildUrl(base, path, options.query, method === 'GET');
    const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(), ...options.headers };
    if (hasBody) headers['Content-Type'] = 'application/json';

    let res: Response;
    try {
      res = await deps.fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      if ((err as { name?: string } | null)?.name === 'AbortError') throw err;
      deps.log(`[api] ${method} ${url} failed`, err);
      const offline: TApiError = { status: 'ERROR', code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' };
      throw offline;
    }

    const raw = await readBody(res);
    if (hasMarkup(raw)) await loadSanitiser();
    const body = sanitiseResponse(raw);
    const isEnvelopeError = isApiError(body);
    if (!res.ok || isEnvelopeError) {
      if (res.status === 401 && !isRetry && options.canRetryOn401 !== false && deps.refreshAccessToken && deps.session.getAuth()?.refreshToken) {
        const renewed = await deps.refreshAccessToken();
        if (renewed) return send<T>(method, path, options, true);
      }
      const envelope = envelopeFrom(body, res);
      HTTP_STATUS.set(envelope, res.status);
      deps.log(`[api] ${method} ${url} -> ${res.status}`, envelope);
      throw envelope;
    }
    const data = (body && typeof body === 'object' && 'status' in body && 'data' in body ? (body as { data: unknown }).data : body) as T;
    return { data, status: res.status, headers: res.headers };
  }

  async function request<T>(method: THttpMethod, path: string, options: TRequestOptions = {}): Promise<TRawResponse<T>> {
    const loading = options.isSilent ? undefined : deps.loading;
    loading?.show();
    try {
      return await send<T>(method, path, options, false);
    } finally {
      loading?.hide();
    }
  }

  /**
   * Calls a route by its contract key; params fill the path, and the answer's type is the contract's response, so
   * a changed contract fails the type check here as it does on the server.
   */
  async function call<K extends TJsonRouteKey>(key: K, ...[input]: TCallArgs<K>): Promise<TCallData<K>> {
    const [method, path] = splitKey(key);
    const { params, query, body, ...options } = (input ?? {}) as { params?: Record<string, unknown>; query?: TQuery; body?: unknown } & TRequestOptions;
    return (await request<TCallData<K>>(method, routePath(path, params), { ...options, query, body })).data;
  }

  /** A route's URL for a link or a download (a file route: PDF, PNG, CSV), with the cache version on GETs. */
  function url<K extends TApiRouteKey>(key: K, input: Pick<TRouteInput<TRoutesByKey[K]>, 'params' | 'query'>): string {
    const [method, path] = splitKey(key);
    const { params, query } = input as { params?: Record<string, unknown>; query?: TQuery };
    return buildUrl(base, routePath(path, params), query, method === 'GET');
  }

  /**
   * A beacon (a page view's counts, sent as the page is left): one POST by contract key that outlives the page
   * (fetch's keepalive), started in the caller's turn because a page being left runs no later task, with the usual
   * headers. Its answer is not read and a failure is dropped: a lost count is worth less than a message on screen.
   */
  function beacon<K extends TJsonRouteKey>(key: K, input: Pick<TRouteInput<TRoutesByKey[K]>, 'params' | 'body'>): void {
    const [method, path] = splitKey(key);
    const { params, body } = input as { params?: Record<string, unknown>; body?: unknown };
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json', ...authHeaders() };
    deps.fetch(buildUrl(base, routePath(path, params), undefined, false), { method, headers, body: JSON.stringify(body), keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  }

  return {
    request,
    call,
    url,
    beacon,
    // Untyped calls by path (the client's own tests); the app calls routes by their contract key with `call`.
    get: async (path: string, options: Omit<TRequestOptions, 'body'> = {}) => (await request<unknown>('GET', path, options)).data,
    post: async (path: string, body?: unknown, options: TRequestOptions = {}) => (await request<unknown>('POST', path, { ...options, body })).data,
    put: async (path: string, body?: unknown, options: TRequestOptions = {}) => (await request<unknown>('PUT', path, { ...options, body })).data,
    patch: async (path: string, body?: unknown, options: TRequestOptions = {}) => (await request<unknown>('PATCH', path, { ...options, body })).data,
    delete: async (path: string, body?: unknown, options: TRequestOptions = {}) => (await request<unknown>('DELETE', path, { ...options, body })).data,
  };
}

export type TApiClient = ReturnType<typeof createApiClient>;

const boundFetch: typeof fetch = (...args) => globalThis.fetch(...args);

export const tokenRefresher = createTokenRefresher({
  fetch: boundFetch,
  session: sessionStore,
  onRejected: () => sessionExpiredState.markExpired(),
});

export const api = createApiClient({
  fetch: boundFetch,
  session: sessionStore,
  notifyError: (message) => toast(message, 'error'),
  log: (...args) => console.error(...args),
  loading: loadingCounter,
  refreshAccessToken: () => tokenRefresher.refresh(),
});
