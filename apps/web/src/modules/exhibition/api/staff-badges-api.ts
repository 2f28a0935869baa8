import type { TStaffBadgeIssueInput, TStaffBadgeSettingsInput } from '@pavilion/domain/exhibition/staff-badges';
import { api } from '../../../app/api-client.ts';

const EV = '/api/eventservices/events/:eventId/exhibition';
const MINE = '/api/eventservices/events/:eventId/my-stand';

/** Organiser: the event's staff badge ticket (AP-535/537) and a company's staff badges (AP-482 view, AP-484 issue/revoke). */
export const staffBadgesOrgApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/staff-badges/settings`, { params: { eventId }, signal }),
  saveSettings: (eventId: string, body: TStaffBadgeSettingsInput) => api.call(`PUT ${EV}/staff-badges/settings`, { params: { eventId }, body }),
  list: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/staff-badges`, { params: { eventId, companyId }, signal }),
  issue: (eventId: string, companyId: string, staffId: string, body: TStaffBadgeIssueInput) =>
    api.call(`POST ${EV}/companies/:companyId/staff-badges/:staffId`, { params: { eventId, companyId, staffId }, body }),
  revoke: (eventId: string, companyId: string, staffId: string) => api.call(`DELETE ${EV}/companies/:companyId/staff-badges/:staffId`, { params: { eventId, companyId, staffId } }),
};

/** The company's admin on My stand: the same for their own company (the server checks who they are). */
export const myStaffBadgesApi = {
  list: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/staff-badges`, { params: { eventId }, signal, isSilent: true }),
  issue: (eventId: string, staffId: string, body: TStaffBadgeIssueInput) => api.call(`POST ${MINE}/staff-badges/:staffId`, { params: { eventId, staffId }, body }),
  revoke: (eventId: string, staffId: string) => api.call(`DELETE ${MINE}/staff-badges/:staffId`, { params: { eventId, staffId } }),
};
