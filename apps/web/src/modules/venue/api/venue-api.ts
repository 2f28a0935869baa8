import type {
  TAuditoriumConfig,
  TExhibitionHallConfig,
  TInfoConfig,
  TLobbyConfig,
  TVenueImageUpload,
  TVenuePage,
  TVirtualRoomConfig,
} from '@pavilion/domain/venue/venue.schemas';
import { api } from '../../../app/api-client.ts';

const EV = '/api/eventservices/events/:eventId/venue';

/** Organiser: the event's venue pages (AP-775 view, AP-777 edit, AP-780 publish). */
export const venueOrgApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}`, { params: { eventId }, signal }),
  saveLobby: (eventId: string, body: TLobbyConfig) => api.call(`PUT ${EV}/lobby`, { params: { eventId }, body }),
  saveExhibitionHall: (eventId: string, body: TExhibitionHallConfig) => api.call(`PUT ${EV}/exhibition-hall`, { params: { eventId }, body }),
  saveInfo: (eventId: string, body: TInfoConfig) => api.call(`PUT ${EV}/info`, { params: { eventId }, body }),
  saveAuditorium: (eventId: string, body: TAuditoriumConfig) => api.call(`PUT ${EV}/auditorium`, { params: { eventId }, body }),
  saveVirtualRoom: (eventId: string, body: TVirtualRoomConfig) => api.call(`PUT ${EV}/virtual-room`, { params: { eventId }, body }),
  publish: (eventId: string, page: TVenuePage, isPublished: boolean) => api.call(`PUT ${EV}/:page/publication`, { params: { eventId, page }, body: { isPublished } }),
  uploadImage: (eventId: string, body: TVenueImageUpload) => api.call(`POST ${EV}/images`, { params: { eventId }, body }),
};

/** Attendee: one page of the event they signed in to (the client sends their event access token). */
export const venueApi = {
  page: (eventId: string, page: TVenuePage, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/portal/events/:eventId/venue/:page', { params: { eventId, page }, signal, isSilent: true }),
};

/** An uploaded image's address for an <img> (images are served by their unguessable id). */
export const venueImageUrl = (imageId: string) => api.url('GET /api/eventservices/public/venue-images/:imageId', { params: { imageId } });
