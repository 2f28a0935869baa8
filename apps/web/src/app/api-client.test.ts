// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify needs a spec-conformant HTML parser (happy-dom mangles <p>…<script> trees).
import { describe, expect, it, vi } from 'vitest';
import { CACHE_VERSION, DANGEROUS_REQUEST_MESSAGE, USER_ACCESS_TOKEN_HEADER, type TUserData } from '@pavilion/domain';
import { createApiClient, hasMarkup, httpStatusOf, sanitiseResponse, type TApiClientDeps } from './api-client.ts';
import { createLoadingCounter } from './loading-counter.ts';
import type { TStoredAuth } from './session-storage.ts';

const userData: TUserData = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  contactNo: '',
  logo: '',
  userType: 8,
  isInternational: false,
  role: 'Host',
  whiteLabelType: null,
  sessionUserType: null,
  isRegionTeam: false,
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function setup(opts: { auth?: Partial<TStoredAuth> | null; eventData?: { accessCodeToken?: string } | null; responses?: Response[] } = {}) {
  const responses = [...(opts.responses ?? [])];
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => responses.shift() ?? json({ status: 'OK', data: null }));
  let auth: TStoredAuth | null =
    opts.auth === null ? null : { accessToken: 'access-1', refreshToken: 'refresh-1', isLogin: true, userData, ...opts.auth };
  const deps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    session: { getAuth: () => auth, getEventData: () => opts.eventData ?? null },
    notifyError: vi.fn(),
    log: vi.fn(),
    loading: createLoadingCounter(),
  } satisfies TApiClientDeps;
  const client = createApiClient(deps);
  const call = (i = 0) => {
    const [url, init] = fetch.mock.calls[i]!;
    return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
  };
  return { client, fetch, deps, call, setAuth: (a: TStoredAuth | null) => (auth = a) };
}

