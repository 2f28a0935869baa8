import type { TCompanyDocumentUpload } from '@pavilion/domain/exhibition/company-documents';
import type { TCompanyVideoUpload, TProductInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TMyCompanyProfileInput } from '@pavilion/domain/exhibition/my-stand';
import type { TProductImageUpload } from '@pavilion/domain/exhibition/product-orders';
import type { TLogoUpload } from '@pavilion/domain/validation/logo-images';
import { api } from '../../../app/api-client.ts';
import { exhibitionKeys } from './exhibition-keys.ts';

const MINE = '/api/eventservices/events/:eventId/my-stand';
const EV = '/api/eventservices/events/:eventId/exhibition';

/** My stand's query keys (under the module's one factory, `exhibitionKeys.myStand`). */
export const myStandKeys = {
  membership: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'membership'] as const,
  products: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'products'] as const,
  productImages: (eventId: string, productId: string) => [...myStandKeys.products(eventId), 'images', productId] as const,
  videos: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'videos'] as const,
  profile: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'profile'] as const,
  staff: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'staff'] as const,
  documents: (eventId: string) => [...exhibitionKeys.myStand(eventId), 'documents'] as const,
};

/** The company's own people (the server finds their company from the signed-in participant). */
export const myStandCompanyApi = {
  membership: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/membership`, { params: { eventId }, signal, isSilent: true }),
  products: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/products`, { params: { eventId }, signal }),
  createProduct: (eventId: string, body: TProductInput) => api.call(`POST ${MINE}/products`, { params: { eventId }, body }),
  updateProduct: (eventId: string, productId: string, body: TProductInput) => api.call(`PUT ${MINE}/products/:productId`, { params: { eventId, productId }, body }),
  deleteProduct: (eventId: string, productId: string) => api.call(`DELETE ${MINE}/products/:productId`, { params: { eventId, productId } }),
  images: (eventId: string, productId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/products/:productId/images`, { params: { eventId, productId }, signal }),
  uploadImage: (eventId: string, productId: string, body: TProductImageUpload) => api.call(`POST ${MINE}/products/:productId/images`, { params: { eventId, productId }, body }),
  deleteImage: (eventId: string, productId: string, imageId: string) => api.call(`DELETE ${MINE}/products/:productId/images/:imageId`, { params: { eventId, productId, imageId } }),
  videos: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/videos`, { params: { eventId }, signal }),
  playVideo: (eventId: string, videoId: string) => api.call(`POST ${MINE}/videos/:videoId/play`, { params: { eventId, videoId } }),
  // The admin runs the company: profile (not its name), staff emails, documents and videos.
  profile: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/profile`, { params: { eventId }, signal }),
  saveProfile: (eventId: string, body: TMyCompanyProfileInput) => api.call(`PUT ${MINE}/profile`, { params: { eventId }, body }),
  uploadLogo: (eventId: string, body: TLogoUpload) => api.call(`POST ${MINE}/logo`, { params: { eventId }, body }),
  removeLogo: (eventId: string) => api.call(`DELETE ${MINE}/logo`, { params: { eventId } }),
  staff: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/staff`, { params: { eventId }, signal }),
  saveStaff: (eventId: string, emails: string[]) => api.call(`PUT ${MINE}/staff`, { params: { eventId }, body: { emails } }),
  documents: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/documents`, { params: { eventId }, signal }),
  uploadDocument: (eventId: string, body: TCompanyDocumentUpload) => api.call(`POST ${MINE}/documents`, { params: { eventId }, body }),
  renameDocument: (eventId: string, documentId: string, title: string) => api.call(`PUT ${MINE}/documents/:documentId`, { params: { eventId, documentId }, body: { title } }),
  deleteDocument: (eventId: string, documentId: string) => api.call(`DELETE ${MINE}/documents/:documentId`, { params: { eventId, documentId } }),
  uploadVideo: (eventId: string, body: TCompanyVideoUpload) => api.call(`POST ${MINE}/videos`, { params: { eventId }, body }),
  renameVideo: (eventId: string, videoId: string, title: string) => api.call(`PUT ${MINE}/videos/:videoId`, { params: { eventId, videoId }, body: { title } }),
  deleteVideo: (eventId: string, videoId: string) => api.call(`DELETE ${MINE}/videos/:videoId`, { params: { eventId, videoId } }),
};

/** The organiser plays a company's video back (AP-482); no view is counted. */
export const organiserPlayVideo = (eventId: string, companyId: string, videoId: string) => api.call(`POST ${EV}/companies/:companyId/videos/:videoId/play`, { params: { eventId, companyId, videoId } });
