import { useQuery } from '@tanstack/react-query';
import { chatApi, chatKeys } from '../api/chat-api.ts';

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