describe('createApiClient', () => {
  it('sends a beacon in the caller turn as a keepalive POST with the usual headers, and drops its failure', async () => {
    const { client, fetch, call } = setup({ eventData: { accessCodeToken: 'ev-1' } });
    client.beacon('POST /api/eventservices/public/events/:eventId/sponsors/card-views', { params: { eventId: 'e 1' }, body: { from: 'portal', sponsorIds: ['s1', 's2'] } });
    // Started before any await: a page being left runs no later task.
    expect(fetch).toHaveBeenCalledTimes(1);
    const { url, init, headers } = call();
    expect(url).toBe('/api/eventservices/public/events/e%201/sponsors/card-views');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin', body: JSON.stringify({ from: 'portal', sponsorIds: ['s1', 's2'] }) });
    expect(headers).toMatchObject({ Authorization: 'Bearer access-1', [USER_ACCESS_TOKEN_HEADER]: 'ev-1', 'Content-Type': 'application/json' });
    fetch.mockRejectedValueOnce(new TypeError('offline'));
    expect(() => client.beacon('POST /api/eventservices/public/events/:eventId/sponsors/card-views', { params: { eventId: 'e1' }, body: { from: 'app', sponsorIds: ['s1'] } })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });

  it('adds v=0.3 to every GET, keeping the other query parameters and skipping empty ones', async () => {
    const { client, call } = setup({ responses: [json({ status: 'OK', data: { items: [] } })] });
    const data = await client.get('eventservices/events', { query: { page: 2, search: 'expo', eventMode: undefined, when: '' } });
    expect(data).toEqual({ items: [] });
    const url = new URL(call().url, 'http://x');
    expect(url.pathname).toBe('/api/eventservices/events');
    expect(url.searchParams.get('v')).toBe(CACHE_VERSION);
    expect(url.searchParams.get('v')).toBe('0.3');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('search')).toBe('expo');
    expect(url.searchParams.has('eventMode')).toBe(false);
    expect(url.searchParams.has('when')).toBe(false);
    expect(call().init.method).toBe('GET');
  });

  it('does not add the cache version to non-GET calls', async () => {
    const { client, call } = setup();
    await client.post('auth/login', { identifier: 'a@b.co', password: 'x' });
    expect(call().url).toBe('/api/auth/login');
    expect(call().headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(call().init.body))).toEqual({ identifier: 'a@b.co', password: 'x' });
  });

  it('sends the access token as bearer', async () => {
    const { client, call } = setup();
    await client.get('auth/me');
    expect(call().headers.Authorization).toBe('Bearer access-1');
  });

  it('falls back to the refresh token when there is no access token', async () => {
    const { client, call } = setup({ auth: { accessToken: '' } });
    await client.post('auth/logoutUser');
    expect(call().headers.Authorization).toBe('Bearer refresh-1');
    expect(call().init.body).toBeUndefined();
  });

  it('sends no Authorization header without a session', async () => {
    const { client, call } = setup({ auth: null });
    await client.get('eventservices/public/events/e1');
    expect(call().headers.Authorization).toBeUndefined();
  });

  it('sends the user-access token of eventData as its own header, only when present', async () => {
    const withToken = setup({ eventData: { accessCodeToken: 'uat-9' } });
    await withToken.client.get('auth/me');
    expect(withToken.call().headers[USER_ACCESS_TOKEN_HEADER]).toBe('uat-9');

    const without = setup({ eventData: { accessCodeToken: '' } });
    await without.client.get('auth/me');
    expect(without.call().headers[USER_ACCESS_TOKEN_HEADER]).toBeUndefined();
  });

  it('blocks a dangerous body before sending: toast, and a synthetic 1001 error', async () => {
    const { client, fetch, deps } = setup();
    const attempt = client.post('eventservices/events', { name: 'Expo', venue: '<script>alert(1)</script>' });
    await expect(attempt).rejects.toEqual({ status: 'ERROR', code: 1001, message: DANGEROUS_REQUEST_MESSAGE });
    expect(fetch).not.toHaveBeenCalled();
    expect(deps.notifyError).toHaveBeenCalledWith('Request contains potentially dangerous data.');
  });

  it('blocks encoded and nested payloads too (javascript: URL inside an array)', async () => {
    const { client, fetch } = setup();
    await expect(client.patch('eventservices/events/e1', { links: [{ url: 'javascript:alert(1)' }] })).rejects.toMatchObject({ code: 1001 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sanitises string values of the response, except keys named regex or expression', async () => {
    const { client } = setup({
      responses: [
        json({
          status: 'OK',
          data: {
            name: '<img src="x" onerror="alert(1)">Expo',
            about: '<p>Hello<script>alert(1)</script></p>',
            regex: '<script>^a+$</script>',
            rules: [{ expression: '<b onclick="x()">1</b>' }],
            tags: ['<a href="javascript:alert(1)">go</a>'],
            plain: 'R&D < 5 > 3',
            markup: '<b>bold</b>',
            count: 3,
          },
        }),
      ],
    });
    const data = (await client.get('eventservices/events/e1')) as Record<string, unknown>;
    expect(data.name).not.toMatch(/onerror/i);
    expect(data.name).toContain('Expo');
    expect(data.about).toBe('<p>Hello</p>');
    expect(data.regex).toBe('<script>^a+$</script>');
    expect(data.rules).toEqual([{ expression: '<b onclick="x()">1</b>' }]);
    expect((data.tags as string[])[0]).not.toMatch(/javascript:/i);
    expect(data.plain).toBe('R&D < 5 > 3');
    expect(data.markup).toBe('<b>bold</b>');
    expect(data.count).toBe(3);
  });

  it('logs an HTTP failure and rejects with the server error envelope', async () => {
    const envelope = { status: 'ERROR', code: 'INVALID_CREDENTIALS', message: 'Wrong password' };
    const { client, deps } = setup({ responses: [json(envelope, 401)] });
    const failure = client.post('auth/login', { identifier: 'a@b.co', password: 'x' }, { canRetryOn401: false });
    await expect(failure).rejects.toEqual(envelope);
    const error = await failure.catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(401);
    expect(deps.log).toHaveBeenCalled();
  });

  it('passes field errors through untouched', async () => {
    const envelope = { status: 'ERROR', code: 'VALIDATION', message: 'Invalid', errors: [{ field: 'endDate', key: 'notEquivalent' }] };
    const { client } = setup({ responses: [json(envelope, 400)] });
    await expect(client.post('eventservices/events', { name: 'x' })).rejects.toEqual(envelope);
  });

  it('builds an envelope when the failure has no JSON body', async () => {
    const { client } = setup({ responses: [new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })] });
    await expect(client.get('auth/me')).rejects.toMatchObject({ status: 'ERROR', code: 502 });
  });

  it('renews the token once on a 401 and retries with the new one', async () => {
    const s = setup({ responses: [json({ status: 'ERROR', code: 'UNAUTHORIZED', message: 'expired' }, 401), json({ status: 'OK', data: { ok: 1 } })] });
    const client = createApiClient({
      ...s.deps,
      refreshAccessToken: vi.fn(async () => {
        s.setAuth({ accessToken: 'access-2', refreshToken: 'refresh-2', isLogin: true, userData });
        return 'access-2';
      }),
    });
    await expect(client.get('auth/me')).resolves.toEqual({ ok: 1 });
    expect(s.fetch).toHaveBeenCalledTimes(2);
    expect(s.call(1).headers.Authorization).toBe('Bearer access-2');
  });

  it('moves the loading counter for each call and returns it to zero on failure', async () => {
    const s = setup({ responses: [json({ status: 'ERROR', code: 'X', message: 'no' }, 500)] });
    const pending = s.client.get('auth/me');
    expect(s.deps.loading.isVisible()).toBe(true);
    await pending.catch(() => undefined);
    expect(s.deps.loading.isVisible()).toBe(false);
    await s.client.get('auth/me', { isSilent: true });
    expect(s.deps.loading.count).toBe(0);
  });

  it('rejects with a network envelope when the server cannot be reached', async () => {
    const s = setup();
    s.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(s.client.get('auth/me')).rejects.toMatchObject({ status: 'ERROR', code: 'NETWORK_ERROR' });
    expect(s.deps.log).toHaveBeenCalled();
  });
});

