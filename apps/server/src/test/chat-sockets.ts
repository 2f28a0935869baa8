import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { UserType, type TChatAck } from '@pavilion/domain';
import type { AppContext } from '../app.ts';
import { CHAT_SOCKET_PATH } from '../platform/realtime.ts';
import { bearer, createRestartableApps } from './test-app.ts';

/*
 * The chat socket's tests (chat, live, video, notifications): two app instances on one database joined by the
 * machine's Redis (CI sets REDIS_URL), as two server processes are; participants signed in to an event through its
 * `ei/` login; their sockets on /chatservices; and the small waits those tests share.
 */
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PASSWORD = 'Guest#Secure26';

export type Instance = { app: FastifyInstance; ctx: AppContext; url: string };
export type Participant = { userId: string; email: string; name: string; accessToken: string; accessCodeToken: string; eventUserId: string; eventId: string };
export type SocketCluster = Awaited<ReturnType<typeof startSocketCluster>>;

export async function startSocketCluster(env: Record<string, string> = {}) {
  const apps = await createRestartableApps({ REDIS_URL: redisUrl, ...env });
  const start = async (): Promise<Instance> => {
    const built = await apps.start();
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...built, url: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}` };
  };
  const one = await start();
  const two = await start();
  const sockets: Socket[] = [];
  let n = 0;

  return {
    one,
    two,
    database: apps.database,
    /** A new attendee of the host's event, signed in to it (their access and event access tokens). */
    async participant(hostToken: string, eventId: string, firstName: string, options: { lastName?: string; email?: string } = {}): Promise<Participant> {
      const email = options.email ?? `${firstName.toLowerCase()}-${++n}-${Date.now()}@example.com`;
      const user = await one.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: options.lastName, userType: UserType.Attendee, role: 'Attendee', organisationId: null });
      const organisationId = (await one.ctx.tokens.verifyAccess(hostToken))!.organisationId!;
      await one.ctx.events.addParticipant(organisationId, eventId, user.id, UserType.Attendee);
      const res = await one.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId } });
      expect(res.statusCode).toBe(200);
      const rec = res.json().data;
      const name = options.lastName ? `${firstName} ${options.lastName}` : firstName;
      return { userId: user.id, email, name, accessToken: rec.accessToken, accessCodeToken: rec.eventData.accessCodeToken, eventUserId: rec.eventData.eventUserId, eventId };
    },
    /** A participant's socket on an instance (none: a socket without tokens); extra query fields as given. */
    open(url: string, p: Participant | null, query: Record<string, string> = {}): Promise<Socket> {
      return new Promise((resolve, reject) => {
        const s = connect(url, {
          path: CHAT_SOCKET_PATH,
          auth: p ? { token: p.accessToken, userAccessToken: p.accessCodeToken } : {},
          query: p ? { userId: p.userId, eventId: p.eventId, ...query } : query,
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(s);
        s.on('connect', () => resolve(s));
        s.on('connect_error', (err) => reject(err));
      });
    },
    async close() {
      for (const s of sockets) s.disconnect();
      // The disconnects' handlers (online state, freed seats) cross Redis: let them finish before the instances close.
      await settle(500);
      await one.app.close();
      await two.app.close();
      await apps.close();
    },
  };
}

/** The participant's HTTP headers: the access token and the event access token. */
export const participantHeaders = (p: Participant) => ({ ...bearer(p.accessToken), 'x-user-access-token': p.accessCodeToken });

/** Sends an event and resolves with the server's acknowledgement. */
export const emit = <T>(s: Socket, event: string, payload: unknown) => new Promise<TChatAck<T>>((resolve) => s.emit(event, payload, resolve));

/** An acknowledgement's data; a refusal fails the test with its code. */
export const ackData = <T>(ack: TChatAck<T>): T => {
  if (!ack.ok) throw new Error(`refused: ${ack.code} ${ack.message}`);
  return ack.data;
};

/** The next `event` on `s` that matches (other traffic is skipped); fails after `ms`. */
export const next = <T>(s: Socket, event: string, match: (p: T) => boolean = () => true, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, fn);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const fn = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      s.off(event, fn);
      resolve(p);
    };
    s.on(event, fn);
  });

/** Everything a socket hears of one event from now on. */
export const record = <T>(s: Socket, event: string) => {
  const got: T[] = [];
  s.on(event, (p: T) => got.push(p));
  return got;
};

/** Resolves true if `event` arrives within `ms`, false if not. */
export const arrives = (s: Socket, event: string, ms = 400) =>
  new Promise<boolean>((resolve) => {
    const fn = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      s.off(event, fn);
      resolve(false);
    }, ms);
    s.once(event, fn);
  });

/** A pause for what travels through Redis to arrive (used where a test shows that something did not). */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
