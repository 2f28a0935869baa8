import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { TEvent } from '@pavilion/domain';
import { sessionStore, useEventData } from './session-storage.ts';

/**
 * Makes `eventId` the selected event: SPEC §3.4 eventData (keeping the attendee-side ids when it is the same
 * event) and, when the event is known, settingTabData {domain, timeZone}.
 */
export function selectEvent(eventId: string, event?: Pick<TEvent, 'domain' | 'timeZone'> | null): void {
  const current = sessionStore.getEventData();
  if (current?.eventId !== eventId) {
    sessionStore.setEventData({ eventId, eventUserId: '', accessCodeToken: '' });
    sessionStore.setSettingTabData(null);
  }
  if (event) {
    const tab = sessionStore.getSettingTabData();
    if (tab?.domain !== event.domain || tab?.timeZone !== event.timeZone) {
      sessionStore.setSettingTabData({ domain: event.domain, timeZone: event.timeZone });
    }
  }
}

/** The selected event id; `?eventId=` in the address (links from the list, shared URLs) wins over storage. */
export function useCurrentEventId(): [string | null, (eventId: string) => void] {
  const [params] = useSearchParams();
  const fromUrl = params.get('eventId');
  const eventData = useEventData();
  useEffect(() => {
    if (fromUrl && fromUrl !== sessionStore.getEventData()?.eventId) selectEvent(fromUrl);
  }, [fromUrl]);
  const choose = useCallback((eventId: string) => selectEvent(eventId), []);
  return [fromUrl || eventData?.eventId || null, choose];
}

/**
 * The selected event of an event section (/app/registration/*, /app/onsite/*: URL `?eventId=` or stored eventData).
 * EventSection renders its tabs only when there is one. Read directly rather than through outlet context, because
 * each tab sits behind an AccessGate whose <Outlet/> does not forward context.
 */
export function useSectionEventId(): string {
  return useCurrentEventId()[0] ?? '';
}
