import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { CHAT_INBOUND, CHAT_INBOUND_EVENTS, type TChatAck, type TChatControl, type TChatInboundEvent, type TChatOutbound, type TChatOutboundEvent } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';
import { eventUserRoom, type SocketUser } from '../../platform/realtime.ts';
import type { ChatActor } from './chat.service.ts';

/** Inbound events a socket may send in one window before it is refused with CTL RATE_LIMITED. */
export const CHAT_RATE_LIMIT = { events: 40, windowMs: 5000 };

type Log = { error(obj: unknown, msg?: string): void };

/** What a handler may do with the socket that sent the event (join or leave a room of its own module). */
export type ChatSocketContext = { socketId: string; join(room: string): void; leave(room: string): void };

/** One inbound event's handler: the parsed payload, the sender's participation; its result is the acknowledgement's data. */
export type ChatHandler<E extends TChatInboundEvent> = (actor: ChatActor, data: z.output<(typeof CHAT_INBOUND)[E]>, ctx: ChatSocketContext) => Promise<unknown>;

/**
 * The chat socket as other modules use it: each module that acts on some of the SPEC §7 events registers its
 * handlers here when it is created (an event has one owner; a second registration is a start-up error), and sends
 * outbound events typed by `CHAT_OUTBOUND`. Validation, the rate limit, the participation check and the CTL
 * refusals are this module's, once, for every event.
 */
export type ChatSocket = {
  handle<E extends TChatInboundEvent>(event: E, handler: ChatHandler<E>): void;
  /** Called when a socket of a participation has connected (joined its participation's room). */
  onConnect(handler: (actor: ChatActor, ctx: ChatSocketContext) => void | Promise<void>): void;
  /** Called when one socket of a participation goes away (after it has left its rooms). */
  onDisconnect(handler: (actor: ChatActor, ctx: ChatSocketContext) => void | Promise<void>): void;
  /** To every socket of these participations (every instance, through the Redis adapter). */
  toEventUsers<E extends TChatOutboundEvent>(eventUserIds: readonly string[], event: E, payload: TChatOutbound<E>): void;
  /** To every socket in a module's room (e.g. a session's audience, a table's seats). */
  toRoom<E extends TChatOutboundEvent>(room: string, event: E, payload: TChatOutbound<E>): void;
  /** How many sockets of this participation are connected (every instance). */
  socketCount(eventUserId: string): Promise<number>;
  /** Which of these participations have at least one socket connected (every instance, one round trip). */
  onlineOf(eventUserIds: readonly string[]): Promise<Set<string>>;
  /** The events some module acts on. */
  built(): TChatInboundEvent[];
};

/**
 * The chat socket's inbound events (packages/domain chat.socket.ts): every payload is checked against its schema; a
 * bad one, a refusal or a flood is answered with `CTL` (and the acknowledgement, when the client asked for one), never
 * by closing the socket or crashing the server. An event no module handles is refused with CTL NOT_AVAILABLE.
 */
