import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZAppIconParams, ZShareInvitation, ZPairParams, ZProfileCard, ZShareEventParams, ZTicketLink, ZTicketLinkParams } from './share.schemas.ts';

const tags = ['share'];
const pub = '/api/eventservices/public';

/**
 * Share links and the event's installable app (issue 14, SPEC §2.1 `r/`, `i/`, `pl/`, `ic`; §3.7). All public.
 * Unknown ids, a pair that reads as no invitation, and a profile its owner keeps private all answer 404
 * SHARE_LINK_NOT_FOUND alike, so a link cannot be used to learn whether someone registered.
 */
export const shareRoutes = defineRoutes({
  /** r/{ticketId}: the ticket's event (404 TICKET_LINK_NOT_FOUND); the page checks it is on sale in the registration read. */
  ticketLink: { method: 'GET', path: `${pub}/ticket-links/:ticketId`, auth: 'public', tags, params: ZTicketLinkParams, response: ZTicketLink },
  /** i/{eventId-eventUserId}: the invitation. */
  invitation: { method: 'GET', path: `${pub}/invitations/:pair`, auth: 'public', tags, params: ZPairParams, response: ZShareInvitation },
  /** pl/{eventId-eventUserId}: the public profile card. */
  profileCard: { method: 'GET', path: `${pub}/profile-links/:pair`, auth: 'public', tags, params: ZPairParams, response: ZProfileCard },
  /** The event as an all-day iCalendar VEVENT (the `ics` package), for any share page; 404 EVENT_NOT_FOUND. */
  eventIcs: { method: 'GET', path: `${pub}/events/:eventId/event.ics`, auth: 'public', tags, params: ZShareEventParams, response: fileResponse('text/calendar; charset=utf-8') },
  /** The event app's web manifest (name, colours, icons, start_url into the attendee app, scope). */
  manifest: { method: 'GET', path: `${pub}/events/:eventId/manifest.webmanifest`, auth: 'public', tags, params: ZShareEventParams, response: fileResponse('application/manifest+json') },
  /** The event app's icon: a lettermark PNG in the white label's colour. */
  appIcon: { method: 'GET', path: `${pub}/events/:eventId/app-icons/:size`, auth: 'public', tags, params: ZAppIconParams, response: fileResponse('image/png') },
  /** The link preview image (1200 × 630 PNG): lettermark and the event's name. */
  previewImage: { method: 'GET', path: `${pub}/events/:eventId/preview.png`, auth: 'public', tags, params: ZShareEventParams, response: fileResponse('image/png') },
});
