import { useEffect, useRef, useState } from 'react';
import { ORGANISER_EVENT_QUERY } from '@pavilion/domain/registration/counts.schemas';
import { sessionStore } from '../../../app/session-storage.ts';

const EVENTS = ['messageSession', 'messageQNA', 'sessionPoll', 'sessionNowPlay', 'noLive'] as const;

/**
 * The organiser's console hears the event's live rooms on the organiser socket (/chatservices, the event's organiser
 * room, as the dashboard's live counts): each message, question, vote or now-playing change calls `onChange` with the
 * session it concerns. Returns whether the socket is up (the console re-reads every 15 s while it is not).
 * socket.io-client loads on demand.
 */
export function useOrganiserLive(eventId: string | null, onChange: (sessionId: string) => void): boolean {
  const [isConnected, setConnected] = useState(false);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!eventId || !sessionStore.getAuth()?.accessToken) return;
    let isClosed = false;
    let close = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const socket = io({
        path: '/chatservices',
        auth: (cb) => cb({ token: sessionStore.getAuth()?.accessToken ?? '' }),
        query: { [ORGANISER_EVENT_QUERY]: eventId },
        transports: ['websocket', 'polling'],
        reconnectionDelayMax: 10_000,
      });
      socket.on('connect', () => setConnected(true));
      socket.on('disconnect', () => setConnected(false));
      for (const event of EVENTS) socket.on(event, (p: { sessionId?: string }) => p?.sessionId && latest.current(p.sessionId));
      close = () => {
        socket.removeAllListeners();
        socket.disconnect();
      };
    });
    return () => {
      isClosed = true;
      close();
      setConnected(false);
    };
  }, [eventId]);
  return isConnected;
}
