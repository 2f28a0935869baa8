import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { COUNTS_CHANGED_SOCKET_EVENT, type TCountsChangedMessage } from '@pavilion/domain/registration/counts.schemas';
import { ORGANISER_NOTICE_SOCKET_EVENT } from '@pavilion/domain/notifications/organiser-inbox.schemas';
import { openOrganiserSocket } from '../../../app/organiser-socket.ts';
import { checkinKeys } from '../../checkin/index.ts';
import { organiserInboxKeys } from '../../notifications/index.ts';
import { registrationKeys } from '../../registration/index.ts';
import { dashboardKeys } from '../api/dashboard-api.ts';

const FALLBACK_MS = 15_000;

/**
 * What one "countsChanged" of an event refreshes, through each module's key factory: seats and lists
 * (registration), inside / checked-in figures (check-in) and the overview's figures (dashboard). Only active
 * queries refetch at once; the rest are marked stale and refetch when next shown.
 */
export function invalidateLiveCounts(qc: QueryClient, eventId: string): Promise<unknown> {
  const keys = [...registrationKeys.liveCounts(eventId), ...checkinKeys.liveCounts(eventId), dashboardKeys.overviews()];
  return Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** The socket message handler for one event (messages of another event are ignored). */
export function countsChangedHandler(qc: QueryClient, eventId: string) {
  return (msg: TCountsChangedMessage) => {
    if (msg?.eventId === eventId) void invalidateLiveCounts(qc, eventId);
  };
}

/**
 * Keeps the selected event's counts live while the dashboard is open: the organiser socket (/chatservices, the
 * event's organiser room) says when sold, held, inside or checked-in figures moved, and the page refetches them. After
 * a reconnect everything is refetched once, since messages sent while offline are gone; while the socket is down the
 * counts refetch every 15 s. socket.io-client loads on demand, so the dashboard's first paint does not wait for it.
 */
export function useLiveCounts(eventId: string | null | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!eventId) return;
    let fallback: ReturnType<typeof setInterval> | null = null;
    const stopFallback = () => {
      if (fallback) clearInterval(fallback);
      fallback = null;
    };
    const close = openOrganiserSocket(eventId, {
      onConnect: (isReconnect) => {
        stopFallback();
        if (isReconnect) void invalidateLiveCounts(qc, eventId);
      },
      // While the socket is down (network, a server restart), the counts refresh every 15 s instead.
      onDisconnect: () => {
        if (!fallback) fallback = setInterval(() => void invalidateLiveCounts(qc, eventId), FALLBACK_MS);
      },
      events: {
        [COUNTS_CHANGED_SOCKET_EVENT]: countsChangedHandler(qc, eventId),
        // The same socket is in the member's `user:<id>` room: a new notice of their organiser inbox (the header's bell).
        [ORGANISER_NOTICE_SOCKET_EVENT]: () => void qc.invalidateQueries({ queryKey: organiserInboxKeys.all }),
      },
    });
    return () => {
      stopFallback();
      close();
    };
  }, [eventId, qc]);
}
