import { CACHE_VERSION } from '@pavilion/domain/constants/session';
import type { TDeviceScanRequest, TOfflineSyncRequest } from '@pavilion/domain/checkin/checkin.schemas';
import type { checkinDeviceRoutes } from '@pavilion/domain/checkin/checkin.routes';
import { routePath, type TRouteData, type TRouteInput, type TRouteKey, type TRoutesOf } from '@pavilion/domain/common/route-contract';

/*
 * Calls of the scanner PWA and the footfall screen, by their contracts (checkinDeviceRoutes in
 * packages/domain/src/checkin/checkin.routes.ts, imported as types only: the scanner is a public phone page). They do
 * not go through app/api-client.ts: a device authenticates with its own token, never with an organiser's session, and
 * a network failure must reach the scanner as a value it can switch to offline mode on, not as a toast.
 */
type TDeviceRoute = TRoutesOf<typeof checkinDeviceRoutes>;
type TDeviceRoutesByKey = { [C in TDeviceRoute as TRouteKey<C>]: C };
/** A device contract's key, `POST /api/hospitalityservices/api/device/scans` (the contracts are imported as types only). */
type TDeviceRouteKey = keyof TDeviceRoutesByKey;
type TDeviceCallInput<K extends TDeviceRouteKey> = TRouteInput<TDeviceRoutesByKey[K]> & { token?: string; timeoutMs?: number };

export class DeviceApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
  }
  /** No answer at all (offline, DNS, server down): the scanner decides locally. */
  get isNetwork(): boolean {
    return this.httpStatus === null || this.httpStatus >= 502;
  }
  /** The token is no longer valid: forget it and show the pairing screen. */
  get isTokenInvalid(): boolean {
    return this.httpStatus === 401;
  }
}

async function call<K extends TDeviceRouteKey>(key: K, input: TDeviceCallInput<K>): Promise<TRouteData<TDeviceRoutesByKey[K]>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const options = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; token?: string; timeoutMs?: number };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  if (method === 'GET') params.set('v', CACHE_VERSION);
  const url = `${routePath(key.slice(space + 1), options.params)}${params.size ? `?${params.toString()}` : ''}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 8000);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: controller.signal, cache: 'no-store' });
  } catch {
    throw new DeviceApiError('NETWORK_ERROR', 'The server could not be reached.', null);
  } finally {
    clearTimeout(timer);
  }
  type TBody = { status?: string; data?: TRouteData<TDeviceRoutesByKey[K]>; code?: string | number; message?: string };
  const json = (await res.json().catch(() => null)) as TBody | null;
  if (!res.ok || json?.status !== 'OK') {
    throw new DeviceApiError(String(json?.code ?? res.status), json?.message ?? res.statusText ?? 'Request failed', res.status);
  }
  return json.data as TRouteData<TDeviceRoutesByKey[K]>;
}

export const deviceApi = {
  pair: (code: string) => call('POST /api/hospitalityservices/api/devices/pair', { body: { code } }),
  me: (token: string) => call('GET /api/hospitalityservices/api/device/me', { token }),
  scan: (token: string, body: TDeviceScanRequest) => call('POST /api/hospitalityservices/api/device/scans', { token, body, timeoutMs: 5000 }),
  snapshot: (token: string, since?: string) => call('GET /api/hospitalityservices/api/device/snapshot', { token, query: { since }, timeoutMs: 30_000 }),
  sync: (token: string, body: TOfflineSyncRequest) => call('POST /api/hospitalityservices/api/device/sync', { token, body, timeoutMs: 60_000 }),
};

export const publicFootfallApi = {
  footfall: (areaId: string, key: string) => call('GET /api/hospitalityservices/api/public/footfall/:areaId', { params: { areaId }, query: { key } }),
};
