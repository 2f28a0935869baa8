import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TChatAck, TChatHistory, TChatStoredMessage, TReadReceipt, TTypingNotice } from '@pavilion/domain/chat/chat.schemas';
import type { Socket } from 'socket.io-client';
import { sessionStore } from '../../../app/session-storage.ts';
import { chatKeys } from '../api/chat-api.ts';

/** How long a typing notice is believed without a fresh one (the sender says "stopped" after 1 s idle, SPEC §4). */
const TYPING_STALE_MS = 4000;

type History = InfiniteData<TChatHistory, string | undefined>;

/** A delivered message joins its room's newest page once (the client removes duplicates by message id). */
export function addMessage(qc: QueryClient, eventId: string, m: TChatStoredMessage): void {
  const queryKey = chatKeys.history(eventId, m.roomId);
  // A page being fetched right now may have been read before this message was stored: fetch it again.
  if (qc.isFetching({ queryKey }) > 0) void qc.invalidateQueries({ queryKey });
  qc.setQueryData<History>(queryKey, (old) => {
    if (!old || old.pages.length === 0) return old;
    if (old.pages.some((p) => p.messages.some((x) => x.id === m.id))) return old;
    const [newest, ...rest] = old.pages;
    return { ...old, pages: [{ ...newest!, messages: [...newest!.messages, m] }, ...rest] };
  });
}

function applyReceipt(qc: QueryClient, eventId: string, me: string, r: TReadReceipt): void {
  qc.setQueryData<History>(chatKeys.history(eventId, r.roomId), (old) => {
    if (!old || old.pages.length === 0) return old;
    const [newest, ...rest] = old.pages;
    const patch = r.eventUserId === me ? { readUpTo: r.messageId } : { otherReadUpTo: r.messageId };
    return { ...old, pages: [{ ...newest!, ...patch }, ...rest] };
  });
}

/**
 * The participant's chat socket (/chatservices, query userId and eventId; the access token and the event access
 * token in `auth`). Delivered messages and read receipts go into the query cache; typing notices into state. After a
 * reconnect the open queries refetch, since what was sent while offline came only to the sockets that were up.
 */
export function useChatSocket(eventId: string | null, me: string | null) {
  const qc = useQueryClient();
  const socketRef = useRef<Socket | null>(null);
  const [isConnected, setConnected] = useState(false);
  const [typing, setTyping] = useState<Record<string, number>>({});

  useEffect(() => {
    const auth = sessionStore.getAuth();
    if (!eventId || !me || !auth?.accessToken) return;
    let isClosed = false;
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const socket = io({
        path: '/chatservices',
        auth: (cb) => cb({ token: sessionStore.getAuth()?.accessToken ?? '', userAccessToken: sessionStore.getEventData()?.accessCodeToken ?? '' }),
        query: { userId: auth.userData.id, eventId },
        transports: ['websocket', 'polling'],
        reconnectionDelayMax: 10_000,
      });
      socketRef.current = socket;
      let hasConnected = false;
      socket.on('connect', () => {
        setConnected(true);
        if (hasConnected) void qc.invalidateQueries({ queryKey: [...chatKeys.all, eventId] });
        hasConnected = true;
      });
      socket.on('disconnect', (reason) => {
        setConnected(false);
        // socket.io reconnects on its own except when the server ended the socket (an instance shutting down).
        if (reason === 'io server disconnect' && !isClosed) setTimeout(() => !isClosed && socket.connect(), 1000);
      });
      // A refusal by the server's check (an access token that expired meanwhile, a restart) is not retried by
      // socket.io itself: try again, presenting the token as renewed since, every few seconds.
      let retries = 0;
      socket.on('connect_error', (err) => {
        console.warn('chat socket refused', err.message);
        if (socket.active) return;
        retries = Math.min(retries + 1, 5);
        setTimeout(() => {
          if (!isClosed && !socket.connected) socket.connect();
        }, retries * 2000);
      });
      socket.on('connect', () => (retries = 0));
      socket.on('message', (m: TChatStoredMessage) => {
        addMessage(qc, eventId, m);
        setTyping((s) => ({ ...s, [m.roomId]: 0 }));
        void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
      });
      socket.on('readMessage', (r: TReadReceipt) => {
        applyReceipt(qc, eventId, me, r);
        void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
      });
      socket.on('typing', (n: TTypingNotice) => setTyping((s) => ({ ...s, [n.roomId]: n.isTyping ? Date.now() : 0 })));
    });
    return () => {
      isClosed = true;
      socketRef.current?.removeAllListeners();
      socketRef.current?.disconnect();
      socketRef.current = null;
      setConnected(false);
    };
  }, [eventId, me, qc]);

  // A typing notice whose "stopped" was lost fades on its own.
  useEffect(() => {
    const timer = setInterval(() => {
      setTyping((s) => {
        const now = Date.now();
        const stale = Object.entries(s).filter(([, at]) => at && now - at > TYPING_STALE_MS);
        return stale.length ? { ...s, ...Object.fromEntries(stale.map(([k]) => [k, 0])) } : s;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  const emit = useCallback(
    <T>(event: string, payload: unknown): Promise<TChatAck<T>> =>
      new Promise((resolve) => {
        const socket = socketRef.current;
        if (!socket?.connected) return resolve({ ok: false, code: 'OFFLINE', message: 'Not connected' });
        socket.timeout(10_000).emit(event, payload, (err: Error | null, ack: TChatAck<T>) => resolve(err ? { ok: false, code: 'TIMEOUT', message: err.message } : ack));
      }),
    [],
  );

  return { isConnected, typing, emit };
}
