import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Logger } from 'pino';
import { COUNTS_CHANGED_SOCKET_EVENT, ORGANISER_EVENT_QUERY, type TCountsChangedMessage, type TCountsChangedReason } from '@pavilion/domain';
import type { Tokens } from './tokens.ts';

/** SPEC §7 socket paths: chat (/chatservices) and hospitality devices (/hospitalityservices). */
export const CHAT_SOCKET_PATH = '/chatservices';
export const HOSPITALITY_SOCKET_PATH = '/hospitalityservices';

export type Realtime = {
  chat: Server;
  hospitality: Server;
  emitToUser(userId: string, event: string, payload: unknown): void;
  emitToEvent(eventId: string, event: string, payload: unknown): void;
  /**
   * "countsChanged" to the event's organiser room on /chatservices: at most one a second per event (the first at
   * once, then one trailing message that carries the last reason), so a sales rush costs each dashboard one refetch
   * a second, not one per order.
   */
  emitCountsChanged(eventId: string, reason: TCountsChangedReason): void;
  /**
   * A module says who may join its rooms, as it registers its routes: check-in authenticates devices and footfall
   * displays, the organiser side who may watch an event's counts. Until one is given, such a socket is refused.
   */
  authorise(handlers: HospitalityAuth & OrganiserAuth): void;
  close(): Promise<void>;
};

/** Who a chat socket is: the account, and (with a matching event access token) their participation in one event. */
export type SocketUser = { userId: string; eventId: string | null; eventUserId: string | null; organiserEventId: string | null };

/** The room of one participation's sockets (chat delivery: all tabs and devices of that participant). */
export const eventUserRoom = (eventUserId: string) => `eventUser:${eventUserId}`;
/** The room of an event's organisers (dashboards open on it). */
export const organiserRoom = (eventId: string) => `organiser:event:${eventId}`;
const COUNTS_INTERVAL_MS = 1000;

/** Hospitality sockets that are not users (issue #5): a paired check-in device, or a footfall display. */
export type HospitalityAuth = {
  authenticateDevice?: (deviceToken: string) => Promise<{ deviceId: string; eventId: string } | null>;
  authenticateFootfall?: (areaId: string, displayKey: string) => Promise<boolean>;
};

/** May this user watch the event's counts? (an organiser of its organisation, within their item-level event access) */
export type OrganiserAuth = { authorizeOrganiserEvent?: (userId: string, eventId: string) => Promise<boolean> };

/** Rooms of a device or footfall-display socket on /hospitalityservices, or null when it presents neither. */
async function hospitalityRooms(socket: Socket, deps: HospitalityAuth): Promise<string[] | null | 'refused'> {
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  if (typeof auth.deviceToken === 'string') {
    const d = deps.authenticateDevice ? await deps.authenticateDevice(auth.deviceToken) : null;
    if (!d) return 'refused';
    socket.data.device = d;
    return [`device:${d.deviceId}`, `event:${d.eventId}:devices`];
  }
  if (typeof auth.footfallAreaId === 'string' && typeof auth.footfallKey === 'string') {
    const okKey = deps.authenticateFootfall ? await deps.authenticateFootfall(auth.footfallAreaId, auth.footfallKey) : false;
    return okKey ? [`area:${auth.footfallAreaId}`] : 'refused';
  }
  return null;
}

async function authenticate(socket: Socket, tokens: Tokens, organisers: OrganiserAuth): Promise<SocketUser | null> {
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const token = typeof auth.token === 'string' ? auth.token : null;
  if (!token) return null;
  const claims = await tokens.verifyAccess(token);
  if (!claims) return null;
  const query = socket.handshake.query;
  // SPEC §7 query `userId`: when given it must be the token's own user.
  if (query.userId !== undefined && query.userId !== claims.userId) return null;
  const wantedEvent = typeof query.eventId === 'string' ? query.eventId : null;
  let eventId: string | null = null;
  let eventUserId: string | null = null;
  const accessCodeToken = typeof auth.userAccessToken === 'string' ? auth.userAccessToken : null;
  if (wantedEvent && accessCodeToken) {
    const ev = await tokens.verifyEventAccess(accessCodeToken);
    if (ev && ev.userId === claims.userId && ev.eventId === wantedEvent) {
      eventId = ev.eventId;
      eventUserId = ev.eventUserId;
    }
  }
  // An organiser's dashboard asks for its event's room; a refusal is not an error (the page still works by refetch).
  const wantedOrganiserEvent = query[ORGANISER_EVENT_QUERY];
  let organiserEventId: string | null = null;
  if (typeof wantedOrganiserEvent === 'string' && wantedOrganiserEvent.length <= 64 && organisers.authorizeOrganiserEvent) {
    if (await organisers.authorizeOrganiserEvent(claims.userId, wantedOrganiserEvent)) organiserEventId = wantedOrganiserEvent;
  }
  return { userId: claims.userId, eventId, eventUserId, organiserEventId };
}

/**
 * Both socket servers share the HTTP server. Sockets authenticate with the access token in `auth.token`; they join
 * `user:<id>` and, with a matching event access token, `event:<eventId>`. With REDIS_URL, the Redis adapter carries
 * broadcasts between instances.
 */
