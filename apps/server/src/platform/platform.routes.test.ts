import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signupOrganiser(t.app)).accessToken;
});
afterAll(async () => t?.close());

describe('platform', () => {
  it('answers /healthz, /readyz and /metrics', async () => {
    expect((await t.app.inject('/healthz')).json()).toMatchObject({ status: 'OK' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    const metrics = await t.app.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves an OpenAPI 3.1 document generated from the zod schemas, and a docs UI', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/generate/accessToken', '/api/eventservices/events']));
    expect(JSON.stringify(doc.paths['/api/auth/login'].post.requestBody)).toContain('identifier');
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('sets a real content security policy', async () => {
    const res = await t.app.inject('/api/eventservices/public/events/none');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('accepts and ignores v=0.3 on GET', async () => {
    const res = await t.app.inject({ url: '/api/eventservices/events?v=0.3', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('gives 400 MALFORMED_JSON for a broken body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": "a@b.co", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'ERROR', code: 'MALFORMED_JSON', message: expect.any(String) });
  });

  it('gives 400 with field keys for unknown fields, wrong types and missing fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 42, extra: true },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'identifier', key: 'invalid_type' },
        { field: 'password', key: 'required' },
        { field: 'extra', key: 'unknownField' },
      ]),
    );
  });

  it.each([
    ['a script tag', '<script>steal()</script>'],
    ['a javascript: URL', 'javascript:void(0)'],
    ['an inline handler', '<img src=x onerror=go()>'],
    ['a base64 data URI', 'data:text/html;base64,PHNjcmlwdD4='],
    ['an alert call', 'alert(1)'],
    ['an entity-encoded script tag', '&lt;script&gt;x&lt;/script&gt;'],
  ])('refuses a body with %s with 400 and code 1001', async (_label, value) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: value, password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'ERROR', code: 1001, message: 'Request contains potentially dangerous data.' });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'a'.repeat(1024 * 1024 + 10), password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers unknown API paths with a JSON 404 and never leaks internals', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    const sqlish = await t.app.inject({ url: "/api/eventservices/events/'; drop table events;--", headers: bearer(token) });
    expect(sqlish.statusCode).toBe(404);
    expect(sqlish.body).not.toMatch(/stack|select|postgres|at .*\.ts/i);
  });
});
