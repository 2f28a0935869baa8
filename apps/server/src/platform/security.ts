import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE, VIDEO_FRAME_ORIGINS, containsDangerousContent } from '@pavilion/domain';
import { AppError } from './errors.ts';
import { FIRST_VIEW_BOOT_HASH } from './first-view.ts';
import { isHashedAsset } from './spa.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Helmet with a CSP that fits the built SPA: scripts only from our origin (and the first view's boot script by hash),
 * Mantine's inline styles allowed.
 * The middleware is built once per app: @fastify/helmet rebuilt it (and re-parsed the CSP) on every request, 2 % of a gate
 * scan's CPU.
 */
const securityHeadersFor = (mediaServers: string[]) => helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The public phone pages' one inline script (platform/first-view.ts), allowed by its hash and nothing else.
      scriptSrc: ["'self'", FIRST_VIEW_BOOT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // The configured media server's HTTP API (JANUS_URL: the table video's browser talks to Janus directly).
      connectSrc: ["'self'", 'ws:', 'wss:', ...mediaServers],
      // Venue pages (issue 14) play an organiser's .mp4 from any https host and embed YouTube and Vimeo players.
      mediaSrc: ["'self'", 'blob:', 'https:'],
      frameSrc: ["'self'", ...VIDEO_FRAME_ORIGINS],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** `mediaServers`: origins the browser may also fetch from (the configured SFU's API, e.g. JANUS_URL's origin). */
export async function registerSecurity(app: FastifyInstance, mediaServers: string[] = []): Promise<void> {
  const securityHeaders = securityHeadersFor(mediaServers);
  app.addHook('onRequest', (request, reply, done) => {
    // The SPA's hashed scripts and styles are not documents: only nosniff applies to them (see spa.ts).
    if (isHashedAsset(request.url)) {
      reply.header('x-content-type-options', 'nosniff');
      return done();
    }
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });

  // SPEC §5/§8: a body with script-like content is refused with code 1001 before validation sees it.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsDangerousContent(request.body)) {
      request.log.warn({ url: request.url }, 'dangerous request body refused');
      throw new AppError(400, DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE);
    }
    // SPEC §7: every GET carries the cache version v=0.3; it is accepted and ignored.
    if (request.method === 'GET' && request.query && typeof request.query === 'object' && 'v' in request.query) {
      delete (request.query as Record<string, unknown>).v;
    }
  });

  // An empty JSON body (SPEC §7's refresh and logout calls send none) parses as "no body".
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(req, text, done);
  });
}
