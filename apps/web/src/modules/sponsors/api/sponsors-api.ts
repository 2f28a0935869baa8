import type { TSponsorInput, TSponsorLogoUpload, TSponsorTierInput } from '@pavilion/domain/sponsors/sponsors.schemas';
import { api } from '../../../app/api-client.ts';

const EV = '/api/eventservices/events/:eventId/sponsors';

export const sponsorsKeys = {
  all: (eventId: string) => ['sponsors', eventId] as const,
  admin: (eventId: string) => ['sponsors', eventId, 'admin'] as const,
  showcase: (eventId: string, from: 'app' | 'portal') => ['sponsors', eventId, 'showcase', from] as const,
};

/** Organiser: the event's tiers and sponsors (Companies codes: AP-482 view, AP-483 create, AP-484 edit, AP-485 delete). */
export const sponsorsOrgApi = {
  admin: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}`, { params: { eventId }, signal }),
  createTier: (eventId: string, body: TSponsorTierInput) => api.call(`POST ${EV}/tiers`, { params: { eventId }, body }),
  updateTier: (eventId: string, tierId: string, body: TSponsorTierInput) => api.call(`PUT ${EV}/tiers/:tierId`, { params: { eventId, tierId }, body }),
  deleteTier: (eventId: string, tierId: string) => api.call(`DELETE ${EV}/tiers/:tierId`, { params: { eventId, tierId } }),
  orderTiers: (eventId: string, tierIds: string[]) => api.call(`PUT ${EV}/tier-order`, { params: { eventId }, body: { tierIds } }),
  orderSponsors: (eventId: string, tierId: string, sponsorIds: string[]) => api.call(`PUT ${EV}/tiers/:tierId/sponsor-order`, { params: { eventId, tierId }, body: { sponsorIds } }),
  createSponsor: (eventId: string, body: TSponsorInput) => api.call(`POST ${EV}/items`, { params: { eventId }, body }),
  updateSponsor: (eventId: string, sponsorId: string, body: TSponsorInput) => api.call(`PUT ${EV}/items/:sponsorId`, { params: { eventId, sponsorId }, body }),
  deleteSponsor: (eventId: string, sponsorId: string) => api.call(`DELETE ${EV}/items/:sponsorId`, { params: { eventId, sponsorId } }),
  uploadLogo: (eventId: string, body: TSponsorLogoUpload) => api.call(`POST ${EV}/logos`, { params: { eventId }, body }),
};

/** Attendee: the app's Sponsor tab or the portal's Sponsors entry (the client sends the event access token when it has one). */
export const sponsorsApi = {
  showcase: (eventId: string, from: 'app' | 'portal', signal?: AbortSignal) =>
    api.call('GET /api/eventservices/public/events/:eventId/sponsors', { params: { eventId }, query: { from }, signal, isSilent: true }),
};
