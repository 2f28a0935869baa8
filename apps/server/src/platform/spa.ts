import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * apps/web/dist, seen from the source (src/platform) or from the bundle `npm start` runs (apps/server/dist).
 * `PAVILION_WEB_DIST` points at another build (a developer's own `vite build --outDir`, so parallel builds and e2e
 * runs do not overwrite each other's files).
 */
export const DEFAULT_WEB_DIST = process.env.PAVILION_WEB_DIST || ([resolve(here, '../../../web/dist'), resolve(here, '../../web/dist')].find((d) => existsSync(join(d, 'index.html'))) ?? resolve(here, '../../../web/dist'));

/**
 * Serves the built SPA. Hashed assets are cached for a year; any other GET that is not an API call answers
 * index.html so the client router can show the page (or its own error page). Unknown /api paths answer JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir = DEFAULT_WEB_DIST): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const hasDist = existsSync(indexPath);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` to serve the SPA');
  }
  // index.html is read per request (the OS caches it), so a rebuild is served without a restart.
  const sendIndex = async (reply: FastifyReply) => {
    if (!existsSync(indexPath)) return reply.status(503).type('text/plain').send('Pavilion web app is not built. Run `npm run build`.');
    return reply.status(200).header('cache-control', 'no-cache').type('text/html').send(await readFile(indexPath, 'utf8'));
  };
  // "/" would otherwise reach the static plugin as a directory listing request (403).
  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: `No API route ${request.method} ${path}` });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Not found' });
  });
}
