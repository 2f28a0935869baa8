import { useEffect, useRef } from 'react';
import type { TNotification } from '@pavilion/domain/notifications/notifications.schemas';
import { useParticipantSocket } from '../../chat/index.ts';

/**
 * Runs `handler` for each notice that arrives live for the participant (`notification` on the shared participant
 * socket) whose kind passes `accept`, and after a reconnect (what a socket that was down missed); e.g. the meetings
 * card refreshes on MEETING_* notices. Null ids: nothing.
 */
export function useOnNotice(eventId: string | null, me: string | null, accept: (kind: string) => boolean, handler: (n: TNotification | null) => void): void {
  const { on, onReconnect } = useParticipantSocket(eventId, me);
  const latest = useRef({ accept, handler });
  useEffect(() => {
    latest.current = { accept, handler };
  });
  useEffect(() => {
    if (!eventId || !me) return;
    const offs = [
      on('notification', (n) => {
        if (latest.current.accept(n.kind)) latest.current.handler(n);
      }),
      onReconnect(() => latest.current.handler(null)),
    ];
    return () => offs.forEach((off) => off());
  }, [eventId, me, on, onReconnect]);
}
