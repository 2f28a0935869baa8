import { useEffect, useRef, useState } from 'react';
import { openOrganiserSocket } from '../../../app/organiser-socket.ts';

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
    if (!eventId) return;
    const onLive = (p: { sessionId?: string }) => p?.sessionId && latest.current(p.sessionId);
    const close = openOrganiserSocket(eventId, {
      onConnect: () => setConnected(true),
      onDisconnect: () => setConnected(false),
      events: Object.fromEntries(EVENTS.map((event) => [event, onLive])),
    });
    return () => {
      close();
      setConnected(false);
    };
  }, [eventId]);
  return isConnected;
}
