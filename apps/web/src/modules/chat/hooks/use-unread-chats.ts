import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApi, chatKeys } from '../api/chat-api.ts';
import { useParticipantSocket } from '../socket/participant-socket.ts';

/** The caller's conversations in the event (one query, shared by the chat page and the home's Messages card). */
export function useChatRooms(eventId: string | null, options: { retry?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ queryKey: chatKeys.rooms(eventId ?? ''), queryFn: ({ signal }) => chatApi.rooms(eventId!, signal), enabled: !!eventId, ...options });
}

/**
 * Unread messages across the caller's conversations in the event (the sum of each room's `unread`), for the attendee
 * home's Messages card. It reads the same query as the chat page, so opening a room there updates it; it is read again
 * when the window regains focus. A caller who is not a participant (403) gets null: the card then shows no count.
 */
export function useUnreadChats(eventId: string | null): number | null {
  const rooms = useChatRooms(eventId, { retry: false, refetchInterval: 60_000 });
  if (!rooms.data) return null;
  return rooms.data.rooms.reduce((sum, r) => sum + r.unread, 0);
}

/**
 * The same count, kept live for the attendee app's menu: a message, a read mark or a deletion heard on the shared
 * participant socket reads the conversations again. `me` is the caller's participation (null: not signed in to it).
 */
export function useLiveUnreadChats(eventId: string | null, me: string | null): number | null {
  const qc = useQueryClient();
  const { on, onReconnect } = useParticipantSocket(eventId, me);
  useEffect(() => {
    if (!eventId || !me) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
    const offs = [on('message', refresh), on('messageGroup', refresh), on('readMessage', refresh), on('messageDeleted', refresh), on('joinGroup', refresh), on('leaveGroup', refresh), onReconnect(refresh)];
    return () => offs.forEach((off) => off());
  }, [eventId, me, on, onReconnect, qc]);
  return useUnreadChats(me ? eventId : null);
}
