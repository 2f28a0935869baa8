import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { TChatAck } from '@pavilion/domain/chat/chat.schemas';
import type { TChatInboundEvent, TChatOutbound, TChatOutboundEvent } from '@pavilion/domain/chat/chat.socket';
import type { Socket } from 'socket.io-client';
import { sessionStore } from '../../../app/session-storage.ts';

type Handler = (payload: never) => void;

/** One participant's connection to /chatservices for one event, shared by every page and component that needs it. */
type Connection = {
  key: string;
  socket: Socket | null;
  refs: number;
  isConnected: boolean;
  /** Subscribers to isConnected (useSyncExternalStore). */
  watchers: Set<() => void>;
  handlers: Map<string, Set<Handler>>;
  /** Called after a reconnect (not the first connect): what came while offline reached only the sockets that were up. */
  reconnects: Set<() => void>;
  isClosed: boolean;
};

const connections = new Map<string, Connection>();

function setConnected(c: Connection, value: boolean) {
  if (c.isConnected === value) return;
  c.isConnected = value;
  for (const w of c.watchers) w();
}

function open(c: Connection, eventId: string) {
  const auth = sessionStore.getAuth();
  if (!auth?.accessToken) return;
  void import('socket.io-client').then(({ io }) => {
    if (c.isClosed) return;
    const socket = io({
      path: '/chatservices',
      auth: (cb) => cb({ token: sessionStore.getAuth()?.accessToken ?? '', userAccessToken: sessionStore.getEventData()?.accessCodeToken ?? '' }),
      query: { userId: auth.userData.id, eventId },
      transports: ['websocket', 'polling'],
      reconnectionDelayMax: 10_000,
    });
    c.socket = socket;
    let hasConnected = false;
    let retries = 0;
    socket.on('connect', () => {
      retries = 0;
      setConnected(c, true);
      if (hasConnected) for (const fn of c.reconnects) fn();
      hasConnected = true;
    });
    socket.on('disconnect', (reason) => {
      setConnected(c, false);
      // socket.io reconnects on its own except when the server ended the socket (an instance shutting down).
      if (reason === 'io server disconnect' && !c.isClosed) setTimeout(() => !c.isClosed && socket.connect(), 1000);
    });
    // A refusal by the server's check (an access token that expired meanwhile, a restart) is not retried by
    // socket.io itself: try again, presenting the token as renewed since, every few seconds.
    socket.on('connect_error', (err) => {
      console.warn('chat socket refused', err.message);
      if (socket.active) return;
      retries = Math.min(retries + 1, 5);
      setTimeout(() => {
        if (!c.isClosed && !socket.connected) socket.connect();
      }, retries * 2000);
    });
    socket.onAny((event: string, payload: unknown) => {
      for (const h of c.handlers.get(event) ?? []) (h as (p: unknown) => void)(payload);
    });
  });
}

function acquire(eventId: string, userId: string): Connection {
  const key = `${eventId}:${userId}`;
  let c = connections.get(key);
  if (!c) {
    c = { key, socket: null, refs: 0, isConnected: false, watchers: new Set(), handlers: new Map(), reconnects: new Set(), isClosed: false };
    connections.set(key, c);
    open(c, eventId);
  }
  c.refs++;
  return c;
}

function release(c: Connection) {
  if (--c.refs > 0) return;
  // Closed a moment later, so a page change that unmounts one user and mounts the next keeps the connection.
  setTimeout(() => {
    if (c.refs > 0) return;
    c.isClosed = true;
    connections.delete(c.key);
    c.socket?.removeAllListeners();
    c.socket?.disconnect();
    setConnected(c, false);
  }, 2000);
}

export type ParticipantSocket = {
  isConnected: boolean;
  /** Sends an inbound event and resolves with the server's acknowledgement (never rejects: offline and timeouts are answers). */
  emit<T = unknown>(event: TChatInboundEvent, payload: unknown): Promise<TChatAck<T>>;
  /** Listens for an outbound event; returns the function that stops listening. */
  on<E extends TChatOutboundEvent>(event: E, handler: (payload: TChatOutbound<E>) => void): () => void;
  /** Runs after each reconnect; returns the function that stops it. */
  onReconnect(handler: () => void): () => void;
};

const offline: ParticipantSocket = {
  isConnected: false,
  emit: () => Promise.resolve({ ok: false, code: 'OFFLINE', message: 'Not connected' }),
  on: () => () => undefined,
  onReconnect: () => () => undefined,
};

/**
 * The signed-in participant's socket for this event (/chatservices, query userId and eventId; the access token and the
 * event access token in `auth`). Every user of the hook shares one connection; it closes when the last one unmounts.
 * Null ids (not signed in, no event) give an offline handle.
 */
export function useParticipantSocket(eventId: string | null, me: string | null): ParticipantSocket {
  const [conn, setConn] = useState<Connection | null>(null);
  useEffect(() => {
    const userId = sessionStore.getAuth()?.userData.id;
    if (!eventId || !me || !userId) return;
    const c = acquire(eventId, userId);
    setConn(c);
    return () => {
      setConn(null);
      release(c);
    };
  }, [eventId, me]);

  const isConnected = useSyncExternalStore(
    useCallback(
      (cb: () => void) => {
        if (!conn) return () => undefined;
        conn.watchers.add(cb);
        return () => conn.watchers.delete(cb);
      },
      [conn],
    ),
    () => conn?.isConnected ?? false,
    () => false,
  );

  const emit = useCallback(
    <T,>(event: TChatInboundEvent, payload: unknown): Promise<TChatAck<T>> =>
      new Promise((resolve) => {
        const socket = conn?.socket;
        if (!socket?.connected) return resolve({ ok: false, code: 'OFFLINE', message: 'Not connected' });
        socket.timeout(10_000).emit(event, payload, (err: Error | null, ack: TChatAck<T>) => resolve(err ? { ok: false, code: 'TIMEOUT', message: err.message } : ack));
      }),
    [conn],
  );
  const on = useCallback(
    <E extends TChatOutboundEvent>(event: E, handler: (payload: TChatOutbound<E>) => void) => {
      if (!conn) return () => undefined;
      const set = conn.handlers.get(event) ?? new Set<Handler>();
      conn.handlers.set(event, set);
      set.add(handler as Handler);
      return () => set.delete(handler as Handler);
    },
    [conn],
  );
  const onReconnect = useCallback(
    (handler: () => void) => {
      if (!conn) return () => undefined;
      conn.reconnects.add(handler);
      return () => conn.reconnects.delete(handler);
    },
    [conn],
  );
  // One object while nothing changes: effects that depend on the handle do not subscribe again on every render.
  return useMemo(() => (conn ? { isConnected, emit, on, onReconnect } : offline), [conn, isConnected, emit, on, onReconnect]);
}
