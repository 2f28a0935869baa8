import type { THallPlanImageUpload } from '@pavilion/domain/exhibition/hall-plans';
import { api } from '../../../app/api-client.ts';

const EV = '/api/eventservices/events/:eventId/exhibition';
const PUB = '/api/eventservices/public/events/:eventId';

/** Organiser: a floor-plan image per hall (AP-535 view, AP-537 upload, replace, remove). */
export const hallPlanOrgApi = {
  images: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/hall-plans`, { params: { eventId }, signal }),
  upload: (eventId: string, body: THallPlanImageUpload) => api.call(`PUT ${EV}/hall-plans`, { params: { eventId }, body }),
  remove: (eventId: string, hall: string) => api.call(`DELETE ${EV}/hall-plans`, { params: { eventId }, query: { hall } }),
};

/** The exhibitors list's filters (all optional; combined with the search on the server). */
export type TExhibitorFilterValues = { category?: string; country?: string; hall?: string };

/** Attendee: the hall plan and the list's filter options (the server applies the Exhibitors tab's rules). */
export const hallPlanApi = {
  /** With the list's category or country, the answer names the matching companies (the plan highlights them). */
  plan: (eventId: string, signal?: AbortSignal, filters: { category?: string; country?: string } = {}) =>
    api.call(`GET ${PUB}/hall-plan`, { params: { eventId }, query: { ...(filters.category ? { category: filters.category } : {}), ...(filters.country ? { country: filters.country } : {}) }, signal, isSilent: true }),
  filterOptions: (eventId: string, signal?: AbortSignal) => api.call(`GET ${PUB}/exhibitor-filters`, { params: { eventId }, signal, isSilent: true }),
};
