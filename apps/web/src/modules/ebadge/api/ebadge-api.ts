import type { TEbadgeSettingsRequest, TEbadgeVerifyRequest, TShareOptionsRequest, TWalletConfigRequest } from '@pavilion/domain/ebadge/ebadge.schemas';
import type { TRegistrationPhotoRequest } from '@pavilion/domain/registration/registration.schemas';
import { api } from '../../../app/api-client.ts';

/** Public and attendee e-badge calls. Type-only schema imports keep zod out of the public pages. */
export const ebadgeApi = {
  view: (eventUserId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/ebadges/:eventUserId', { params: { eventUserId }, signal }),
  googleWallet: (eventUserId: string) => api.call('GET /api/eventservices/public/ebadges/:eventUserId/wallet/google', { params: { eventUserId } }),
  mine: (signal?: AbortSignal) => api.call('GET /api/eventservices/ebadges/mine', { signal }),
  /** The attendee's own photo on one of their registrations (shown at the gate with each scan). */
  setOwnPhoto: (registrationId: string, body: TRegistrationPhotoRequest) => api.call('PUT /api/eventservices/me/registrations/:registrationId/photo', { params: { registrationId }, body }),
  removeOwnPhoto: (registrationId: string) => api.call('DELETE /api/eventservices/me/registrations/:registrationId/photo', { params: { registrationId } }),
  verifyInfo: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/events/:eventId/ebadge-verification', { params: { eventId }, signal }),
  verify: (eventId: string, body: TEbadgeVerifyRequest) => api.call('POST /api/eventservices/public/events/:eventId/ebadge-verification', { params: { eventId }, body, isSilent: true }),
};

/** Organiser: E-Badge Settings (AP-233 / AP-234). */
export const ebadgeOrgApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/ebadge-settings', { params: { eventId }, signal }),
  saveSettings: (eventId: string, body: TEbadgeSettingsRequest) => api.call('PUT /api/eventservices/events/:eventId/ebadge-settings', { params: { eventId }, body }),
  shareOptions: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/share-options', { params: { eventId }, signal }),
  saveShareOptions: (eventId: string, body: TShareOptionsRequest) => api.call('PUT /api/eventservices/events/:eventId/share-options', { params: { eventId }, body }),
  wallet: (signal?: AbortSignal) => api.call('GET /api/eventservices/ebadge-wallet', { signal }),
  saveWallet: (body: TWalletConfigRequest) => api.call('PUT /api/eventservices/ebadge-wallet', { body }),
};

/** Files the browser fetches itself (img src, download links). */
export const ebadgeAssetUrl = {
  qrSvg: (eventUserId: string, version?: number) =>
    api.url('GET /api/eventservices/public/ebadges/:eventUserId/qr.svg', { params: { eventUserId }, query: { cv: version ? String(version) : undefined } }),
  pdf: (eventUserId: string) => api.url('GET /api/eventservices/public/ebadges/:eventUserId/ebadge.pdf', { params: { eventUserId } }),
  ics: (eventUserId: string) => api.url('GET /api/eventservices/public/ebadges/:eventUserId/event.ics', { params: { eventUserId } }),
  applePass: (eventUserId: string) => api.url('GET /api/eventservices/public/ebadges/:eventUserId/wallet/apple.pkpass', { params: { eventUserId } }),
};
