import { z } from 'zod';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZLogoId, ZLogoUpload } from '../validation/logo-images.ts';
import { ZCompanyImportRequest, ZCompanyImportResult } from './company-import.ts';
import {
  ZBooth,
  ZBoothHolderInput,
  ZBoothInput,
  ZBoothList,
  ZBoothParams,
  ZExhibitingCompany,
  ZCompanyInput,
  ZExhibitingCompanyPage,
  ZCompanyParams,
  ZCompanyQuery,
  ZCompanyStaff,
  ZCompanyStaffInput,
  ZExhibitionDeleted,
  ZExhibitionEventParams,
  ZExhibitorList,
  ZExhibitorPage,
  ZExhibitorQuery,
  ZProduct,
  ZProductInput,
  ZProductList,
  ZProductParams,
  ZCompanyVideo,
  ZCompanyVideoList,
  ZCompanyVideoRename,
  ZCompanyVideoUpload,
  ZExhibitorVideoList,
  ZVideoParams,
  ZVideoPlayback,
  ZVideoStreamQuery,
} from './exhibition.schemas.ts';

const ZCompanyLogoParams = z.strictObject({ logoId: ZLogoId });
const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const pub = '/api/eventservices/public/events/:eventId/exhibitors';

/**
 * Exhibition (issue 15, first slice). Organiser routes are scoped to the caller's organisation and item scope
 * (another organisation's event or company answers 404) and gated by SPEC §2.7 codes: Companies (AP-482 view,
 * AP-483 create, AP-484 edit, AP-485 delete), Booths (AP-535 view, AP-536 create, AP-537 edit, AP-538 delete,
 * AP-540 assign company), Products (AP-559 view, AP-560 create, AP-561 edit, AP-562 delete).
 *
 * A booth's number is unique in its event's hall (409 EXHIBITION_BOOTH_NUMBER_TAKEN), and booths of one hall may not
 * share a plan cell (409 EXHIBITION_BOOTH_OVERLAP, naming the booth in the way). A booth is held by at most one
 * company; a company may hold several; a company that holds booths is not deleted (409 EXHIBITION_COMPANY_HOLDS_BOOTHS).
 *
 * Attendee reads (the app's Exhibitors tab, SPEC §2.4 `exhibitors`) are public routes that apply the event's tab
 * rules first (portal.assertTabVisible: hidden 404, login required 401, ticket restricted 403).
 */
