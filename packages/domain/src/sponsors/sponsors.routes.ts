import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZMySponsorship,
  ZMySponsorshipAccept,
  ZMySponsorshipInput,
  ZMySponsorshipParams,
  ZMySponsorships,
  ZSponsorContactParams,
  ZSponsorInvitation,
  ZSponsorInvitationInput,
  ZSponsorVisitParams,
  ZSponsorCardViews,
  ZSponsorCardViewsInput,
  ZSponsor,
  ZSponsorDeleted,
  ZSponsorEventParams,
  ZSponsorInput,
  ZSponsorLogo,
  ZSponsorLogoParams,
  ZSponsorLogoUpload,
  ZSponsorOrderInput,
  ZSponsorParams,
  ZSponsorShowcase,
  ZSponsorsAdmin,
  ZSponsorsQuery,
  ZSponsorTier,
  ZSponsorFiguresQuery,
  ZSponsorTierInput,
  ZSponsorTierParams,
  ZTierOrderInput,
} from './sponsors.schemas.ts';

const tags = ['sponsors'];
const ev = '/api/eventservices/events/:eventId/sponsors';
const mine = '/api/eventservices/events/:eventId/my-sponsorships';

/**
 * Sponsors (SPEC §3.1 user type 3) in sponsorship tiers. SPEC §6's catalogue has no sponsor codes, so the organiser
 * routes use the exhibition's Companies codes (a sponsor is a company of the event): AP-482 view, AP-483 create,
 * AP-484 edit (also reorder and logo upload), AP-485 delete. Every organiser route is scoped to the caller's
 * organisation and item scope (another organisation's event, tier or sponsor answers 404). Bad input answers 400
 * VALIDATION_FAILED with the field's key; a tier name used twice in an event 409 SPONSOR_TIER_NAME_TAKEN; a tier
 * that still has sponsors is not deleted (409 SPONSOR_TIER_NOT_EMPTY).
 *
 * Attendee read: public, under the app's `sponsor` tab rules (portal.assertTabVisible: hidden 404, login required 401,
 * ticket restricted 403) or, with `from=portal`, the web portal menu's Sponsors entry (portal.assertEntryVisible).
 */
