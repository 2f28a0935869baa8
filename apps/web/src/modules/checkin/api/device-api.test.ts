import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_VERSION } from '@pavilion/domain/constants/session';
import { DeviceApiError, deviceApi, publicFootfallApi } from './device-api.ts';

type TCall = { url: string; init: RequestInit };

function stubFetch(answer: () => Promise<Response>): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  return calls;
}
const ok = (data: unknown) => async () => new Response(JSON.stringify({ status: 'OK', data }), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deviceApi (device contracts, typed from packages/domain)', () => {
  it('calls a device route with its own token, the body as JSON, and answers the envelope data', async () => {
    const calls = stubFetch(ok({ result: 'admitted' }));
    const data = await deviceApi.scan('pvd_token', { credential: 'qr', areaId: 'a1', direction: 'in' });
    expect(data).toEqual({ result: 'admitted' });
    expect(calls[0]!.url).toBe('/api/hospitalityservices/api/device/scans');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer pvd_token');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ credential: 'qr', areaId: 'a1', direction: 'in' });
  });

  it('puts the cache version and the given query on a GET, and leaves an empty one out', async () => {
    const calls = stubFetch(ok({ full: true }));
    await deviceApi.snapshot('t', 'cursor 1');
    await deviceApi.snapshot('t');
    expect(calls[0]!.url).toBe(`/api/hospitalityservices/api/device/snapshot?since=cursor+1&v=${CACHE_VERSION}`);
    expect(calls[1]!.url).toBe(`/api/hospitalityservices/api/device/snapshot?v=${CACHE_VERSION}`);
  });

  it('fills and encodes the public footfall path', async () => {
    const calls = stubFetch(ok({ inside: 3 }));
    await publicFootfallApi.footfall('area/1', 'display-key');
    expect(calls[0]!.url).toBe(`/api/hospitalityservices/api/public/footfall/area%2F1?key=display-key&v=${CACHE_VERSION}`);
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns an error envelope into a DeviceApiError, and no answer into a network error', async () => {
    stubFetch(async () => new Response(JSON.stringify({ status: 'ERROR', code: 'DEVICE_TOKEN_INVALID', message: 'Pair again' }), { status: 401 }));
    const refused = await deviceApi.me('old').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeviceApiError);
    expect({ code: (refused as DeviceApiError).code, isTokenInvalid: (refused as DeviceApiError).isTokenInvalid }).toEqual({ code: 'DEVICE_TOKEN_INVALID', isTokenInvalid: true });

    stubFetch(async () => Promise.reject(new TypeError('offline')));
    const offline = await deviceApi.pair('ABCD-EFGH').catch((e: unknown) => e);
    expect((offline as DeviceApiError).isNetwork).toBe(true);
  });
});