export const exhibitionRoutes = defineRoutes({
  companies: { method: 'GET', path: `${ev}/companies`, auth: 'organiser', access: 'AP-482', tags, params: ZExhibitionEventParams, query: ZCompanyQuery, response: ZExhibitingCompanyPage },
  /** 409 EXHIBITION_COMPANY_NAME_TAKEN when the event has a company of that name (case-insensitive). */
  createCompany: { method: 'POST', path: `${ev}/companies`, auth: 'organiser', access: 'AP-483', tags, params: ZExhibitionEventParams, body: ZCompanyInput, status: 201, response: ZExhibitingCompany },
  /**
   * CSV import (AP-490 Companies: Bulk Import): a header row naming the columns (name required; category, country,
   * website, email, profile), at most 2,000 rows. All or nothing; every problem reported by row (see ZCompanyImportResult).
   */
  importCompanies: { method: 'POST', path: `${ev}/companies/import`, auth: 'organiser', access: 'AP-490', tags, params: ZExhibitionEventParams, body: ZCompanyImportRequest, status: 201, response: ZCompanyImportResult },
  updateCompany: { method: 'PUT', path: `${ev}/companies/:companyId`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, body: ZCompanyInput, response: ZExhibitingCompany },
  deleteCompany: { method: 'DELETE', path: `${ev}/companies/:companyId`, auth: 'organiser', access: 'AP-485', tags, params: ZCompanyParams, response: ZExhibitionDeleted },

  /**
   * Sets or replaces the company's logo (the sponsors' logo rules: PNG, JPEG or WebP by name and by bytes, ≤ 512 KiB,
   * no SVG: 400 `fileTypeNotAllowed` on fileName, `fileTooLarge` / `fileContentMismatch` on dataBase64); the old one is deleted.
   */
  uploadCompanyLogo: { method: 'POST', path: `${ev}/companies/:companyId/logo`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, body: ZLogoUpload, response: ZExhibitingCompany },
  removeCompanyLogo: { method: 'DELETE', path: `${ev}/companies/:companyId/logo`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, response: ZExhibitingCompany },
  /** A company logo by its unguessable id (an <img> sends no bearer), cached for good: an id never changes its bytes; `nosniff`. */
  companyLogo: { method: 'GET', path: '/api/eventservices/public/company-logos/:logoId', auth: 'public', tags, params: ZCompanyLogoParams, response: fileResponse('image/*') },
  /** The company's staff emails (who gets the Leads tab's scanner for it). */
  companyStaff: { method: 'GET', path: `${ev}/companies/:companyId/staff`, auth: 'organiser', access: 'AP-482', tags, params: ZCompanyParams, response: ZCompanyStaff },
  /** Replaces the list; 409 EXHIBITION_STAFF_TAKEN naming an email that already staffs another company of the event. */
  saveCompanyStaff: { method: 'PUT', path: `${ev}/companies/:companyId/staff`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, body: ZCompanyStaffInput, response: ZCompanyStaff },

  booths: { method: 'GET', path: `${ev}/booths`, auth: 'organiser', access: 'AP-535', tags, params: ZExhibitionEventParams, response: ZBoothList },
  createBooth: { method: 'POST', path: `${ev}/booths`, auth: 'organiser', access: 'AP-536', tags, params: ZExhibitionEventParams, body: ZBoothInput, status: 201, response: ZBooth },
  updateBooth: { method: 'PUT', path: `${ev}/booths/:boothId`, auth: 'organiser', access: 'AP-537', tags, params: ZBoothParams, body: ZBoothInput, response: ZBooth },
  deleteBooth: { method: 'DELETE', path: `${ev}/booths/:boothId`, auth: 'organiser', access: 'AP-538', tags, params: ZBoothParams, response: ZExhibitionDeleted },
  /** Gives the booth to a company of the event (400 `unknownCompany` otherwise), or frees it (companyId null). */
  assignBooth: { method: 'PUT', path: `${ev}/booths/:boothId/holder`, auth: 'organiser', access: 'AP-540', tags, params: ZBoothParams, body: ZBoothHolderInput, response: ZBooth },

  products: { method: 'GET', path: `${ev}/companies/:companyId/products`, auth: 'organiser', access: 'AP-559', tags, params: ZCompanyParams, response: ZProductList },
  createProduct: { method: 'POST', path: `${ev}/companies/:companyId/products`, auth: 'organiser', access: 'AP-560', tags, params: ZCompanyParams, body: ZProductInput, status: 201, response: ZProduct },
  updateProduct: { method: 'PUT', path: `${ev}/companies/:companyId/products/:productId`, auth: 'organiser', access: 'AP-561', tags, params: ZProductParams, body: ZProductInput, response: ZProduct },
  /** Its images and documents go with it; 409 EXHIBITION_PRODUCT_HAS_OPEN_ORDERS while an order of it is pending or approved. */
  deleteProduct: { method: 'DELETE', path: `${ev}/companies/:companyId/products/:productId`, auth: 'organiser', access: 'AP-562', tags, params: ZProductParams, response: ZExhibitionDeleted },

  /** A company's videos with their view counts (the exhibitor report's Videos tab, SPEC §2.6). */
  videos: { method: 'GET', path: `${ev}/companies/:companyId/videos`, auth: 'organiser', access: 'AP-482', tags, params: ZCompanyParams, response: ZCompanyVideoList },
  /**
   * Uploads a video (MP4/WebM ≤ 20 MB, ≤ 20 a company): 400 `fileTypeNotAllowed`, `fileContentMismatch` (its first
   * bytes are not the format its name says), `fileTooLarge`; 409 EXHIBITION_TOO_MANY_VIDEOS.
   */
  uploadVideo: { method: 'POST', path: `${ev}/companies/:companyId/videos`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, body: ZCompanyVideoUpload, status: 201, response: ZCompanyVideo },
  renameVideo: { method: 'PUT', path: `${ev}/companies/:companyId/videos/:videoId`, auth: 'organiser', access: 'AP-484', tags, params: ZVideoParams, body: ZCompanyVideoRename, response: ZCompanyVideo },
  deleteVideo: { method: 'DELETE', path: `${ev}/companies/:companyId/videos/:videoId`, auth: 'organiser', access: 'AP-484', tags, params: ZVideoParams, response: ZExhibitionDeleted },

  /** The event's exhibiting companies with their booths, by name; `search` matches name, category or booth number. */
  exhibitors: { method: 'GET', path: pub, auth: 'public', tags, params: ZExhibitionEventParams, query: ZExhibitorQuery, response: ZExhibitorList },
  /** One company's page: profile, booths and products. */
  exhibitor: { method: 'GET', path: `${pub}/:companyId`, auth: 'public', tags, params: ZCompanyParams, response: ZExhibitorPage },
  /** The company's videos (the Exhibitors tab's rules apply). */
  exhibitorVideos: { method: 'GET', path: `${pub}/:companyId/videos`, auth: 'public', tags, params: ZCompanyParams, response: ZExhibitorVideoList },
  /**
   * Plays a video: records SPEC §9 report action view 1 with analytics type Videos 5 once per participant and video
   * (a visitor without the event's access token is not counted), and answers a stream URL with a ticket valid 6 hours.
   */
  playVideo: { method: 'POST', path: `${pub}/:companyId/videos/:videoId/play`, auth: 'public', tags, params: ZVideoParams, response: ZVideoPlayback },
  /** The video's bytes with its content type; honours `Range` (206 Partial Content, 416 outside) so a player can seek. 404 on a bad or expired ticket. */
  videoStream: { method: 'GET', path: `${pub}/:companyId/videos/:videoId/stream`, auth: 'public', tags, params: ZVideoParams, query: ZVideoStreamQuery, response: fileResponse('video/mp4') },
});
