import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { firstViewFor, withFirstViewStyles, withFetchesAfterFirstPaint, type FirstView } from './first-view.ts';

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

/** A page's first read: its route key, or the key and the params it is made for (web app/first-paint.ts TFirstPaintRead). */
type FirstPaintReadSpec = string | { route: string; when: Record<string, string> };
type FirstPaintPage = { path: string; modules: string[]; styles: string[]; data?: FirstPaintReadSpec[]; view?: FirstView; query?: string[]; signedOutOnly?: boolean };
type IndexSource = { html: string; pages: FirstPaintPage[]; themeCss: string };
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
    if (tags.length === 0) return source.html;
    return source.html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
  }
  return source.html;
}

/** The values of `pattern`'s `:name` segments in `path` (call matchesPath first). */
export function paramsOf(pattern: string, path: string): Record<string, string> {
  const got = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  pattern
    .split('/')
    .filter(Boolean)
    .forEach((w, i) => {
      if (w.startsWith(':')) params[w.slice(1)] = got[i]!;
    });
  return params;
}

/**
 * The params of a first-paint page's reads: its path's `:name`s, and the query parameters it names (`?eventId=`),
 * each only when it is one plain URL-safe id (SAFE_SEGMENT); the path's win.
 */
export function firstPaintParams(page: { path: string; query?: readonly string[] }, path: string, query: URLSearchParams): Record<string, string> {
  const fromQuery: Record<string, string> = {};
  for (const name of page.query ?? []) {
    const value = query.get(name);
    if (value !== null && SAFE_SEGMENT.test(value)) fromQuery[name] = value;
  }
  return { ...fromQuery, ...paramsOf(page.path, path) };
}

/** The cookie the web app keeps while the browser holds a session (apps/web/src/app/first-view-signed-in.ts). */
export const SIGNED_IN_COOKIE = 'pavilion_signed_in';
export const isSignedInBrowser = (cookieHeader: string | undefined) => (cookieHeader ?? '').split(';').some((c) => c.trim() === `${SIGNED_IN_COOKIE}=1`);

/** A read the server made for the page's first paint, as the page's data hook finds it (src/app/first-paint-data.ts). */
export type FirstPaintRead = { route: string; params: Record<string, string>; data: unknown };

/**
 * The element carrying the first-paint reads: JSON in a data block (never run, so the CSP's script-src does not apply),
 * with every `<` written as `\u003c` so no value can close the element or open another.
 */
export function firstDataTag(reads: FirstPaintRead[]): string {
  return `<script type="application/json" id="pavilion-first-data">${JSON.stringify(reads).replace(/</g, '\\u003c')}</script>`;
}

/** The HTML's Cache-Control given its reads' own: a read no cache may keep (a credential) makes the page one too. */
export function documentCacheControl(readCacheControls: string[]): string {
  if (readCacheControls.some((c) => /no-store/i.test(c))) return 'private, no-store';
  if (readCacheControls.some((c) => /private/i.test(c))) return 'private, no-cache';
  return 'no-cache';
}

/** The largest read put in a page's HTML (its JSON, uncompressed). */
export const FIRST_PAINT_READ_MAX_BYTES = 128 * 1024;

/**
 * The public reads a first-paint page lists (`GET /api/...:name`, its params taken from the page path), made through
 * the server's own routes (app.inject: the same validation, rate limit per visitor address and answer as the
 * browser's own call, without credentials). A read with `when` is made only for those params (the Agenda's on its own
 * tab). Only 200 answers up to FIRST_PAINT_READ_MAX_BYTES are kept; anything else is left to the page to fetch.
 */
