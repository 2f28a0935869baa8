import type {
  TEbadgeSettings,
  TEbadgeSettingsRequest,
  TEbadgeVerifyInfo,
  TEbadgeVerifyRequest,
  TEbadgeVerifyResult,
  TEbadgeView,
  TGoogleWalletLink,
  TMyEbadge,
  TWalletConfigRequest,
  TWalletConfigView,
} from '@pavilion/domain/ebadge/ebadge.schemas';
import type { TOwnPhoto, TRegistrationPhotoRequest } from '@pavilion/domain/registration/registration.schemas';
import { api } from '../../../app/api-client.ts';

const enc = encodeURIComponent;
const PUBLIC = 'eventservices/public';

/** Public and attendee e-badge calls. Type-only schema imports keep zod out of the public pages. */
export const ebadgeApi = {
  view: (eventUserId: string, signal?: AbortSignal) => api.get<TEbadgeView>(`${PUBLIC}/ebadges/${enc(eventUserId)}`, { signal }),
  googleWallet: (eventUserId: string) => api.get<TGoogleWalletLink>(`${PUBLIC}/ebadges/${enc(eventUserId)}/wallet/google`),
  mine: (signal?: AbortSignal) => api.get<TMyEbadge[]>('eventservices/ebadges/mine', { signal }),
  /** The attendee's own photo on one of their registrations (shown at the gate with each scan). */
  setOwnPhoto: (registrationId: string, body: TRegistrationPhotoRequest) => api.put<TOwnPhoto>(`eventservices/me/registrations/${enc(registrationId)}/photo`, body),
  removeOwnPhoto: (registrationId: string) => api.delete<TOwnPhoto>(`eventservices/me/registrations/${enc(registrationId)}/photo`),
  verifyInfo: (eventId: string, signal?: AbortSignal) => api.get<TEbadgeVerifyInfo>(`${PUBLIC}/events/${enc(eventId)}/ebadge-verification`, { signal }),
  verify: (eventId: string, body: TEbadgeVerifyRequest) => api.post<TEbadgeVerifyResult>(`${PUBLIC}/events/${enc(eventId)}/ebadge-verification`, body, { isSilent: true }),
};

/** Organiser: E-Badge Settings (AP-233 / AP-234). */
export const ebadgeOrgApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.get<TEbadgeSettings>(`eventservices/events/${enc(eventId)}/ebadge-settings`, { signal }),
  saveSettings: (eventId: string, body: TEbadgeSettingsRequest) => api.put<TEbadgeSettings>(`eventservices/events/${enc(eventId)}/ebadge-settings`, body),
  wallet: (signal?: AbortSignal) => api.get<TWalletConfigView>('eventservices/ebadge-wallet', { signal }),
  saveWallet: (body: TWalletConfigRequest) => api.put<TWalletConfigView>('eventservices/ebadge-wallet', body),
};

/** Files the browser fetches itself (img src, download links). */
export const ebadgeAssetUrl = {
  qrSvg: (id: string, version?: number) => `/api/${PUBLIC}/ebadges/${enc(id)}/qr.svg${version ? `?cv=${version}` : ''}`,
  pdf: (id: string) => `/api/${PUBLIC}/ebadges/${enc(id)}/ebadge.pdf`,
  ics: (id: string) => `/api/${PUBLIC}/ebadges/${enc(id)}/event.ics`,
  applePass: (id: string) => `/api/${PUBLIC}/ebadges/${enc(id)}/wallet/apple.pkpass`,
};
