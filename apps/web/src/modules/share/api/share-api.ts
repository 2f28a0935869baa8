import { api } from '../../../app/api-client.ts';

/** The share module's one query-key factory. */
export const shareKeys = {
  all: ['share'] as const,
  ticketLink: (ticketId: string) => [...shareKeys.all, 'ticket-link', ticketId] as const,
  invitation: (pair: string) => [...shareKeys.all, 'invitation', pair] as const,
  profileCard: (pair: string) => [...shareKeys.all, 'profile-card', pair] as const,
};

/** Public share reads (type-only schema imports keep zod out of these pages). */
export const shareApi = {
  ticketLink: (ticketId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/ticket-links/:ticketId', { params: { ticketId }, signal }),
  invitation: (pair: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/invitations/:pair', { params: { pair }, signal }),
  profileCard: (pair: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/profile-links/:pair', { params: { pair }, signal }),
};

/** Files the browser fetches itself (download links, images, the manifest). */
export const shareAssetUrl = {
  ics: (eventId: string) => api.url('GET /api/eventservices/public/events/:eventId/event.ics', { params: { eventId } }),
  preview: (eventId: string) => api.url('GET /api/eventservices/public/events/:eventId/preview.png', { params: { eventId } }),
  manifest: (eventId: string) => api.url('GET /api/eventservices/public/events/:eventId/manifest.webmanifest', { params: { eventId } }),
};

/** The public pages a share link opens, as absolute URLs (what gets pasted into a message). */
export const sharePageUrl = {
  invitation: (pair: string) => `${window.location.origin}/i/${encodeURIComponent(pair)}`,
  profile: (pair: string) => `${window.location.origin}/pl/${encodeURIComponent(pair)}`,
};
