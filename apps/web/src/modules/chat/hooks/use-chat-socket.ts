import { useEffect, useState } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TChatHistory, TChatStoredMessage, TReadReceipt } from '@pavilion/domain/chat/chat.schemas';
import { useParticipantSocket } from '../socket/participant-socket.ts';
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
 * The participant's chat: delivered messages and read receipts go into the query cache, typing notices into state,
 * over the shared participant socket (socket/participant-socket.ts). After a reconnect the open chat queries refetch,
 * since what was sent while offline came only to the sockets that were up.
 */
export function useChatSocket(eventId: string | null, me: string | null) {
  const qc = useQueryClient();
  const socket = useParticipantSocket(eventId, me);
  const [typing, setTyping] = useState<Record<string, number>>({});
  const { on, onReconnect } = socket;

  useEffect(() => {
    if (!eventId || !me) return;
    const offs = [
      onReconnect(() => void qc.invalidateQueries({ queryKey: [...chatKeys.all, eventId] })),
      on('message', (m) => {
        addMessage(qc, eventId, m);
        setTyping((s) => ({ ...s, [m.roomId]: 0 }));
        void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
      }),
      on('readMessage', (r) => {
        applyReceipt(qc, eventId, me, r);
        void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
      }),
      on('typing', (n) => setTyping((s) => ({ ...s, [n.roomId]: n.isTyping ? Date.now() : 0 }))),
    ];
    return () => offs.forEach((off) => off());
  }, [eventId, me, qc, on, onReconnect]);

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

  return { isConnected: socket.isConnected, typing, emit: socket.emit };
}
