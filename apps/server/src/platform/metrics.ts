import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics at /metrics (on the root instance): process defaults plus a request-duration histogram, which
 * `measure(surface)` attaches to the product's routes only.
 */
export function registerMetrics(root: FastifyInstance): { registry: Registry; measure(surface: FastifyInstance): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  root.get('/metrics', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return {
    registry,
    measure(surface) {
      surface.addHook('onResponse', (request, reply, done) => {
        duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
        done();
      });
    },
  };
}
