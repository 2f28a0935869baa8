import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICE_TOKEN_HEADER,
  ZDevicePairRequest,
  ZDevicePairResponse,
  ZDeviceScanRequest,
  ZDeviceSelf,
  ZDeviceSnapshot,
  ZFootfall,
  ZOfflineSyncRequest,
  ZOfflineSyncResponse,
  ZPublicFootfallParams,
  ZPublicFootfallQuery,
  ZScanResponse,
  ZSnapshotQuery,
  zOk,
} from '@pavilion/domain';
import { checkinErrors } from './checkin.errors.ts';
import type { CheckinService, DeviceSession } from './checkin.service.ts';

const tags = ['checkin-device'];
const ok = <T>(data: T) => ({ status: 'OK' as const, data });

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
const dev = (req: FastifyRequest) => req.device!;

/** Routes a paired device calls with its token (auth kind `device`), and the public pairing and footfall calls. */
export const checkinDeviceRoutes: FastifyPluginAsyncZod<{ service: CheckinService }> = async (app, { service: s }) => {
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

  app.post(
    '/devices/pair',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { tags, body: ZDevicePairRequest, response: { 200: zOk(ZDevicePairResponse) } },
    },
    async (req) => ok(await s.pair(req.body.code)),
  );
  app.get('/device/me', { config: { auth: 'device' }, schema: { tags, response: { 200: zOk(ZDeviceSelf) } } }, async (req) => ok(await s.deviceSelf(dev(req))));
  app.post('/device/scans', { config: { auth: 'device' }, schema: { tags, body: ZDeviceScanRequest, response: { 200: zOk(ZScanResponse) } } }, async (req) =>
    ok(await s.deviceScan(dev(req), req.body)),
  );
  app.get('/device/snapshot', { config: { auth: 'device' }, schema: { tags, querystring: ZSnapshotQuery, response: { 200: zOk(ZDeviceSnapshot) } } }, async (req) =>
    ok(await s.snapshot(dev(req), req.query.since)),
  );
  app.post(
    '/device/sync',
    { config: { auth: 'device' }, bodyLimit: 8 * 1024 * 1024, schema: { tags, body: ZOfflineSyncRequest, response: { 200: zOk(ZOfflineSyncResponse) } } },
    async (req) => ok(await s.syncOffline(dev(req), req.body.scans)),
  );
  app.get('/public/footfall/:areaId', { config: { auth: 'public' }, schema: { tags, params: ZPublicFootfallParams, querystring: ZPublicFootfallQuery, response: { 200: zOk(ZFootfall) } } }, async (req) =>
    ok(await s.publicFootfall(req.params.areaId, req.query.key)),
  );
};
