import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, signupOrganiser, type TestApp } from '../test/test-app.ts';
import { CHAT_SOCKET_PATH, HOSPITALITY_SOCKET_PATH, createRealtime } from './realtime.ts';
import http from 'node:http';
import pino from 'pino';

// The machine's Redis (CI sets REDIS_URL; a developer machine of this kind runs one on the default port).
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
// One deployment's prefix for this file's instances (createTestApp gives every app its own otherwise).
const deployment = `realtime-test-${process.pid}-${Date.now().toString(36)}`;
const apps: TestApp[] = [];
const sockets: Socket[] = [];

async function start(env: Record<string, string> = {}): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: deployment, ...env });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

function open(url: string, path: string, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path, auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', (err) => reject(err));
  });
}

let first: { t: TestApp; url: string };

beforeAll(async () => {
  first = await start();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const t of apps) await t.close();
});

describe('realtime sockets (SPEC §7 paths)', () => {
  it('refuses a socket without a valid access token', async () => {
    await expect(open(first.url, CHAT_SOCKET_PATH)).rejects.toThrow('UNAUTHORISED');
    await expect(open(first.url, HOSPITALITY_SOCKET_PATH, 'not-a-token')).rejects.toThrow('UNAUTHORISED');
  });

  it('delivers to a user on /chatservices and keeps /hospitalityservices separate', async () => {
    const host = await signupOrganiser(first.t.app);
    const chat = await open(first.url, CHAT_SOCKET_PATH, host.accessToken);
    const hosp = await open(first.url, HOSPITALITY_SOCKET_PATH, host.accessToken);
    const got = new Promise((resolve) => chat.on('announcement', resolve));
    let hospGot = false;
    hosp.on('announcement', () => (hospGot = true));
    first.t.ctx.realtime.emitToUser(host.userData.id, 'announcement', { text: 'Doors open' });
    await expect(got).resolves.toEqual({ text: 'Doors open' });
    expect(hospGot).toBe(false);
  });

  it('carries a broadcast between two instances through the Redis adapter', async () => {
    const second = await start();
    const host = await signupOrganiser(first.t.app);
    // The second instance has its own database; the shared JWT secret lets the token verify on both.
    const s = await open(second.url, CHAT_SOCKET_PATH, host.accessToken);
    const got = new Promise((resolve) => s.on('refreshMe', resolve));
    await new Promise((r) => setTimeout(r, 200));
    first.t.ctx.realtime.emitToUser(host.userData.id, 'refreshMe', { from: 'instance-1' });
    await expect(got).resolves.toEqual({ from: 'instance-1' });
  });

  it('keeps two deployments that share one Redis apart by their REDIS_PREFIX', async () => {
    const sameDeployment = await start();
    const otherDeployment = await start({ REDIS_PREFIX: 'other-deployment' });
    const host = await signupOrganiser(first.t.app);
    const ours = await open(sameDeployment.url, CHAT_SOCKET_PATH, host.accessToken);
    const theirs = await open(otherDeployment.url, CHAT_SOCKET_PATH, host.accessToken);
    const heardByOthers: unknown[] = [];
    theirs.on('refreshMe', (p: unknown) => heardByOthers.push(p));
    const got = new Promise((resolve) => ours.on('refreshMe', resolve));
    await new Promise((r) => setTimeout(r, 200));
    first.t.ctx.realtime.emitToUser(host.userData.id, 'refreshMe', { from: 'deployment-1' });
    // The same deployment's other instance hears it (so it went through Redis); by then the other deployment has not.
    await expect(got).resolves.toEqual({ from: 'deployment-1' });
    await new Promise((r) => setTimeout(r, 300));
    expect(heardByOthers).toEqual([]);
  });

  it('ends only its own sockets when one instance stops, not those of the other instances', async () => {
    const stopping = await start();
    const staying = await start();
    const host = await signupOrganiser(staying.t.app);
    const s = await open(staying.url, CHAT_SOCKET_PATH, host.accessToken);
    let reason = '';
    s.on('disconnect', (r) => (reason = r));
    await stopping.t.ctx.realtime.close();
    await new Promise((r) => setTimeout(r, 500));
    expect(reason).toBe('');
    expect(s.connected).toBe(true);
  });

  it('refuses device and footfall sockets until a module authorises them, then lets the authorised ones in', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const rt = await createRealtime({ server, tokens: first.t.ctx.tokens, logger: pino({ level: 'silent' }) });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const device = (deviceToken: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = connect(url, { path: HOSPITALITY_SOCKET_PATH, auth: { deviceToken }, transports: ['websocket'], reconnection: false });
        sockets.push(s);
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
    try {
      await expect(device('pvd_door')).rejects.toThrow('UNAUTHORISED');
      rt.authorise({ authenticateDevice: async (token) => (token === 'pvd_door' ? { deviceId: 'd1', eventId: 'e1' } : null) });
      const s = await device('pvd_door');
      const got = new Promise((resolve) => s.on('sync', resolve));
      rt.hospitality.to('device:d1').emit('sync', { now: true });
      await expect(got).resolves.toEqual({ now: true });
      await expect(device('pvd_other')).rejects.toThrow('UNAUTHORISED');
    } finally {
      await rt.close();
      server.close();
    }
  });
});