export const sponsorsRoutes = defineRoutes({
  admin: { method: 'GET', path: ev, auth: 'organiser', access: 'AP-482', tags, params: ZSponsorEventParams, response: ZSponsorsAdmin },
  createTier: { method: 'POST', path: `${ev}/tiers`, auth: 'organiser', access: 'AP-483', tags, params: ZSponsorEventParams, body: ZSponsorTierInput, status: 201, response: ZSponsorTier },
  updateTier: { method: 'PUT', path: `${ev}/tiers/:tierId`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorTierParams, body: ZSponsorTierInput, response: ZSponsorTier },
  /** 409 SPONSOR_TIER_NOT_EMPTY while sponsors are in it. */
  deleteTier: { method: 'DELETE', path: `${ev}/tiers/:tierId`, auth: 'organiser', access: 'AP-485', tags, params: ZSponsorTierParams, response: ZSponsorDeleted },
  /** The event's tiers in their new order (every tier once). */
  orderTiers: { method: 'PUT', path: `${ev}/tier-order`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorEventParams, body: ZTierOrderInput, response: ZSponsorsAdmin },
  /** A tier's sponsors in their new order (every sponsor of the tier once). */
  orderSponsors: { method: 'PUT', path: `${ev}/tiers/:tierId/sponsor-order`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorTierParams, body: ZSponsorOrderInput, response: ZSponsorsAdmin },
  createSponsor: { method: 'POST', path: `${ev}/items`, auth: 'organiser', access: 'AP-483', tags, params: ZSponsorEventParams, body: ZSponsorInput, status: 201, response: ZSponsor },
  /** A sponsor moved to another tier goes to its end. */
  updateSponsor: { method: 'PUT', path: `${ev}/items/:sponsorId`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorParams, body: ZSponsorInput, response: ZSponsor },
  deleteSponsor: { method: 'DELETE', path: `${ev}/items/:sponsorId`, auth: 'organiser', access: 'AP-485', tags, params: ZSponsorParams, response: ZSponsorDeleted },
  /** PNG, JPEG or WebP, ≤ 512 KiB, its bytes the type its name claims (`fileTypeNotAllowed`, `fileTooLarge`, `fileContentMismatch`). */
  uploadLogo: { method: 'POST', path: `${ev}/logos`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorEventParams, body: ZSponsorLogoUpload, status: 201, response: ZSponsorLogo },
  /** A logo by its unguessable id (an <img> sends no bearer), cached for good: an id never changes its bytes. */
  logo: { method: 'GET', path: '/api/eventservices/public/sponsor-logos/:logoId', auth: 'public', tags, params: ZSponsorLogoParams, response: fileResponse('image/*') },
  /** The attendee's read: tiers in order with their sponsors (see above for who may). */
  showcase: { method: 'GET', path: '/api/eventservices/public/events/:eventId/sponsors', auth: 'public', tags, params: ZSponsorEventParams, query: ZSponsorsQuery, response: ZSponsorShowcase },
  /**
   * The click-through: counted (once per visitor and day) and answered 302 to the sponsor's website; 404 when the
   * sponsor is not the event's or has no website. Attendee cards link here instead of the website itself.
   */
  visit: { method: 'GET', path: '/api/eventservices/public/events/:eventId/sponsors/:sponsorId/visit', auth: 'public', tags, params: ZSponsorVisitParams, response: fileResponse('text/plain') },
  /**
   * The cards a page view showed (IntersectionObserver, ≥ 50 % visible), in one request: each counted once per viewer
   * (an account, or a hash of address and browser), sponsor and UTC day. Read rules as the showcase's; rate-limited.
   */
  cardViews: { method: 'POST', path: '/api/eventservices/public/events/:eventId/sponsors/card-views', auth: 'public', tags, params: ZSponsorEventParams, body: ZSponsorCardViewsInput, response: ZSponsorCardViews },

  /**
   * The sponsor's contacts (user type 3), several a sponsor: the organiser mails an invitation (AP-484) that adds the
   * account as a contact, or sends a new link to one already listed (its acceptance kept); an organiser team account
   * 409 SPONSOR_CONTACT_TEAM_ACCOUNT, an account already the contact of another sponsor of the event 409
   * SPONSOR_CONTACT_TAKEN, a sponsor with SPONSOR_CONTACTS_MAX contacts 409 SPONSOR_CONTACTS_FULL. The admin read
   * lists each sponsor's contacts. Every contact has the same My sponsorship; the contact's routes need the event's
   * access (`ei`); a participant who is the contact of no sponsor of the event answers 403 SPONSOR_NOT_CONTACT, another
   * sponsor's id 404; name and tier are not theirs to change.
   */
  inviteContact: { method: 'POST', path: `${ev}/items/:sponsorId/invitation`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorParams, body: ZSponsorInvitationInput, status: 201, response: ZSponsorInvitation },
  /** Revokes one contact (AP-484): their My sponsorship closes (403 SPONSOR_NOT_CONTACT); their account stays. Answers the sponsor. */
  revokeContact: { method: 'DELETE', path: `${ev}/items/:sponsorId/contacts/:contactId`, auth: 'organiser', access: 'AP-484', tags, params: ZSponsorContactParams, response: ZSponsor },
  /** The sponsor's figures per day since it was added, as CSV or XLSX (`?format=`), for the organiser (AP-482). */
  figures: { method: 'GET', path: `${ev}/items/:sponsorId/figures`, auth: 'organiser', access: 'AP-482', tags, params: ZSponsorParams, query: ZSponsorFiguresQuery, response: fileResponse('text/csv; charset=utf-8') },
  /** The same file for any contact of the sponsor (My sponsorship). */
  myFigures: { method: 'GET', path: `${mine}/:sponsorId/figures`, auth: 'user', tags, params: ZMySponsorshipParams, query: ZSponsorFiguresQuery, response: fileResponse('text/csv; charset=utf-8') },
  /** The sponsors the caller is the contact of in this event (empty for everyone else: the home card asks it). */
  mySponsorships: { method: 'GET', path: mine, auth: 'user', tags, params: ZSponsorEventParams, response: ZMySponsorships },
  mySponsorship: { method: 'GET', path: `${mine}/:sponsorId`, auth: 'user', tags, params: ZMySponsorshipParams, response: ZMySponsorship },
  updateMySponsorship: { method: 'PUT', path: `${mine}/:sponsorId`, auth: 'user', tags, params: ZMySponsorshipParams, body: ZMySponsorshipInput, response: ZMySponsorship },
  /** Accepting the invitation (with a password when the invitation made the account: 400 `required` otherwise). */
  acceptMySponsorship: { method: 'POST', path: `${mine}/:sponsorId/accept`, auth: 'user', tags, params: ZMySponsorshipParams, body: ZMySponsorshipAccept, response: ZMySponsorship },
  /** The organiser's logo rules (PNG, JPEG or WebP by bytes, ≤ 512 KiB); the contact then saves it with PUT. */
  uploadMySponsorLogo: { method: 'POST', path: `${mine}/:sponsorId/logos`, auth: 'user', tags, params: ZMySponsorshipParams, body: ZSponsorLogoUpload, status: 201, response: ZSponsorLogo },
});
