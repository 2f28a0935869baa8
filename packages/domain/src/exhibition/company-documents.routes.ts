import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZCompanyParams, ZExhibitionDeleted, ZExhibitionEventParams } from './exhibition.schemas.ts';
import { ZBoothViewed, ZCompanyDocument, ZCompanyDocumentList, ZCompanyDocumentParams, ZCompanyDocumentRename, ZCompanyDocumentUpload, ZDocumentFileQuery, ZDocumentOpen, ZExhibitorReport } from './company-documents.ts';

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const pub = '/api/eventservices/public/events/:eventId/exhibitors';

/**
 * A company's documents and the exhibitor report (issue 15, SPEC §2.6, §3.10, §5, §9). Organiser routes use the
 * Companies codes (AP-482 view, AP-484 edit) and are scoped to the caller's organisation (another organisation's
 * event or company answers 404). Uploads: 400 `fileTypeNotAllowed` (not a SPEC §5 document type),
 * `fileContentMismatch` (the first bytes say otherwise, e.g. a renamed .exe), `fileTooLarge`; 409 over the
 * company's limit. The visitor routes apply the Exhibitors tab's rules (login, tickets); the company's own report
 * (`my-stand/report`) is for its admin or its staff (a participant of the event), 403 EXHIBITION_NOT_COMPANY_MEMBER
 * otherwise.
 */
export const companyDocumentsRoutes = defineRoutes({
  documents: { method: 'GET', path: `${ev}/companies/:companyId/documents`, auth: 'organiser', access: 'AP-482', tags, params: ZCompanyParams, response: ZCompanyDocumentList },
  uploadDocument: { method: 'POST', path: `${ev}/companies/:companyId/documents`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, body: ZCompanyDocumentUpload, status: 201, response: ZCompanyDocument },
  renameDocument: { method: 'PUT', path: `${ev}/companies/:companyId/documents/:documentId`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyDocumentParams, body: ZCompanyDocumentRename, response: ZCompanyDocument },
  deleteDocument: { method: 'DELETE', path: `${ev}/companies/:companyId/documents/:documentId`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyDocumentParams, response: ZExhibitionDeleted },
  /** The exhibitor report of one company, as the organiser sees it. */
  companyReport: { method: 'GET', path: `${ev}/companies/:companyId/report`, auth: 'organiser', access: 'AP-482', tags, params: ZCompanyParams, response: ZExhibitorReport },

  /** The booth page was opened: SPEC §9 Booth 3, view 1 (once per participant and day; each anonymous open where the tab is public). */
  boothViewed: { method: 'POST', path: `${pub}/:companyId/viewed`, auth: 'public', tags, params: ZCompanyParams, response: ZBoothViewed },
  /** "Open" a document: records Documents 4, download 2 (once per participant and document) and answers a signed URL valid 10 minutes. */
  openDocument: { method: 'POST', path: `${pub}/:companyId/documents/:documentId/open`, auth: 'public', tags, params: ZCompanyDocumentParams, response: ZDocumentOpen },
  /** The document's bytes as a download. 404 on a bad or expired ticket. */
  documentFile: { method: 'GET', path: `${pub}/:companyId/documents/:documentId/file`, auth: 'public', tags, params: ZCompanyDocumentParams, query: ZDocumentFileQuery, response: fileResponse('application/octet-stream') },

  /** The signed-in company admin's or staff member's own company report. */
  myReport: { method: 'GET', path: '/api/eventservices/events/:eventId/my-stand/report', auth: 'user', tags, params: ZExhibitionEventParams, response: ZExhibitorReport },
});
