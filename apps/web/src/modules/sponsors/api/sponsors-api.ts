import type { TMySponsorshipAccept, TMySponsorshipInput, TSponsorFiguresQuery, TSponsorInput, TSponsorInvitationInput, TSponsorLogoUpload, TSponsorTierInput } from '@pavilion/domain/sponsors/sponsors.schemas';
import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

type TFormat = TSponsorFiguresQuery['format'];

const EV = '/api/eventservices/events/:eventId/sponsors';
const MINE = '/api/eventservices/events/:eventId/my-sponsorships';

export const sponsorsKeys = {
  all: (eventId: string) => ['sponsors', eventId] as const,
  admin: (eventId: string) => ['sponsors', eventId, 'admin'] as const,
  showcase: (eventId: string, from: 'app' | 'portal') => ['sponsors', eventId, 'showcase', from] as const,
  mine: (eventId: string) => ['sponsors', eventId, 'mine'] as const,
  mineOne: (eventId: string, sponsorId: string) => ['sponsors', eventId, 'mine', sponsorId] as const,
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
  inviteContact: (eventId: string, sponsorId: string, body: TSponsorInvitationInput) => api.call(`POST ${EV}/items/:sponsorId/invitation`, { params: { eventId, sponsorId }, body }),
  revokeContact: (eventId: string, sponsorId: string, contactId: string) => api.call(`DELETE ${EV}/items/:sponsorId/contacts/:contactId`, { params: { eventId, sponsorId, contactId } }),
  /** The sponsor's figures per day as a file (the server names it after the sponsor). */
  figures: (eventId: string, sponsorId: string, format: TFormat) => downloadFile(api.url(`GET ${EV}/items/:sponsorId/figures`, { params: { eventId, sponsorId }, query: { format } }), {}, `sponsor-figures.${format}`),
};

/** The sponsor's contact (user type 3), signed in to the event: My sponsorship. */
export const mySponsorshipApi = {
  list: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}`, { params: { eventId }, signal, isSilent: true }),
  get: (eventId: string, sponsorId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/:sponsorId`, { params: { eventId, sponsorId }, signal }),
  update: (eventId: string, sponsorId: string, body: TMySponsorshipInput) => api.call(`PUT ${MINE}/:sponsorId`, { params: { eventId, sponsorId }, body }),
  accept: (eventId: string, sponsorId: string, body: TMySponsorshipAccept) => api.call(`POST ${MINE}/:sponsorId/accept`, { params: { eventId, sponsorId }, body }),
  uploadLogo: (eventId: string, sponsorId: string, body: TSponsorLogoUpload) => api.call(`POST ${MINE}/:sponsorId/logos`, { params: { eventId, sponsorId }, body }),
  figures: (eventId: string, sponsorId: string, format: TFormat) => downloadFile(api.url(`GET ${MINE}/:sponsorId/figures`, { params: { eventId, sponsorId }, query: { format } }), {}, `sponsor-figures.${format}`),
};

/** A card's link to the sponsor's website: the server counts the click and redirects (an <a> sends no bearer). */
export const sponsorVisitUrl = (eventId: string, sponsorId: string) => `/api/eventservices/public/events/${encodeURIComponent(eventId)}/sponsors/${encodeURIComponent(sponsorId)}/visit`;

/** Attendee: the app's Sponsor tab or the portal's Sponsors entry (the client sends the event access token when it has one). */
export const sponsorsApi = {
  showcase: (eventId: string, from: 'app' | 'portal', signal?: AbortSignal) =>
    api.call('GET /api/eventservices/public/events/:eventId/sponsors', { params: { eventId }, query: { from }, signal, isSilent: true }),
  /** The cards a page view showed, in one request that outlives the page (sent as it is left). */
  cardViews: (eventId: string, from: 'app' | 'portal', sponsorIds: string[]) => api.beacon('POST /api/eventservices/public/events/:eventId/sponsors/card-views', { params: { eventId }, body: { from, sponsorIds } }),
};
