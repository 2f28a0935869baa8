import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZDocumentFileQuery, ZDocumentOpen } from './company-documents.ts';
import { ZCompanyParams, ZExhibitionDeleted } from './exhibition.schemas.ts';
import { ZMyProductParams } from './my-stand.ts';
import {
  ZExhibitorProductDocuments,
  ZMyProductDocumentParams,
  ZProductDocument,
  ZProductDocumentList,
  ZProductDocumentParams,
  ZProductDocumentRename,
  ZProductDocumentUpload,
} from './product-documents.ts';
import { ZProductImageParams } from './product-orders.ts';

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const mine = '/api/eventservices/events/:eventId/my-stand';
const pub = '/api/eventservices/public/events/:eventId/exhibitors';

/**
 * A product's documents (issue 15), as its images: the organiser's routes use the Products codes (AP-559 view, AP-561
 * edit) and are scoped to the caller's organisation (another organisation's event, company or product: 404); the
 * company admin's `my-stand` routes apply the same service functions to the caller's own company (another company's
 * product: 404; staff and everyone else: 403 EXHIBITION_NOT_COMPANY_ADMIN). Uploads: 400 by field `fileTypeNotAllowed`
 * (not a SPEC §5 document type), `fileContentMismatch` (the first bytes say otherwise), `fileTooLarge`; 409
 * EXHIBITION_TOO_MANY_DOCUMENTS past PRODUCT_DOCUMENTS_MAX. Visitors read them under the Exhibitors tab's rules;
 * "Open" records Documents 4, download 2 (once per participant and document) and answers a link valid 10 minutes.
 */
export const productDocumentsRoutes = defineRoutes({
  productDocuments: { method: 'GET', path: `${ev}/companies/:companyId/products/:productId/documents`, auth: 'organiser', access: 'AP-559', tags, params: ZProductImageParams, response: ZProductDocumentList },
  uploadProductDocument: { method: 'POST', path: `${ev}/companies/:companyId/products/:productId/documents`, auth: 'organiser', access: 'AP-561', tags, params: ZProductImageParams, body: ZProductDocumentUpload, status: 201, response: ZProductDocument },
  renameProductDocument: { method: 'PUT', path: `${ev}/companies/:companyId/products/:productId/documents/:documentId`, auth: 'organiser', access: 'AP-561', tags, params: ZProductDocumentParams, body: ZProductDocumentRename, response: ZProductDocument },
  deleteProductDocument: { method: 'DELETE', path: `${ev}/companies/:companyId/products/:productId/documents/:documentId`, auth: 'organiser', access: 'AP-561', tags, params: ZProductDocumentParams, response: ZExhibitionDeleted },

  myProductDocuments: { method: 'GET', path: `${mine}/products/:productId/documents`, auth: 'user', tags, params: ZMyProductParams, response: ZProductDocumentList },
  myUploadProductDocument: { method: 'POST', path: `${mine}/products/:productId/documents`, auth: 'user', tags, params: ZMyProductParams, body: ZProductDocumentUpload, status: 201, response: ZProductDocument },
  myRenameProductDocument: { method: 'PUT', path: `${mine}/products/:productId/documents/:documentId`, auth: 'user', tags, params: ZMyProductDocumentParams, body: ZProductDocumentRename, response: ZProductDocument },
  myDeleteProductDocument: { method: 'DELETE', path: `${mine}/products/:productId/documents/:documentId`, auth: 'user', tags, params: ZMyProductDocumentParams, response: ZExhibitionDeleted },

  /** Product id → its documents, for the company's page (the Exhibitors tab's rules apply). */
  exhibitorProductDocuments: { method: 'GET', path: `${pub}/:companyId/product-documents`, auth: 'public', tags, params: ZCompanyParams, response: ZExhibitorProductDocuments },
  openProductDocument: { method: 'POST', path: `${pub}/:companyId/products/:productId/documents/:documentId/open`, auth: 'public', tags, params: ZProductDocumentParams, response: ZDocumentOpen },
  /** The document's bytes as a download. 404 on a bad or expired ticket. */
  productDocumentFile: { method: 'GET', path: `${pub}/:companyId/products/:productId/documents/:documentId/file`, auth: 'public', tags, params: ZProductDocumentParams, query: ZDocumentFileQuery, response: fileResponse('application/octet-stream') },
});
