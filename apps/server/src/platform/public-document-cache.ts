import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A public JSON answer as it goes out: the envelope's text, its ETag, and its compressed forms. */
export type PublicDocument = { body: string; etag: string; gzip: Buffer; br: Buffer };

/** Below this a body goes out as it is (compressing it would save less than it costs). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A micro-cache for public reads that are the same for every anonymous visitor (the agenda of a conference: hundreds
 * of KiB of JSON that a crowd of phones asks for at once). A document is built once per key and `ttlMs`, its envelope
 * serialised and compressed once, and every request in that window gets those bytes: no query, no serialisation, no
 * compression per request. Concurrent misses share one build (single flight); a build that fails is not kept, so an
 * error (401/404 of the tab's rules) is answered fresh each time. What a visitor sees is at most `ttlMs` old, on each
 * server process alike (no invalidation messages needed between processes).
 */
export function createPublicDocumentCache(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { doc: PublicDocument; at: number }>();
  const building = new Map<string, Promise<PublicDocument>>();

  function documentOf(data: unknown): PublicDocument {
    const body = JSON.stringify({ status: 'OK', data });
    const bytes = Buffer.from(body);
    const big = bytes.length >= COMPRESS_FROM_BYTES;
    return {
      body,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      gzip: big ? gzipSync(bytes, { level: 6 }) : Buffer.alloc(0),
      br: big ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) : Buffer.alloc(0),
    };
  }

  return {
    /** The cached document of `key`, or a fresh one from `build` (its data, as the route would answer it). */
    async get(key: string, build: () => Promise<unknown>): Promise<PublicDocument> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < opts.ttlMs) return hit.doc;
      let pending = building.get(key);
      if (!pending) {
        pending = build().then((data) => {
          const doc = documentOf(data);
          if (!entries.has(key) && entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { doc, at: now() });
          return doc;
        });
        building.set(key, pending);
        const done = () => building.delete(key);
        pending.then(done, done);
      }
      return pending;
    },
    /** Drops `key`'s document (a write that must show at once, like a programme publish); the next read builds it. */
    forget(key: string): void {
      entries.delete(key);
    },
  };
}

export type PublicDocumentCache = ReturnType<typeof createPublicDocumentCache>;

/**
 * Sends a cached public document: 304 when the browser already holds it (If-None-Match), else its bytes, brotli or
 * gzip when the browser takes them. It is the anonymous visitor's answer (a signed-in one may differ: the tab's rules),
 * so it stays out of shared caches and browsers revalidate it (a 304 costs one cache lookup here).
 */
export function sendPublicDocument(req: FastifyRequest, reply: FastifyReply, doc: PublicDocument): FastifyReply {
  reply.header('etag', doc.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(req.headers['if-none-match'], doc.etag)) return reply.status(304).send();
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8');
  // Buffers go out as they are; the text is already the serialised envelope.
  if (doc.br.length > 0 && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(doc.br);
  if (doc.gzip.length > 0 && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(doc.gzip);
  return reply.serializer((body) => body as string).send(doc.body);
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