export function attachChatSocket(io: Server, log: Log): ChatSocket {
  const handlers = new Map<TChatInboundEvent, ChatHandler<TChatInboundEvent>>();
  const disconnects: ((actor: ChatActor, ctx: ChatSocketContext) => void | Promise<void>)[] = [];
  const connects: ((actor: ChatActor, ctx: ChatSocketContext) => void | Promise<void>)[] = [];
  handlers.set('CTL', () => Promise.resolve({ pong: true }));

  io.on('connection', (socket: Socket) => {
    const user = socket.data.user as SocketUser | undefined;
    let windowStart = Date.now();
    let used = 0;
    const ctx: ChatSocketContext = {
      socketId: socket.id,
      join: (room) => void socket.join(room),
      leave: (room) => void socket.leave(room),
    };
    const actorOf = (): ChatActor | null => (user?.eventId && user.eventUserId ? { userId: user.userId, eventId: user.eventId, eventUserId: user.eventUserId } : null);

    const refuse = (event: string, code: string, message: string, ack?: (a: TChatAck) => void) => {
      const ctl: TChatControl = { event, code, message };
      socket.emit('CTL', ctl);
      ack?.({ ok: false, code, message });
    };

    for (const event of CHAT_INBOUND_EVENTS) {
      socket.on(event, (payload: unknown, maybeAck?: unknown) => {
        const ack = typeof maybeAck === 'function' ? (maybeAck as (a: TChatAck) => void) : undefined;
        const now = Date.now();
        if (now - windowStart > CHAT_RATE_LIMIT.windowMs) {
          windowStart = now;
          used = 0;
        }
        if (++used > CHAT_RATE_LIMIT.events) return refuse(event, 'RATE_LIMITED', 'Too many messages; wait a moment', ack);
        const parsed = CHAT_INBOUND[event].safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return refuse(event, 'VALIDATION_FAILED', `Invalid ${event} payload${issue ? `: ${issue.path.join('.') || 'body'} ${issue.message}` : ''}`, ack);
        }
        const handler = handlers.get(event);
        if (!handler) return refuse(event, 'NOT_AVAILABLE', `${event} is not available yet`, ack);
        if (event === 'CTL') return ack?.({ ok: true, data: { pong: true } });
        const actor = actorOf();
        if (!actor) return refuse(event, 'CHAT_NOT_PARTICIPANT', 'Sign in to the event to chat', ack);
        handler(actor, parsed.data, ctx)
          .then((data) => ack?.({ ok: true, data }))
          .catch((err: unknown) => {
            if (err instanceof AppError) return refuse(event, String(err.code), err.message, ack);
            log.error({ err, event }, 'chat socket event failed');
            refuse(event, 'INTERNAL', 'Something went wrong; try again', ack);
          });
      });
    }

    const connected = actorOf();
    if (connected) {
      for (const fn of connects) {
        Promise.resolve()
          .then(() => fn(connected, ctx))
          .catch((err: unknown) => log.error({ err }, 'chat socket connect handler failed'));
      }
    }

    socket.on('disconnect', () => {
      const actor = actorOf();
      if (!actor) return;
      for (const fn of disconnects) {
        Promise.resolve()
          .then(() => fn(actor, ctx))
          .catch((err: unknown) => log.error({ err }, 'chat socket disconnect handler failed'));
      }
    });
  });

  /**
   * The sockets in these rooms on every instance. An instance that does not answer in time (one stopping, Redis slow)
   * leaves this instance's own: a presence dot may be wrong for a moment, a chat list never fails for it.
   */
  async function socketsIn(rooms: string[]) {
    try {
      return await io.in(rooms).fetchSockets();
    } catch (err) {
      log.error({ err }, 'chat presence: other instances did not answer; this instance only');
      return io.local.in(rooms).fetchSockets();
    }
  }

  return {
    handle(event, handler) {
      if (handlers.has(event)) throw new Error(`Chat socket event ${event} already has a handler`);
      handlers.set(event, handler as ChatHandler<TChatInboundEvent>);
    },
    onConnect(handler) {
      connects.push(handler);
    },
    onDisconnect(handler) {
      disconnects.push(handler);
    },
    toEventUsers(eventUserIds, event, payload) {
      if (eventUserIds.length > 0) io.to(eventUserIds.map(eventUserRoom)).emit(event, payload);
    },
    toRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    async socketCount(eventUserId) {
      return (await socketsIn([eventUserRoom(eventUserId)])).length;
    },
    async onlineOf(eventUserIds) {
      if (eventUserIds.length === 0) return new Set();
      const sockets = await socketsIn(eventUserIds.map(eventUserRoom));
      const wanted = new Set(eventUserIds);
      return new Set(sockets.map((s) => (s.data as { user?: SocketUser }).user?.eventUserId).filter((id): id is string => !!id && wanted.has(id)));
    },
    built: () => [...handlers.keys()],
  };
}
