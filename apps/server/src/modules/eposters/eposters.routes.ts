import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { epostersRoutes as routes } from '@pavilion/domain/eposters/eposters.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { EposterCaller, EposterFileOut, EpostersService } from './eposters.service.ts';

/** A 10 MB PDF is about 13.4 MB of base64; the JSON around it is small. */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

const caller = (req: Pick<FastifyRequest, 'user' | 'eventAccess'>): EposterCaller => ({ user: req.user, eventAccess: req.eventAccess });

/** `inline; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The file as the browser shows it: its own Content-Type, never sniffed, shown in place. The app's CSP forbids
 * framing (`frame-ancestors 'none'`); a poster's PDF is shown in an <iframe> of the portal's page, so this answer
 * alone may be framed by this origin, and it may load nothing but itself (Chrome's PDF viewer embeds the document).
 */
function sendFile(reply: FastifyReply, file: EposterFileOut, cacheControl: string): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', disposition('inline', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', cacheControl)
    .serializer((p) => p as string)
    .send(file.bytes);
}

/** The e-poster contracts (packages/domain/src/eposters/eposters.routes.ts), served. */
export function registerEpostersRoutes(app: FastifyInstance, service: EpostersService): void {
  route(app, routes.list, async (req) => service.list(...organiser(req), req.params.eventId));
  route(app, routes.sessionOptions, async (req) => service.sessionOptions(...organiser(req), req.params.eventId));
  route(app, routes.create, async (req) => service.create(...organiser(req), req.params.eventId, req.body), { bodyLimit: UPLOAD_BODY_LIMIT });
  route(app, routes.update, async (req) => service.update(...organiser(req), req.params.eventId, req.params.posterId, req.body), { bodyLimit: UPLOAD_BODY_LIMIT });
  route(app, routes.remove, async (req) => service.remove(...organiser(req), req.params.eventId, req.params.posterId));
  route(app, routes.orgFile, async (req, reply) => sendFile(reply, await service.orgFile(...organiser(req), req.params.eventId, req.params.posterId), 'private, no-store'));
  route(app, routes.browse, async (req) => service.browse(caller(req), req.params.eventId, req.query));
  route(app, routes.view, async (req) => service.view(caller(req), req.params.eventId, req.params.posterId));
  // A signed address names one file version: the browser may keep it for a while, never a shared cache.
  route(app, routes.file, async (req, reply) => sendFile(reply, await service.signedFile(req.params.posterId, req.query), 'private, max-age=600'));
}
