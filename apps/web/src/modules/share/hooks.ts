import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { httpStatusOf } from '../../app/api-client.ts';
import { shareApi, shareAssetUrl, shareKeys } from './api/share-api.ts';

const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

export function useTicketLink(ticketId: string) {
  return useQuery({ queryKey: shareKeys.ticketLink(ticketId), queryFn: ({ signal }) => shareApi.ticketLink(ticketId, signal), retry: noRetryOn4xx, enabled: ticketId !== '' });
}

export function useInvitation(pair: string) {
  return useQuery({ queryKey: shareKeys.invitation(pair), queryFn: ({ signal }) => shareApi.invitation(pair, signal), retry: noRetryOn4xx, enabled: pair !== '' });
}

export function useProfileCard(pair: string) {
  return useQuery({ queryKey: shareKeys.profileCard(pair), queryFn: ({ signal }) => shareApi.profileCard(pair, signal), retry: noRetryOn4xx, enabled: pair !== '' });
}

/**
 * Links the event app's web manifest while the page is open, so the attendee can install the event's app (the
 * server already writes it into the HTML of share pages and of attendee pages that name their event in the URL; this
 * covers pages that learn their event later). A manifest the server wrote is replaced, and the previous one restored.
 */
export function useEventManifest(eventId: string | null | undefined) {
  useEffect(() => {
    if (!eventId) return;
    const href = shareAssetUrl.manifest(eventId);
    const existing = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const previous = existing?.getAttribute('href') ?? null;
    const link = existing ?? document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'manifest' }));
    link.setAttribute('href', href);
    return () => {
      if (previous) link.setAttribute('href', previous);
      else link.remove();
    };
  }, [eventId]);
}