export async function createRealtime(deps: {
  server: HttpServer;
  tokens: Tokens;
  logger: Logger;
  redisUrl?: string;
  /** The deployment's channel prefix in Redis (config REDIS_PREFIX). */
  redisPrefix?: string;
} & HospitalityAuth & OrganiserAuth): Promise<Realtime> {
  const authorisers: HospitalityAuth & OrganiserAuth = {
    authenticateDevice: deps.authenticateDevice,
    authenticateFootfall: deps.authenticateFootfall,
    authorizeOrganiserEvent: deps.authorizeOrganiserEvent,
  };
  const options = { destroyUpgrade: false, serveClient: false, cors: { origin: false as const } };
  const chat = new Server(deps.server, { ...options, path: CHAT_SOCKET_PATH });
  const hospitality = new Server(deps.server, { ...options, path: HOSPITALITY_SOCKET_PATH });
  const redisClients: { quit(): Promise<unknown> }[] = [];

  if (deps.redisUrl) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    for (const io of [chat, hospitality]) {
      const pub = createClient({ url: deps.redisUrl });
      const sub = pub.duplicate();
      pub.on('error', (err) => deps.logger.error({ err }, 'redis pub error'));
      sub.on('error', (err) => deps.logger.error({ err }, 'redis sub error'));
      await Promise.all([pub.connect(), sub.connect()]);
      // The adapter publishes without a catch: a broadcast from a handler still running when the client has quit (a
      // socket's disconnect work during shutdown) or while Redis is away would be an unhandled rejection that ends the
      // process. Such a publish is logged and dropped instead.
      const publish = pub.publish.bind(pub);
      (pub as unknown as { publish: (channel: string, message: string | Buffer) => Promise<number> }).publish = (channel, message) =>
        publish(channel, message).catch((err: unknown) => {
          deps.logger.warn({ err, channel }, 'redis publish failed');
          return 0;
        });
      io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix ?? 'pavilion'}${io === chat ? CHAT_SOCKET_PATH : HOSPITALITY_SOCKET_PATH}` }));
      redisClients.push(pub, sub);
    }
  }

  // Devices and footfall displays authenticate with their own secrets, only on /hospitalityservices.
  hospitality.use((socket, next) => {
    hospitalityRooms(socket, authorisers)
      .then((rooms) => {
        if (rooms === 'refused') return next(new Error('UNAUTHORISED'));
        if (rooms) {
          for (const r of rooms) void socket.join(r);
          socket.data.isDevice = true;
        }
        next();
      })
      .catch(next);
  });
  for (const io of [chat, hospitality]) {
    io.use((socket, next) => {
      if (socket.data.isDevice) return next();
      authenticate(socket, deps.tokens, io === chat ? authorisers : {})
        .then((user) => {
          if (!user) return next(new Error('UNAUTHORISED'));
          socket.data.user = user;
          void socket.join(`user:${user.userId}`);
          if (user.eventId) void socket.join(`event:${user.eventId}`);
          if (user.eventUserId) void socket.join(eventUserRoom(user.eventUserId));
          if (user.organiserEventId) void socket.join(organiserRoom(user.organiserEventId));
          next();
        })
        .catch(next);
    });
  }

  const countsLast = new Map<string, number>();
  const countsPending = new Map<string, { timer: NodeJS.Timeout; reason: TCountsChangedReason }>();
  function sendCounts(eventId: string, reason: TCountsChangedReason) {
    countsLast.set(eventId, Date.now());
    const msg: TCountsChangedMessage = { eventId, reason, at: new Date().toISOString() };
    chat.to(organiserRoom(eventId)).emit(COUNTS_CHANGED_SOCKET_EVENT, msg);
    if (countsLast.size > 10_000) countsLast.clear();
  }

  return {
    chat,
    hospitality,
    authorise(handlers) {
      Object.assign(authorisers, Object.fromEntries(Object.entries(handlers).filter(([, fn]) => fn !== undefined)));
    },
    emitCountsChanged(eventId, reason) {
      const pending = countsPending.get(eventId);
      if (pending) {
        pending.reason = reason;
        return;
      }
      const since = Date.now() - (countsLast.get(eventId) ?? 0);
      if (since >= COUNTS_INTERVAL_MS) return sendCounts(eventId, reason);
      const entry = {
        reason,
        timer: setTimeout(() => {
          countsPending.delete(eventId);
          sendCounts(eventId, entry.reason);
        }, COUNTS_INTERVAL_MS - since),
      };
      entry.timer.unref();
      countsPending.set(eventId, entry);
    },
    emitToUser(userId, event, payload) {
      chat.to(`user:${userId}`).emit(event, payload);
    },
    emitToEvent(eventId, event, payload) {
      chat.to(`event:${eventId}`).emit(event, payload);
    },
    async close() {
      for (const p of countsPending.values()) clearTimeout(p.timer);
      countsPending.clear();
      // io.close() would also close the shared HTTP server, which Fastify owns; end the sockets and engines only.
      // Only this instance's sockets: `io.disconnectSockets` goes through the Redis adapter to every instance, so one
      // process stopping (a rolling deploy, a test run ending) would cut every user of every other instance.
      for (const io of [chat, hospitality]) {
        io.local.disconnectSockets(true);
        io.engine.close();
      }
      if (redisClients.length > 0) {
        // Stop listening to the other instances first: a request of theirs (fetchSockets) answered after the clients
        // quit would publish on a closed client, an unhandled rejection that ends the process while it shuts down.
        for (const io of [chat, hospitality]) void io.of('/').adapter.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
