import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZAuditoriumConfig,
  ZExhibitionHallConfig,
  ZInfoConfig,
  ZLobbyConfig,
  ZVenueEventParams,
  ZVenueImage,
  ZVenueImageParams,
  ZVenueImageUpload,
  ZVenuePageParams,
  ZVenuePageState,
  ZVenuePageView,
  ZVenuePublishRequest,
  ZVenueSettings,
  ZVirtualRoomConfig,
} from './venue.schemas.ts';

const tags = ['venue'];
const ev = '/api/eventservices/events/:eventId/venue';
const save = { method: 'PUT', auth: 'organiser', access: 'AP-777', tags, params: ZVenueEventParams, response: ZVenuePageState } as const;

/**
 * The virtual venue (issue 14): Lobby, Exhibition Hall, Info, Auditorium and Virtual Room of one event.
 * Organiser routes ("Pages": AP-775 view, AP-777 edit, AP-780 publish) are scoped to the caller's organisation and
 * item scope (another organisation's event answers 404). A bad configuration answers 400 VALIDATION_FAILED with the
 * field's key and changes nothing.
 *
 * Attendee read: a signed-in participant of the event (the event access token of their `ei/{eventId}` login names
 * it; any other caller: 403 VENUE_NOT_ATTENDEE), and only when the event's web portal menu lists the page: else
 * 403 VENUE_NOT_IN_EVENT_MODE for an in-person event, VENUE_BEFORE_EVENT before the event's first day in its time
 * zone (SPEC §2.5, from the portal menu's entry data), VENUE_HIDDEN when the organiser's menu leaves it out.
 */
export const venueRoutes = defineRoutes({
  settings: { method: 'GET', path: ev, auth: 'organiser', access: 'AP-775', tags, params: ZVenueEventParams, response: ZVenueSettings },
  /** Banner and welcome images must be saved in the lobby to be shown (`unknownImage` otherwise). */
  saveLobby: { ...save, path: `${ev}/lobby`, body: ZLobbyConfig },
  saveExhibitionHall: { ...save, path: `${ev}/exhibition-hall`, body: ZExhibitionHallConfig },
  /** The HTML is sanitised (DOMPurify) before it is stored. */
  saveInfo: { ...save, path: `${ev}/info`, body: ZInfoConfig },
  saveAuditorium: { ...save, path: `${ev}/auditorium`, body: ZAuditoriumConfig },
  saveVirtualRoom: { ...save, path: `${ev}/virtual-room`, body: ZVirtualRoomConfig },
  /** Shows a saved page to attendees, or hides it; 409 VENUE_PAGE_NOT_SAVED for a page never saved. */
  publish: { method: 'PUT', path: `${ev}/:page/publication`, auth: 'organiser', access: 'AP-780', tags, params: ZVenuePageParams, body: ZVenuePublishRequest, response: ZVenuePageState },
  /** SPEC §5 image types, ≤ 600 KB; 400 `fileContentMismatch` when the bytes are not the type the name claims. */
  uploadImage: { method: 'POST', path: `${ev}/images`, auth: 'organiser', access: 'AP-777', tags, params: ZVenueEventParams, body: ZVenueImageUpload, status: 201, response: ZVenueImage },
  /** An image by its unguessable id (an <img> sends no bearer), cached for good: an id never changes its bytes. */
  image: { method: 'GET', path: '/api/eventservices/public/venue-images/:imageId', auth: 'public', tags, params: ZVenueImageParams, response: fileResponse('image/*') },
  /** The attendee's read of one page (see above for who may). */
  page: { method: 'GET', path: '/api/eventservices/portal/events/:eventId/venue/:page', auth: 'user', tags, params: ZVenuePageParams, response: ZVenuePageView },
});
