import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * apps/web/dist, seen from the source (src/platform) or from the bundle `npm start` runs (apps/server/dist).
 * `PAVILION_WEB_DIST` points at another build (a developer's own `vite build --outDir`, so parallel builds and e2e
 * runs do not overwrite each other's files).
 */
export const DEFAULT_WEB_DIST = process.env.PAVILION_WEB_DIST || ([resolve(here, '../../../web/dist'), resolve(here, '../../web/dist')].find((d) => existsSync(join(d, 'index.html'))) ?? resolve(here, '../../../web/dist'));

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built, content-hashed subresources of the SPA (Vite writes them to /assets with a hash in the name): scripts,
 * styles, fonts and images. They are cached for a year and carry no document headers (CSP and the rest only mean
 * something on an HTML document; on each of a page's many chunks they were about 0.6 KB of the transfer).
 */
export function isHashedAsset(url: string): boolean {
  const path = url.split('?')[0]!;
  return path.startsWith('/assets/') && /\.(m?js|css|woff2?|ttf|png|jpe?g|webp|avif|gif|ico|wasm)$/i.test(path);
}

// No cache: Accept-Encoding is the client's to choose, and a Map keyed by it would grow without bound.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

type FirstPaintPage = { path: string; modules: string[]; styles: string[] };
type IndexSource = { html: string; pages: FirstPaintPage[] };
type IndexVariant = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `path` matches `pattern` (e.g. /eb/m/:eventUserId), each `:name` standing for one plain URL-safe id. */
export function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return want.length === got.length && want.every((w, i) => (w.startsWith(':') ? SAFE_SEGMENT.test(got[i]!) : w === got[i]));
}

/**
 * index.html for one request path: for the public phone pages the build lists (dist/.vite/first-paint.json, from
 * apps/web/src/app/first-paint.ts) the page's chunks and styles are named in <head>, so the browser fetches them
 * beside the entry script instead of after it has run. Only paths whose variable segments are plain URL-safe ids
 * (SAFE_SEGMENT) match; nothing from the URL is written into the HTML.
 */
export function htmlFor(source: IndexSource, path: string): string {
  for (const page of source.pages) {
    if (!matchesPath(page.path, path)) continue;
    const tags = [
      ...page.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...page.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    return source.html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
  }
  return source.html;
}

function variantOf(html: string, brotliQuality: number): IndexVariant {
  const identity = Buffer.from(html);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } }), gzip: gzipSync(identity) };
}

/**
 * Serves the built SPA. Vite's build writes each text asset beside its brotli and gzip versions
 * (vite-plugin-compression2), which @fastify/static picks by Accept-Encoding (preCompressed), with ETag /
 * Last-Modified and 304s. Hashed assets are cached for a year (immutable); anything else (favicon, the scanner's
 * service worker and manifest, index.html) is revalidated each time (no-cache). Any other GET that is not an API call
 * answers index.html so the client router can show the page (or its own error page). Unknown /api paths answer JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir = DEFAULT_WEB_DIST): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const hasDist = existsSync(indexPath);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` to serve the SPA');
  }

  // index.html is checked per request (a stat; the OS caches it), so a rebuild is served without a restart. The plain
  // page is compressed once per version of the file; a page with preloads (a few KB) per request, at a fast setting.
  let cached: { key: string; source: IndexSource; plain: IndexVariant } | null = null;
  const indexSource = async () => {
    const info = await stat(indexPath).catch(() => null);
    if (!info) return null;
    const key = `${info.mtimeMs}:${info.size}`;
    if (cached?.key !== key) {
      const html = await readFile(indexPath, 'utf8');
      const listed = await readFile(join(distDir, '.vite', 'first-paint.json'), 'utf8').catch(() => null);
      const source: IndexSource = { html, pages: listed ? (JSON.parse(listed) as { pages: FirstPaintPage[] }).pages : [] };
      cached = { key, source, plain: variantOf(html, 11) };
    }
    return cached;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await indexSource();
    if (!loaded) return reply.status(503).type('text/plain').send('Pavilion web app is not built. Run `npm run build`.');
    const html = htmlFor(loaded.source, request.url.split('?')[0] ?? '/');
    const index = html === loaded.source.html ? loaded.plain : variantOf(html, 5);
    reply.header('cache-control', 'no-cache').header('etag', index.etag).header('vary', 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === index.etag)) return reply.status(304).send();
    const encoding = encodings.negotiate(String(request.headers['accept-encoding'] ?? '')) as 'br' | 'gzip' | null;
    reply.status(200).type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? index[encoding] : index.identity);
  };
  // "/" would otherwise reach the static plugin as a directory listing request (403).
  app.get('/', sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: `No API route ${request.method} ${path}` });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Not found' });
  });
}
