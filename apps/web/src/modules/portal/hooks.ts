import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { httpStatusOf } from '../../app/api-client.ts';
import { takeFirstPaintData } from '../../app/first-paint-data.ts';
import { sessionStore, useEventData } from '../../app/session-storage.ts';
import { portalApi, portalKeys } from './api/portal-api.ts';
import { appEventId } from './menu-model.ts';

const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

/** The event the attendee app or portal shows (`?eventId=`, else the event signed in to at ei/{eventId}). */
export function useAppEventId(): string | null {
  const [params] = useSearchParams();
  const eventData = useEventData();
  return appEventId(params, eventData?.eventId);
}

/**
 * The server's reads for the page's first paint (app/first-paint.ts `/tabs/:tabName`) were made without a token: a
 * signed-out visitor's answers, taken only by a signed-out visitor.
 */
const firstPaintForVisitor: typeof takeFirstPaintData = (route, params) => (sessionStore.isLoggedIn() ? undefined : takeFirstPaintData(route, params));

export function useAppMenu(eventId: string | null) {
  return useQuery({
    queryKey: portalKeys.appMenu(eventId ?? ''),
    queryFn: ({ signal }) => portalApi.appMenu(eventId!, signal),
    enabled: !!eventId,
    retry: noRetryOn4xx,
    initialData: () => (eventId ? firstPaintForVisitor('GET /api/eventservices/public/events/:eventId/app-menu', { eventId }) : undefined),
  });
}

export function useAppTab(eventId: string | null, tabName: string) {
  return useQuery({
    queryKey: portalKeys.appTab(eventId ?? '', tabName),
    queryFn: ({ signal }) => portalApi.appTab(eventId!, tabName, signal),
    enabled: !!eventId,
    retry: noRetryOn4xx,
    initialData: () => (eventId ? firstPaintForVisitor('GET /api/eventservices/public/events/:eventId/app-tabs/:tabName', { eventId, tabName }) : undefined),
  });
}

export function useWebMenu(eventId: string | null) {
  return useQuery({ queryKey: portalKeys.webMenu(eventId ?? ''), queryFn: ({ signal }) => portalApi.webMenu(eventId!, signal), enabled: !!eventId, retry: noRetryOn4xx });
}
