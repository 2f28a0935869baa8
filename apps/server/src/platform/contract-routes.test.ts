import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@pavilion/domain/api-routes';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Route contracts (issue 13): what Fastify serves under /api is what packages/domain declares, with the same auth
 * and access code, and the OpenAPI document lists every contract that is not hidden.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const contracts = Object.entries(API_ROUTES).flatMap(([module, routes]) => Object.entries(routes).map(([name, c]) => ({ id: `${module}.${name}`, ...c })));

describe('route contracts', () => {
  it('declares each method and path once', () => {
    const keys = contracts.map((c) => `${c.method} ${c.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serves every contract with its declared auth and access code', () => {
    for (const c of contracts) {
      const served = t.ctx.routes.find((r) => r.method === c.method && r.url === c.path);
      expect(served, `${c.id}: ${c.method} ${c.path} is not served`).toBeDefined();
      expect({ id: c.id, auth: served!.auth, access: served!.access }).toEqual({ id: c.id, auth: c.auth, access: 'access' in c ? c.access : null });
    }
  });

  it('serves nothing under /api that is not declared (the OpenAPI document itself aside)', () => {
    const declared = new Set(contracts.map((c) => `${c.method} ${c.path}`));
    const undeclared = t.ctx.routes.map((r) => `${r.method} ${r.url}`).filter((key) => !declared.has(key) && key !== 'GET /api/openapi.json');
    expect(undeclared).toEqual([]);
  });

  it('lists every visible contract in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const c of contracts) {
      if ('hidden' in c && c.hidden) continue;
      const openApiPath = c.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[c.method.toLowerCase()], `${c.id} in openapi.json`).toBeDefined();
    }
  });
});