async function firstPaintReads(app: FastifyInstance, request: FastifyRequest, page: FirstPaintPage, path: string, query: URLSearchParams): Promise<{ reads: FirstPaintRead[]; cacheControls: string[] }> {
  const params = firstPaintParams(page, path, query);
  const reads: FirstPaintRead[] = [];
  const cacheControls: string[] = [];
  for (const spec of page.data ?? []) {
    const { route, when } = typeof spec === 'string' ? { route: spec, when: {} } : spec;
    if (!Object.entries(when).every(([name, value]) => params[name] === value)) continue;
    const [method, pattern] = route.split(' ');
    if (method !== 'GET' || !pattern?.startsWith('/api/')) continue;
    const names = pattern.split('/').filter((w) => w.startsWith(':')).map((w) => w.slice(1));
    if (!names.every((n) => n in params)) continue;
    const url = pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name]!));
    const res = await app.inject({ method: 'GET', url, remoteAddress: request.ip, headers: { accept: 'application/json' } }).catch(() => null);
    if (res?.statusCode !== 200) continue;
    // A large answer (a conference's whole agenda) is left to the page: put in the HTML, it would be compressed anew
    // for every visitor and held back the first paint it is there to speed up.
    if (res.rawPayload.length > FIRST_PAINT_READ_MAX_BYTES) continue;
    const body = res.json<{ status?: string; data?: unknown }>();
    if (body.status !== 'OK') continue;
    reads.push({ route, params: Object.fromEntries(names.map((n) => [n, params[n]!])), data: body.data });
    cacheControls.push(String(res.headers['cache-control'] ?? ''));
  }
  return { reads, cacheControls };
}

/**
 * What a module says about a page before any script runs (issue 14): its title and description, Open Graph and
 * Twitter card metadata (link preview bots read the HTML only), and links such as the event app's manifest. Every
 * value is escaped here, once, so a module hands over plain text.
 */
