import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db.ts';

/**
 * /healthz: the process is up. /readyz: the database answers. Both outside /api, for orchestrators and load
 * balancers; registered outside the product surface, so none of its per-request hooks run on them.
 */
export function createHealthModule(database: Database) {
  return {
    plugin: async (app: FastifyInstance) => {
      app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'OK', data: { uptime: process.uptime() } }));
      app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
        try {
          await database.ping();
          return { status: 'OK', data: { database: database.kind } };
        } catch {
          return reply.status(503).send({ status: 'ERROR', code: 'NOT_READY', message: 'The database is not reachable' });
        }
      });
    },
  };
}
