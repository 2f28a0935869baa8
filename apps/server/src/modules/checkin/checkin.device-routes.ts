import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEVICE_TOKEN_HEADER } from '@pavilion/domain';
import { checkinDeviceRoutes as routes } from '@pavilion/domain/checkin/checkin.routes';
import { route } from '../../platform/contract-routes.ts';
import { checkinErrors } from './checkin.errors.ts';
import type { CheckinService, DeviceSession } from './checkin.service.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceSession | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

function deviceToken(req: FastifyRequest): string | null {
  const h = req.headers[DEVICE_TOKEN_HEADER];
  if (typeof h === 'string' && h) return h;
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1] ?? null;
}
const dev = (req: { device: DeviceSession | null }) => req.device!;

/**
 * Routes a paired device calls with its token (auth kind `device`), and the public pairing and footfall calls: the
 * device contracts of packages/domain/src/checkin/checkin.routes.ts. Register it as a plugin (encapsulated): its
 * onRequest hook authenticates the devices of these routes only.
 */
export const checkinDeviceRoutes: FastifyPluginAsync<{ service: CheckinService }> = async (app, { service: s }) => {
  app.decorateRequest('device', null);
  // Runs before body parsing: an unauthenticated device never gets its (possibly large) body parsed.
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.auth !== 'device') return;
    const token = deviceToken(req);
    if (!token) throw checkinErrors.tokenMissing();
    const device = await s.authenticateDevice(token);
    if (!device) throw checkinErrors.tokenInvalid();
    req.device = device;
  });

  route(app, routes.pairDevice, async (req) => s.pair(req.body.code), { rateLimit: { max: 10, timeWindow: 60_000 } });
  route(app, routes.deviceSelf, async (req) => s.deviceSelf(dev(req)));
  route(app, routes.deviceScan, async (req) => s.deviceScan(dev(req), req.body));
  route(app, routes.deviceSnapshot, async (req) => s.snapshot(dev(req), req.query.since));
  route(app, routes.deviceSync, async (req) => s.syncOffline(dev(req), req.body.scans), { bodyLimit: 8 * 1024 * 1024 });
  route(app, routes.publicFootfall, async (req) => s.publicFootfall(req.params.areaId, req.query.key));
};
