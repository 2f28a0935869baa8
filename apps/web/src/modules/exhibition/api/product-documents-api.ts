import type { TProductDocumentUpload } from '@pavilion/domain/exhibition/product-documents';
import { api } from '../../../app/api-client.ts';
import { exhibitionKeys } from './exhibition-keys.ts';

const EV = '/api/eventservices/events/:eventId/exhibition';
const PUB = '/api/eventservices/public/events/:eventId/exhibitors';
const MINE = '/api/eventservices/events/:eventId/my-stand';

/** Query keys of product documents (under the module's one factory). */
export const productDocumentKeys = {
  organiser: (eventId: string, companyId: string, productId: string) => [...exhibitionKeys.products(eventId, companyId), 'documents', productId] as const,
  mine: (eventId: string, productId: string) => [...exhibitionKeys.myStand(eventId), 'products', 'documents', productId] as const,
  exhibitor: (eventId: string, companyId: string) => [...exhibitionKeys.exhibitor(eventId, companyId), 'product-documents'] as const,
};

/** Organiser (AP-559 view, AP-561 edit): a product's documents. */
export const productDocumentsOrgApi = {
  list: (eventId: string, companyId: string, productId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/products/:productId/documents`, { params: { eventId, companyId, productId }, signal }),
  upload: (eventId: string, companyId: string, productId: string, body: TProductDocumentUpload) => api.call(`POST ${EV}/companies/:companyId/products/:productId/documents`, { params: { eventId, companyId, productId }, body }),
  rename: (eventId: string, companyId: string, productId: string, documentId: string, title: string) =>
    api.call(`PUT ${EV}/companies/:companyId/products/:productId/documents/:documentId`, { params: { eventId, companyId, productId, documentId }, body: { title } }),
  remove: (eventId: string, companyId: string, productId: string, documentId: string) => api.call(`DELETE ${EV}/companies/:companyId/products/:productId/documents/:documentId`, { params: { eventId, companyId, productId, documentId } }),
};

/** The company admin on My stand (the server finds the company from the caller). */
export const myProductDocumentsApi = {
  list: (eventId: string, productId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/products/:productId/documents`, { params: { eventId, productId }, signal }),
  upload: (eventId: string, productId: string, body: TProductDocumentUpload) => api.call(`POST ${MINE}/products/:productId/documents`, { params: { eventId, productId }, body }),
  rename: (eventId: string, productId: string, documentId: string, title: string) => api.call(`PUT ${MINE}/products/:productId/documents/:documentId`, { params: { eventId, productId, documentId }, body: { title } }),
  remove: (eventId: string, productId: string, documentId: string) => api.call(`DELETE ${MINE}/products/:productId/documents/:documentId`, { params: { eventId, productId, documentId } }),
};

/** Visitors (the Exhibitors tab's rules): the company's product documents, and "Open" (counted, a signed link). */
export const exhibitorProductDocumentsApi = {
  list: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${PUB}/:companyId/product-documents`, { params: { eventId, companyId }, signal, isSilent: true }),
  open: (eventId: string, companyId: string, productId: string, documentId: string) =>
    api.call(`POST ${PUB}/:companyId/products/:productId/documents/:documentId/open`, { params: { eventId, companyId, productId, documentId } }),
};
