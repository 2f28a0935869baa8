import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZAppMenu,
  ZAppTabData,
  ZAppTabParams,
  ZAppTabsSaveRequest,
  ZAppTabsView,
  ZPortalBanner,
  ZPortalBannerParams,
  ZPortalBannerUpload,
  ZPortalEventParams,
  ZPortalMenu,
  ZPortalMenuSaveRequest,
  ZPortalMenuView,
} from './portal.schemas.ts';

const tags = ['portal'];
const org = '/api/eventservices/events/:eventId';
const pub = '/api/eventservices/public/events/:eventId';

/**
 * The attendee app's tabs (SPEC §2.4) and the web portal's menu (SPEC §2.5), issue 14.
 *
 * Organiser routes are scoped to the caller's organisation (another organisation's event answers 404): the app menu
 * is T-16 Attendee App Menu (AP-28 view, AP-29 edit, AP-30 reorder: a save that moves a tab also needs AP-30), the
 * web portal menu is the event website's Pages (T-212: AP-775 view, AP-777 edit). A save replaces the whole list in
 * one transaction; a refusal (400 VALIDATION_FAILED with `errors[{field, key}]`, keys in PortalValidationKey) changes
 * nothing. An event with nothing saved answers the spec's defaults (`isDefault`).
 *
 * Attendee routes are public and read the caller's bearer (and `x-user-access-token`) when sent. A tab that is
 * hidden, not built, login-required for an anonymous caller (401 TAB_LOGIN_REQUIRED), login-required for someone who
 * is not a participant of the event (403 TAB_NOT_PARTICIPANT) or restricted to tickets the caller holds none of
 * (403 TAB_TICKET_RESTRICTED) is left out of the menu, and its data route refuses it. 404 TAB_NOT_AVAILABLE: the tab
 * is hidden or its capability is not built.
 */
export const portalRoutes = defineRoutes({
  appTabs: { method: 'GET', path: `${org}/app-tabs`, auth: 'organiser', access: 'AP-28', tags, params: ZPortalEventParams, response: ZAppTabsView },
  /** The whole list (every SPEC §2.4 tab once): order, shown, login required, title, banner id, ticket ids. */
  saveAppTabs: { method: 'PUT', path: `${org}/app-tabs`, auth: 'organiser', access: 'AP-29', tags, params: ZPortalEventParams, body: ZAppTabsSaveRequest, response: ZAppTabsView },
  /**
   * A menu banner image (SPEC §5 image types; the bytes must be that type, at most 2 MiB): answers the banner id to
   * put in a tab's `menuBanner` and its public URL. Refusals: 400 with field `fileName` key fileTypeNotAllowed, or
   * `dataBase64` key fileContentMismatch / fileTooLarge.
   */
  uploadBanner: { method: 'POST', path: `${org}/app-tabs/banners`, auth: 'organiser', access: 'AP-29', tags, params: ZPortalEventParams, body: ZPortalBannerUpload, status: 201, response: ZPortalBanner },
  portalMenu: { method: 'GET', path: `${org}/portal-menu`, auth: 'organiser', access: 'AP-775', tags, params: ZPortalEventParams, response: ZPortalMenuView },
  /** The whole list (every SPEC §2.5 entry once): order, shown, title, eventMode values within 1..3, shown before the event. */
  savePortalMenu: { method: 'PUT', path: `${org}/portal-menu`, auth: 'organiser', access: 'AP-777', tags, params: ZPortalEventParams, body: ZPortalMenuSaveRequest, response: ZPortalMenuView },

  /** The attendee app's menu as the caller may see it, with the event its shell shows. 404 EVENT_NOT_FOUND. */
  appMenu: { method: 'GET', path: `${pub}/app-menu`, auth: 'public', tags, params: ZPortalEventParams, response: ZAppMenu },
  /** One tab's data by name (401/403/404 as above). */
  appTab: { method: 'GET', path: `${pub}/app-tabs/:tabName`, auth: 'public', tags, params: ZAppTabParams, response: ZAppTabData },
  /** The web portal's menu for the event's mode and date (in its time zone), after the organiser's config. */
  portalMenuForCaller: { method: 'GET', path: `${pub}/portal-menu`, auth: 'public', tags, params: ZPortalEventParams, response: ZPortalMenu },
  /** A menu banner image; the id is random (96 bits) and its bytes never change, so it is cached for good. */
  banner: { method: 'GET', path: '/api/eventservices/public/portal-banners/:bannerId', auth: 'public', tags, params: ZPortalBannerParams, response: fileResponse('image/*') },
});
