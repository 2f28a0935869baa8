import { ORGANISER_EVENT_QUERY } from '@pavilion/domain/registration/counts.schemas';
import { sessionStore } from './session-storage.ts';

export type TOrganiserSocketListeners = {
  onConnect?: (isReconnect: boolean) => void;
  onDisconnect?: () => void;
  /** Handlers by event name (the event's organiser room: countsChanged, the live rooms' events …). */
  events: Record<string, (payload: never) => void>;
};

/**
 * The organiser socket of one event (/chatservices, query `organiserEventId`: the server joins it to the event's
 * organiser room when the caller may see the event). socket.io-client loads on demand, so a page's first paint does
 * not wait for it; the access token is presented by a function, so a reconnect uses the renewed one. Returns the
 * function that closes it (safe before the client has loaded). Nothing opens without a signed-in organiser.
 */
export function openOrganiserSocket(eventId: string, listeners: TOrganiserSocketListeners): () => void {
  if (!sessionStore.getAuth()?.accessToken) return () => undefined;
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
    let hasConnected = false;
    socket.on('connect', () => {
      listeners.onConnect?.(hasConnected);
      hasConnected = true;
    });
    socket.on('disconnect', () => listeners.onDisconnect?.());
    for (const [event, handler] of Object.entries(listeners.events)) socket.on(event, handler as (p: unknown) => void);
    close = () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
  return () => {
    isClosed = true;
    close();
  };
}
