import { defineRoutes } from '../common/route-contract.ts';
import { ZLogoUpload } from '../validation/logo-images.ts';
import { ZCompanyDocument, ZCompanyDocumentList, ZCompanyDocumentRename, ZCompanyDocumentUpload } from './company-documents.ts';
import {
  ZCompanyStaff,
  ZCompanyStaffInput,
  ZCompanyVideo,
  ZCompanyVideoList,
  ZCompanyVideoRename,
  ZCompanyVideoUpload,
  ZExhibitingCompany,
  ZExhibitionDeleted,
  ZExhibitionEventParams,
  ZProduct,
  ZProductInput,
  ZProductList,
  ZVideoParams,
  ZVideoPlayback,
} from './exhibition.schemas.ts';
import { ZMyCompanyProfileInput, ZMyDocumentParams, ZMyProductImageParams, ZMyProductParams, ZMyVideoParams, ZStandMembership } from './my-stand.ts';
import { ZProductImage, ZProductImageList, ZProductImageUpload } from './product-orders.ts';

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const mine = '/api/eventservices/events/:eventId/my-stand';

/**
 * My stand for an exhibiting company's admin and staff (issue 15), and the organiser's video playback.
 *
 * The `my-stand` routes need a signed-in participant of the event (the `ei/{eventId}` event access token); the company
 * is the caller's own (the admin's, else the staff member's by account email), never a request parameter, so another
 * company's product, image or video answers 404. Products and their images are the admin's alone (403
 * EXHIBITION_NOT_COMPANY_ADMIN for staff and everyone else); videos play for the admin and the staff (403
 * EXHIBITION_NOT_COMPANY_MEMBER otherwise) without counting a visitor's view. The same service functions as the
 * organiser's Products and Videos routes do the work.
 *
 * The admin also runs the company itself with the organiser's rules (the staff: 403 EXHIBITION_NOT_COMPANY_ADMIN):
 * its profile (not its name, which stays the organiser's; rich text sanitised), its staff emails (within the staff
 * badge quota; 409 EXHIBITION_STAFF_TAKEN, EXHIBITION_STAFF_QUOTA_EXCEEDED, EXHIBITION_STAFF_HAS_BADGE), and its
 * documents and videos (SPEC §5 types checked by their first bytes, the same size and count limits: 400
 * fileTypeNotAllowed / fileContentMismatch / fileTooLarge, 409 over the limit).
 */
export const myStandRoutes = defineRoutes({
  /** Who the caller is to an exhibiting company of this event: admin, staff or nobody (200 with role null). */
  myMembership: { method: 'GET', path: `${mine}/membership`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZStandMembership },

  myProducts: { method: 'GET', path: `${mine}/products`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZProductList },
  myCreateProduct: { method: 'POST', path: `${mine}/products`, auth: 'user', tags, params: ZExhibitionEventParams, body: ZProductInput, status: 201, response: ZProduct },
  myUpdateProduct: { method: 'PUT', path: `${mine}/products/:productId`, auth: 'user', tags, params: ZMyProductParams, body: ZProductInput, response: ZProduct },
  /**
   * Deletes one of the company's products with its images and documents, as the organiser's delete (AP-562) does.
   * Refused with 409 EXHIBITION_PRODUCT_HAS_OPEN_ORDERS while an order of it is pending or approved (the visitor is
   * still waiting on the company: reject or fulfil it first); rejected and fulfilled orders stay readable for both
   * sides under the name they were placed with.
   */
  myDeleteProduct: { method: 'DELETE', path: `${mine}/products/:productId`, auth: 'user', tags, params: ZMyProductParams, response: ZExhibitionDeleted },
  myProductImages: { method: 'GET', path: `${mine}/products/:productId/images`, auth: 'user', tags, params: ZMyProductParams, response: ZProductImageList },
  /** SPEC §5 image types, first bytes matching the name, ≤ 1 MB, ≤ 5 a product (409 EXHIBITION_TOO_MANY_IMAGES), as the organiser's. */
  myUploadProductImage: { method: 'POST', path: `${mine}/products/:productId/images`, auth: 'user', tags, params: ZMyProductParams, body: ZProductImageUpload, status: 201, response: ZProductImage },
  myDeleteProductImage: { method: 'DELETE', path: `${mine}/products/:productId/images/:imageId`, auth: 'user', tags, params: ZMyProductImageParams, response: ZExhibitionDeleted },

  /** The company's videos with their view counts (the exhibitor report's Videos figures). */
  myVideos: { method: 'GET', path: `${mine}/videos`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZCompanyVideoList },
  /** A stream address for the company's own video (a sealed 6-hour ticket, as a visitor's); no view is counted. */
  myPlayVideo: { method: 'POST', path: `${mine}/videos/:videoId/play`, auth: 'user', tags, params: ZMyVideoParams, response: ZVideoPlayback },

  myProfile: { method: 'GET', path: `${mine}/profile`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZExhibitingCompany },
  mySaveProfile: { method: 'PUT', path: `${mine}/profile`, auth: 'user', tags, params: ZExhibitionEventParams, body: ZMyCompanyProfileInput, response: ZExhibitingCompany },
  /** The company's logo, set or replaced (the organiser's logo rules) or removed by its admin. */
  myUploadLogo: { method: 'POST', path: `${mine}/logo`, auth: 'user', tags, params: ZExhibitionEventParams, body: ZLogoUpload, response: ZExhibitingCompany },
  myRemoveLogo: { method: 'DELETE', path: `${mine}/logo`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZExhibitingCompany },
  myStaff: { method: 'GET', path: `${mine}/staff`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZCompanyStaff },
  mySaveStaff: { method: 'PUT', path: `${mine}/staff`, auth: 'user', tags, params: ZExhibitionEventParams, body: ZCompanyStaffInput, response: ZCompanyStaff },

  myDocuments: { method: 'GET', path: `${mine}/documents`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZCompanyDocumentList },
  myUploadDocument: { method: 'POST', path: `${mine}/documents`, auth: 'user', tags, params: ZExhibitionEventParams, body: ZCompanyDocumentUpload, status: 201, response: ZCompanyDocument },
  myRenameDocument: { method: 'PUT', path: `${mine}/documents/:documentId`, auth: 'user', tags, params: ZMyDocumentParams, body: ZCompanyDocumentRename, response: ZCompanyDocument },
  myDeleteDocument: { method: 'DELETE', path: `${mine}/documents/:documentId`, auth: 'user', tags, params: ZMyDocumentParams, response: ZExhibitionDeleted },
  myUploadVideo: { method: 'POST', path: `${mine}/videos`, auth: 'user', tags, params: ZExhibitionEventParams, body: ZCompanyVideoUpload, status: 201, response: ZCompanyVideo },
  myRenameVideo: { method: 'PUT', path: `${mine}/videos/:videoId`, auth: 'user', tags, params: ZMyVideoParams, body: ZCompanyVideoRename, response: ZCompanyVideo },
  myDeleteVideo: { method: 'DELETE', path: `${mine}/videos/:videoId`, auth: 'user', tags, params: ZMyVideoParams, response: ZExhibitionDeleted },

  /** The organiser plays a company's video back (Companies → Videos, AP-482); no view is counted. */
  playCompanyVideo: { method: 'POST', path: `${ev}/companies/:companyId/videos/:videoId/play`, auth: 'organiser', access: 'AP-482', tags, params: ZVideoParams, response: ZVideoPlayback },
});
