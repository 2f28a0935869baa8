import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurity } from './security.ts';
import { isHashedAsset, registerSpa, servedFiles } from './spa.ts';

/*
 * The production static path on a tiny fake build (what `vite build` writes: index.html, hashed assets under /assets,
 * each beside its .br and .gz forms, and unhashed public files), behind the same security hook as the real surface.
 */
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';

let dist = '';
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pavilion-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'tiny-XyZ789.css'), 'a{color:red}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'first-paint.json'),
    JSON.stringify({
      pages: [
        { path: '/cart-registration/:eventId', modules: ['/assets/cart-page-1.js', '/assets/form-2.js'], styles: ['/assets/form-3.css'] },
        { path: '/scanner', modules: ['/assets/scanner-4.js'], styles: [] },
        { path: '/reg/:eventId', modules: [], styles: [], data: ['GET /api/test/events/:eventId/info'] },
        { path: '/badge/:id', modules: [], styles: [], data: ['GET /api/test/badges/:id'] },
      ],
    }),
  );
  app = Fastify();
  await app.register(async (surface) => {
    await registerSecurity(surface);
    surface.get('/api/ping', async () => ({ status: 'OK' }));
    surface.get<{ Params: { eventId: string } }>('/api/test/events/:eventId/info', async (request, reply) => {
      if (request.params.eventId === 'gone') return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'No such event' });
      reply.header('cache-control', 'public, no-cache');
      return { status: 'OK', data: { eventId: request.params.eventId, name: 'Expo </script><script>alert(1)</script>', from: request.ip } };
    });
    surface.get<{ Params: { id: string } }>('/api/test/badges/:id', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { status: 'OK', data: { id: request.params.id, token: 'credential' } };
    });
    await registerSpa(surface, dist);
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('static serving of the built SPA', () => {
  it('sends a hashed script brotli-compressed when the browser accepts br, gzip when it accepts only gzip, and plain otherwise', async () => {
    const br = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year (immutable), revalidates the rest, and answers 304 to a matching ETag', async () => {
    const js = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers.etag).toBeTruthy();
    const again = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br', 'if-none-match': String(js.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const css = await app.inject('/assets/tiny-XyZ789.css');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toBe('a{color:red}');

    const favicon = await app.inject('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html for app routes with no-cache, compressed, with an ETag that answers 304', async () => {
    const page = await app.inject({ url: '/visitorregistration', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const root = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(root.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(root.rawPayload).toString()).toBe(INDEX);
    expect(root.headers.etag).toBe(etag);

    const revalidated = await app.inject({ url: '/eb/m/xyz', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    const changed = await app.inject({ url: '/eb/m/xyz', headers: { 'if-none-match': '"something-else"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(INDEX);
  });

  it('names the chunks and styles of a first-paint page in its index.html, and nothing from an unsafe URL', async () => {
    const cart = (await app.inject('/cart-registration/Evt_1-a')).body;
    expect(cart).toContain('<link rel="modulepreload" crossorigin href="/assets/cart-page-1.js">');
    expect(cart).toContain('<link rel="modulepreload" crossorigin href="/assets/form-2.js">');
    expect(cart).toContain('<link rel="stylesheet" crossorigin href="/assets/form-3.css">');
    expect(cart.indexOf('modulepreload')).toBeLessThan(cart.indexOf('</head>'));
    const compressed = await app.inject({ url: '/cart-registration/Evt_1-a', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(cart);
    expect((await app.inject({ url: '/cart-registration/Evt_1-a', headers: { 'if-none-match': String(compressed.headers.etag) } })).statusCode).toBe(304);

    expect((await app.inject('/scanner')).body).toContain('href="/assets/scanner-4.js"');
    // Another page, a longer path or a value that is not a plain id: the index as built.
    expect((await app.inject('/eb/m/abc')).body).toBe(INDEX);
    expect((await app.inject('/cart-registration/Evt_1/more')).body).toBe(INDEX);
    expect((await app.inject('/cart-registration/%22%3E%3Cscript%3E')).body).toBe(INDEX);
  });

  it("writes a first-paint page's public reads into its HTML, made per request, escaped, and cached no more than the reads", async () => {
    const page = await app.inject({ url: '/reg/Evt_7', remoteAddress: '203.0.113.9' });
    expect(page.statusCode).toBe(200);
    const element = /<script type="application\/json" id="pavilion-first-data">(.*?)<\/script>/.exec(page.body);
    expect(element).not.toBeNull();
    // No value can end the element: every '<' is escaped, and the data reads back as the API answered it.
    expect(element![1]).not.toContain('<');
    expect(JSON.parse(element![1]!)).toEqual([
      { route: 'GET /api/test/events/:eventId/info', params: { eventId: 'Evt_7' }, data: { eventId: 'Evt_7', name: 'Expo </script><script>alert(1)</script>', from: '203.0.113.9' } },
    ]);
    expect(page.body.indexOf('pavilion-first-data')).toBeLessThan(page.body.indexOf('</head>'));
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/reg/Evt_7', remoteAddress: '203.0.113.9', headers: { 'if-none-match': String(page.headers.etag) } })).statusCode).toBe(304);
    // Another event's page carries that event's read.
    expect((await app.inject('/reg/Evt_8')).body).toContain('"eventId":"Evt_8"');

    // A read that is not a 200 is left to the page; so is a path that is not a plain id.
    const gone = await app.inject('/reg/gone');
    expect(gone.body).toBe(INDEX);
    expect((await app.inject('/reg/%3Cx%3E')).body).toBe(INDEX);

    // A credential (private, no-store) makes the page private, no-store, with no ETag.
    const badge = await app.inject({ url: '/badge/abc', headers: { 'accept-encoding': 'br' } });
    expect(badge.headers['cache-control']).toBe('private, no-store');
    expect(badge.headers.etag).toBeUndefined();
    expect(brotliDecompressSync(badge.rawPayload).toString()).toContain('"token":"credential"');
  });

  it('puts the CSP and the other document headers on the HTML, not on a hashed script or style', async () => {
    const page = await app.inject('/scanner');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeTruthy();

    const js = await app.inject('/assets/index-AbC123.js');
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const css = await app.inject('/assets/tiny-XyZ789.css?x=1');
    expect(css.headers['content-security-policy']).toBeUndefined();

    // API answers and unhashed files keep them.
    expect(String((await app.inject('/api/ping')).headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String((await app.inject('/favicon.svg')).headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('answers a missing asset 404 in the error envelope, and an unknown API path as JSON', async () => {
    const missing = await app.inject('/assets/gone-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    const api = await app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
  });

  it('serves only files of the build spelt exactly as built, finds a rebuilt file without a restart, and never a dot directory', async () => {
    expect((await app.inject('/favicon.svg')).statusCode).toBe(200);
    // Another spelling of a file that exists (case, an encoded or a parent segment) is not that file.
    for (const url of ['/ASSETS/index-AbC123.js', '/assets/INDEX-AbC123.js', '/.vite/first-paint.json']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('hello hello');
      expect(res.body).not.toContain('cart-page-1');
    }
    // A raw request line is not normalised by a URL parser first (inject's is): parent segments, plain or encoded.
    const files = servedFiles(dist);
    expect(await files.match('/assets/index-AbC123.js?v=0.3')).toBe('assets/index-AbC123.js');
    for (const raw of ['/assets/../favicon.svg', '/assets/%2e%2e/favicon.svg', '/assets/..%2Ffavicon.svg', '//favicon.svg', '/./favicon.svg', '/assets/%E0%A4%A.js']) expect(await files.match(raw), raw).toBeNull();
    // A file written after the listing was read (a rebuild) is served once the one-second listing has aged.
    writeFileSync(join(dist, 'assets', 'later-Q1w2e3.js'), 'export const later = 1;\n');
    await new Promise((r) => setTimeout(r, 1100));
    const later = await app.inject('/assets/later-Q1w2e3.js');
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('export const later = 1;\n');
    expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('tells hashed assets from documents and other files', () => {
    expect(isHashedAsset('/assets/index-AbC123.js')).toBe(true);
    expect(isHashedAsset('/assets/index-AbC123.css?v=0.3')).toBe(true);
    expect(isHashedAsset('/favicon.svg')).toBe(false);
    expect(isHashedAsset('/scanner-sw.js')).toBe(false);
    expect(isHashedAsset('/assets/')).toBe(false);
    expect(isHashedAsset('/api/assets/x.js')).toBe(false);
  });
});