describe('hasMarkup (DOMPurify loads only for responses that need it)', () => {
  it('finds a "<" in any string, except under keys named regex or expression', () => {
    expect(hasMarkup({ a: 'plain', b: [1, 'R&D'], c: { d: null } })).toBe(false);
    expect(hasMarkup({ a: [{ b: 'x <img src=x onerror=alert(1)>' }] })).toBe(true);
    expect(hasMarkup({ regex: '<a>', rules: [{ expression: '<b>' }] })).toBe(false);
    expect(hasMarkup('a < b')).toBe(true);
  });
});

describe('sanitiseResponse', () => {
  it('leaves non-string values and text without markup untouched', () => {
    expect(sanitiseResponse({ a: 1, b: null, c: true, d: 'Tom & Jerry' })).toEqual({ a: 1, b: null, c: true, d: 'Tom & Jerry' });
  });
});

describe('api.call and api.url (route contracts)', () => {
  it('calls a route by its contract key: the method and path come from the key, params fill and encode the path', async () => {
    const { client, call } = setup({ responses: [json({ status: 'OK', data: { kpis: [] } })] });
    const data = await client.call('GET /api/analytics/api/events/:eventId/overview', { params: { eventId: 'ev 1/2' }, query: { range: 'all' } });
    expect(data).toEqual({ kpis: [] });
    const url = new URL(call().url, 'http://x');
    expect(call().init.method).toBe('GET');
    expect(url.pathname).toBe('/api/analytics/api/events/ev%201%2F2/overview');
    expect(url.searchParams.get('range')).toBe('all');
    expect(url.searchParams.get('v')).toBe(CACHE_VERSION);
  });

  it('sends the body of a POST route as JSON and no cache version', async () => {
    const { client, call } = setup({ responses: [json({ status: 'OK', data: { recorded: true } }, 202)] });
    const data = await client.call('POST /api/analytics/api/page-views', { body: { url: '/app', title: 'Overview' } as never });
    expect(data).toEqual({ recorded: true });
    expect(call().init.method).toBe('POST');
    expect(new URL(call().url, 'http://x').searchParams.has('v')).toBe(false);
    expect(JSON.parse(String(call().init.body))).toEqual({ url: '/app', title: 'Overview' });
  });

  it('builds a link for a route with its params and query', () => {
    const { client } = setup();
    const link = client.url('GET /api/analytics/api/events/:eventId/overview', { params: { eventId: 'e1' }, query: { range: 'today' } });
    expect(link).toBe(`/api/analytics/api/events/e1/overview?range=today&v=${CACHE_VERSION}`);
  });

  it('is typed from the contract: an unknown key, a missing param and a wrong response field fail the type check', () => {
    const { client } = setup();
    const typed = () => {
      // @ts-expect-error no such route in packages/domain/src/api-routes.ts
      void client.call('GET /api/analytics/api/nowhere');
      // @ts-expect-error the overview route needs its eventId param
      void client.call('GET /api/analytics/api/events/:eventId/overview', {});
      return client.call('GET /api/analytics/api/events/:eventId/overview', { params: { eventId: 'e1' } }).then((overview) => {
        // @ts-expect-error the contract's response has no such field
        return overview.noSuchField;
      });
    };
    expect(typeof typed).toBe('function');
  });
});