export type DocumentHead = {
  title?: string;
  description?: string;
  /** `<meta property|name="…" content="…">`: og:* use `property`, everything else `name`. */
  meta?: { key: string; content: string }[];
  links?: { rel: string; href: string }[];
};
/** A module's head for a request path (query included), or null when the path is not its page. */
export type DocumentHeadProvider = (path: string, query: URLSearchParams) => Promise<DocumentHead | null>;

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** index.html with the page's head: its title and description replace the app's, its meta and links are added. */
export function withDocumentHead(html: string, head: DocumentHead): string {
  let out = html;
  if (head.title !== undefined) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description !== undefined) out = out.replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(head.description)}" />`);
  const tags = [
    ...(head.meta ?? []).map((m) => `<meta ${/^og:/.test(m.key) ? 'property' : 'name'}="${escapeHtml(m.key)}" content="${escapeHtml(m.content)}">`),
    ...(head.links ?? []).map((l) => `<link rel="${escapeHtml(l.rel)}" href="${escapeHtml(l.href)}">`),
  ];
  return tags.length ? out.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`) : out;
}

function variantOf(html: string, brotliQuality: number): IndexVariant {
  const identity = Buffer.from(html);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } }), gzip: gzipSync(identity) };
}

function sendVariant(request: FastifyRequest, reply: FastifyReply, index: IndexVariant) {
  const encoding = encodings.negotiate(String(request.headers['accept-encoding'] ?? '')) as 'br' | 'gzip' | null;
  reply.status(200).type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? index[encoding] : index.identity);
}

/**
 * Serves the built SPA. Vite's build writes each text asset beside its brotli and gzip versions
 * (vite-plugin-compression2), which @fastify/static picks by Accept-Encoding (preCompressed), with ETag /
 * Last-Modified and 304s. Hashed assets are cached for a year (immutable); anything else (favicon, the scanner's
 * service worker and manifest, index.html) is revalidated each time (no-cache). Any other GET that is not an API call
 * answers index.html so the client router can show the page (or its own error page). Unknown /api paths answer JSON 404.
 */
/** How long a miss keeps the listing: a rebuild's new files are found within this, without a restart. */
const RELIST_AFTER_MS = 1000;

/**
 * The files the SPA serves: every file of the build, by its exact relative path, except dot directories and files
 * (`.vite/`'s manifests). A request is served only when its decoded path is one of them, spelled exactly so, which is
 * what @fastify/static's per-request spelling check made sure of (no case or Unicode aliases, no `..`). The listing is
 * read once and again after a miss, at most once a second.
 */
export function servedFiles(distDir: string): { match(url: string): Promise<string | null> } {
  let names = new Set<string>();
  let listedAt = -Infinity;
  let listing: Promise<void> | null = null;
  const relist = () =>
    (listing ??= readdir(distDir, { recursive: true, withFileTypes: true })
      .then((entries) => {
        const next = new Set<string>();
        for (const entry of entries) {
          if (!entry.isFile()) continue;
          const rel = relative(distDir, join(entry.parentPath, entry.name)).split(sep).join('/');
          if (!rel.split('/').some((segment) => segment.startsWith('.'))) next.add(rel);
        }
        names = next;
      })
      .catch(() => {
        names = new Set();
      })
      .finally(() => {
        listedAt = Date.now();
        listing = null;
      }));
  return {
    async match(url) {
      let path: string;
      try {
        path = decodeURIComponent(url.split('?')[0]!).slice(1);
      } catch {
        return null;
      }
      if (names.has(path)) return path;
      if (Date.now() - listedAt < RELIST_AFTER_MS) return null;
      await relist();
      return names.has(path) ? path : null;
    },
  };
}

export async function registerSpa(app: FastifyInstance, distDir = DEFAULT_WEB_DIST, heads: readonly DocumentHeadProvider[] = []): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const hasDist = existsSync(indexPath);
  if (hasDist) {
    // The plugin sends the files (ranges, ETags, pre-compressed variants) through reply.sendFile; which paths are
    // files is decided here, from the build's listing (servedFiles). Its own wildcard route read the directory of
    // every requested asset on every request (its path-spelling check: two readdir calls, one of ~2,000 names, for
    // each of a page's ~60 chunks).
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : 'no-cache');
      },
    });
    const files = servedFiles(distDir);
    app.get('/*', async (request, reply) => {
      const name = await files.match(request.url);
      return name ? reply.sendFile(name) : reply.callNotFound();
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
      const manifest = listed ? (JSON.parse(listed) as { pages: FirstPaintPage[]; themeCss?: string }) : null;
      const source: IndexSource = { html, pages: manifest?.pages ?? [], themeCss: manifest?.themeCss ?? '' };
      cached = { key, source, plain: variantOf(html, 11) };
    }
    return cached;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await indexSource();
    if (!loaded) return reply.status(503).type('text/plain').send('Pavilion web app is not built. Run `npm run build`.');
    const path = request.url.split('?')[0] ?? '/';
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    let html = htmlFor(loaded.source, path);
    let cacheControl = 'no-cache';
    const page = loaded.source.pages.find((p) => (p.data?.length || p.view) && matchesPath(p.path, path));
    // A page whose reads answer per caller is drawn by the server for a signed-out browser only (it reads without a token).
    const isSignedIn = isSignedInBrowser(request.headers.cookie);
    if (page?.signedOutOnly) cacheControl = 'private, no-cache';
    if (page && !(page.signedOutOnly && isSignedIn)) {
      // The page's first reads go in the HTML, made for this request (the HTML is never cached without revalidation).
      const { reads, cacheControls } = await firstPaintReads(app, request, page, path, query);
      if (reads.length > 0) html = html.replace('</head>', `  ${firstDataTag(reads)}\n  </head>`);
      cacheControl = page.signedOutOnly ? documentCacheControl([...cacheControls, 'private']) : documentCacheControl(cacheControls);
      // Its first view in #root (first-view.ts), made from those reads; the scanner's depends on a cookie of its own.
      const view = page.view ? await firstViewFor(app, request, page.view, loaded.source.themeCss, reads) : null;
      if (view) html = withFetchesAfterFirstPaint(withFirstViewStyles(html, page.view!)).replace('<div id="root"></div>', `<div id="root">${view}</div>`);
      if (view && page.view?.kind === 'scanner') cacheControl = 'private, no-cache';
    }
    // The modules' heads (share links' previews, the event app's manifest): the first that knows the path answers.
    for (const headFor of heads) {
      const head = await headFor(path, query).catch((err: unknown) => {
        request.log.warn({ err, path }, 'document head failed; serving the plain page');
        return null;
      });
      if (!head) continue;
      html = withDocumentHead(html, head);
      break;
    }
    const index = html === loaded.source.html ? loaded.plain : variantOf(html, 5);
    reply.header('cache-control', cacheControl).header('vary', page?.signedOutOnly ? 'accept-encoding, cookie' : 'accept-encoding');
    if (cacheControl.includes('no-store')) return sendVariant(request, reply, index);
    reply.header('etag', index.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === index.etag)) return reply.status(304).send();
    return sendVariant(request, reply, index);
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
