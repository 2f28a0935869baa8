import type { TCompanyDocumentUpload } from '@pavilion/domain/exhibition/company-documents';
import { api } from '../../../app/api-client.ts';
import { exhibitionKeys } from './exhibition-keys.ts';

const EV = '/api/eventservices/events/:eventId/exhibition';
const PUB = '/api/eventservices/public/events/:eventId/exhibitors';

/** Query keys of a company's documents and of the exhibitor report (under the module's one factory). */
export const documentKeys = {
  documents: (eventId: string, companyId: string) => [...exhibitionKeys.all, 'documents', eventId, companyId] as const,
  companyReport: (eventId: string, companyId: string) => [...exhibitionKeys.all, 'report', eventId, companyId] as const,
  myReport: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'report'] as const,
};

/** Organiser (AP-482 view, AP-484 edit): a company's documents with their counts, and its exhibitor report. */
export const companyDocumentsApi = {
  documents: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/documents`, { params: { eventId, companyId }, signal }),
  upload: (eventId: string, companyId: string, body: TCompanyDocumentUpload) => api.call(`POST ${EV}/companies/:companyId/documents`, { params: { eventId, companyId }, body }),
  rename: (eventId: string, companyId: string, documentId: string, title: string) => api.call(`PUT ${EV}/companies/:companyId/documents/:documentId`, { params: { eventId, companyId, documentId }, body: { title } }),
  remove: (eventId: string, companyId: string, documentId: string) => api.call(`DELETE ${EV}/companies/:companyId/documents/:documentId`, { params: { eventId, companyId, documentId } }),
  companyReport: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/report`, { params: { eventId, companyId }, signal }),
};

/** Visitors (the Exhibitors tab's rules): the booth page's view, and "Open" on a document (counted, a signed link). */
export const boothActionsApi = {
  viewed: (eventId: string, companyId: string) => api.call(`POST ${PUB}/:companyId/viewed`, { params: { eventId, companyId }, isSilent: true }),
  open: (eventId: string, companyId: string, documentId: string) => api.call(`POST ${PUB}/:companyId/documents/:documentId/open`, { params: { eventId, companyId, documentId } }),
};

/** The company's admin or staff: their own exhibitor report. */
export const myReportApi = {
  report: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/my-stand/report', { params: { eventId }, signal, isSilent: true }),
};
