import type { TAppTabsSaveRequest, TPortalBannerUpload, TPortalMenuSaveRequest } from '@pavilion/domain/portal/portal.schemas';
import { api } from '../../../app/api-client.ts';

/** The portal module's one query-key factory. */
export const portalKeys = {
  all: ['portal'] as const,
  appMenu: (eventId: string) => [...portalKeys.all, 'app-menu', eventId] as const,
  appTab: (eventId: string, tabName: string) => [...portalKeys.all, 'app-tab', eventId, tabName] as const,
  webMenu: (eventId: string) => [...portalKeys.all, 'web-menu', eventId] as const,
  orgAppTabs: (eventId: string) => [...portalKeys.all, 'org', 'app-tabs', eventId] as const,
  orgWebMenu: (eventId: string) => [...portalKeys.all, 'org', 'web-menu', eventId] as const,
};

export const portalApi = {
  appMenu: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/events/:eventId/app-menu', { params: { eventId }, signal, isSilent: true }),
  // A 401 here is the tab's own answer (TAB_LOGIN_REQUIRED), not an expired session: no refresh and retry.
  appTab: (eventId: string, tabName: string, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/public/events/:eventId/app-tabs/:tabName', { params: { eventId, tabName }, signal, isSilent: true, canRetryOn401: false }),
  webMenu: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/events/:eventId/portal-menu', { params: { eventId }, signal }),
  orgAppTabs: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/app-tabs', { params: { eventId }, signal }),
  saveAppTabs: (eventId: string, body: TAppTabsSaveRequest) => api.call('PUT /api/eventservices/events/:eventId/app-tabs', { params: { eventId }, body }),
  uploadBanner: (eventId: string, body: TPortalBannerUpload) => api.call('POST /api/eventservices/events/:eventId/app-tabs/banners', { params: { eventId }, body }),
  orgWebMenu: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/portal-menu', { params: { eventId }, signal }),
  saveWebMenu: (eventId: string, body: TPortalMenuSaveRequest) => api.call('PUT /api/eventservices/events/:eventId/portal-menu', { params: { eventId }, body }),
};
