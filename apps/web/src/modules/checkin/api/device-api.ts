import { CACHE_VERSION } from '@pavilion/domain/constants/session';
import type {
  TDevicePairResponse,
  TDeviceScanRequest,
  TDeviceSelf,
  TDeviceSnapshot,
  TFootfall,
  TOfflineSyncRequest,
  TOfflineSyncResponse,
  TScanResponse,
} from '@pavilion/domain/checkin/checkin.schemas';

/**
 * Calls of the scanner PWA and the footfall screen (API.md "Devices" and "Public footfall"). They do not go through
 * app/api-client.ts: a device authenticates with its own token, never with an organiser's session, and a network
 * failure must reach the scanner as a value it can switch to offline mode on, not as a toast.
 */
const BASE = '/api/hospitalityservices/api';

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

async function call<T>(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; query?: Record<string, string | undefined>; timeoutMs?: number } = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v) params.set(k, v);
  if (method === 'GET') params.set('v', CACHE_VERSION);
  const url = `${BASE}/${path}${params.size ? `?${params.toString()}` : ''}`;
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
  type TBody = { status?: string; data?: T; code?: string | number; message?: string };
  const json = (await res.json().catch(() => null)) as TBody | null;
  if (!res.ok || json?.status !== 'OK') {
    throw new DeviceApiError(String(json?.code ?? res.status), json?.message ?? res.statusText ?? 'Request failed', res.status);
  }
  return json.data as T;
}

export const deviceApi = {
  pair: (code: string) => call<TDevicePairResponse>('POST', 'devices/pair', { body: { code } }),
  me: (token: string) => call<TDeviceSelf>('GET', 'device/me', { token }),
  scan: (token: string, body: TDeviceScanRequest) => call<TScanResponse>('POST', 'device/scans', { token, body, timeoutMs: 5000 }),
  snapshot: (token: string, since?: string) => call<TDeviceSnapshot>('GET', 'device/snapshot', { token, query: { since }, timeoutMs: 30_000 }),
  sync: (token: string, body: TOfflineSyncRequest) => call<TOfflineSyncResponse>('POST', 'device/sync', { token, body, timeoutMs: 60_000 }),
};

export const publicFootfallApi = {
  footfall: (areaId: string, key: string) => call<TFootfall>('GET', `public/footfall/${encodeURIComponent(areaId)}`, { query: { key } }),
};
