import { useEffect, useState } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TChatHistory, TChatStoredMessage, TMessageDeleted, TReadReceipt } from '@pavilion/domain/chat/chat.schemas';
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

/** A moderator deleted a message: it shows as "Message deleted" (and replies to it lose their preview). */
export function applyDeleted(qc: QueryClient, eventId: string, d: TMessageDeleted): void {
  qc.setQueryData<History>(chatKeys.history(eventId, d.roomId), (old) => {
    if (!old) return old;
    return {
      ...old,
      pages: old.pages.map((p) => ({
        ...p,
        messages: p.messages.map((m) => (m.id === d.messageId ? { ...m, content: '', isDeleted: true } : m.replyToMessage === d.messageId ? { ...m, replyPreview: null } : m)),
      })),
    };
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
  // SPEC §3.10 states heard live since the last (re)load, over what the server answered then.
  const [online, setOnline] = useState<Record<string, number>>({});
  const { on, onReconnect } = socket;

  useEffect(() => {
    if (!eventId || !me) return;
    const onMessage = (m: TChatStoredMessage) => {
      addMessage(qc, eventId, m);
      setTyping((s) => ({ ...s, [m.roomId]: 0 }));
      void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
    };
    const onMembers = (roomId: string) => {
      void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
      void qc.invalidateQueries({ queryKey: chatKeys.room(eventId, roomId) });
    };
    const offs = [
      onReconnect(() => {
        setOnline({});
        void qc.invalidateQueries({ queryKey: [...chatKeys.all, eventId] });
      }),
      on('message', onMessage),
      on('messageGroup', onMessage),
      on('messageDeleted', (d) => {
        applyDeleted(qc, eventId, d);
        void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
      }),
      on('onlineState', (n) => setOnline((s) => ({ ...s, [n.eventUserId]: n.onlineState }))),
      on('joinGroup', (g) => onMembers(g.roomId)),
      on('leaveGroup', (l) => onMembers(l.roomId)),
      // A moderator muted, removed or restored me: my restriction and my groups are read again.
      on('refreshMe', () => void qc.invalidateQueries({ queryKey: [...chatKeys.all, eventId] })),
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

  return { isConnected: socket.isConnected, typing, online, emit: socket.emit };
}
