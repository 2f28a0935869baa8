import type { TBoothInput, TCompanyInput, TCompanyVideoUpload, TProductInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { z } from 'zod';
import type { ZCompanyImportRequest } from '@pavilion/domain/exhibition/company-import';
import type { TExhibitionFormCode } from '@pavilion/domain/exhibition/exhibition-forms';
import type { TAdminInvitationInput, TFormSettingsInput, TSubmissionInput, TSubmissionQuery } from '@pavilion/domain/exhibition/service-forms';
import type { TLogoUpload } from '@pavilion/domain/validation/logo-images';
import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

const EV = '/api/eventservices/events/:eventId/exhibition';
const PUB = '/api/eventservices/public/events/:eventId/exhibitors';

/** Organiser: companies (AP-482…485), booths (AP-535…540) and products (AP-559…562) of an event. */
export const exhibitionOrgApi = {
  companies: (eventId: string, query: { search?: string; page?: number; pageSize?: number }, signal?: AbortSignal) =>
    api.call(`GET ${EV}/companies`, { params: { eventId }, query: { page: 1, pageSize: 50, ...query }, signal }),
  createCompany: (eventId: string, body: TCompanyInput) => api.call(`POST ${EV}/companies`, { params: { eventId }, body }),
  importCompanies: (eventId: string, body: z.input<typeof ZCompanyImportRequest>) => api.call(`POST ${EV}/companies/import`, { params: { eventId }, body }),
  updateCompany: (eventId: string, companyId: string, body: TCompanyInput) => api.call(`PUT ${EV}/companies/:companyId`, { params: { eventId, companyId }, body }),
  deleteCompany: (eventId: string, companyId: string) => api.call(`DELETE ${EV}/companies/:companyId`, { params: { eventId, companyId } }),
  uploadCompanyLogo: (eventId: string, companyId: string, body: TLogoUpload) => api.call(`POST ${EV}/companies/:companyId/logo`, { params: { eventId, companyId }, body }),
  removeCompanyLogo: (eventId: string, companyId: string) => api.call(`DELETE ${EV}/companies/:companyId/logo`, { params: { eventId, companyId } }),
  companyStaff: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/staff`, { params: { eventId, companyId }, signal }),
  saveCompanyStaff: (eventId: string, companyId: string, emails: string[]) => api.call(`PUT ${EV}/companies/:companyId/staff`, { params: { eventId, companyId }, body: { emails } }),
  booths: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/booths`, { params: { eventId }, signal }),
  createBooth: (eventId: string, body: TBoothInput) => api.call(`POST ${EV}/booths`, { params: { eventId }, body }),
  updateBooth: (eventId: string, boothId: string, body: TBoothInput) => api.call(`PUT ${EV}/booths/:boothId`, { params: { eventId, boothId }, body }),
  deleteBooth: (eventId: string, boothId: string) => api.call(`DELETE ${EV}/booths/:boothId`, { params: { eventId, boothId } }),
  assignBooth: (eventId: string, boothId: string, companyId: string | null) => api.call(`PUT ${EV}/booths/:boothId/holder`, { params: { eventId, boothId }, body: { companyId } }),
  products: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/products`, { params: { eventId, companyId }, signal }),
  createProduct: (eventId: string, companyId: string, body: TProductInput) => api.call(`POST ${EV}/companies/:companyId/products`, { params: { eventId, companyId }, body }),
  updateProduct: (eventId: string, companyId: string, productId: string, body: TProductInput) =>
    api.call(`PUT ${EV}/companies/:companyId/products/:productId`, { params: { eventId, companyId, productId }, body }),
  deleteProduct: (eventId: string, companyId: string, productId: string) => api.call(`DELETE ${EV}/companies/:companyId/products/:productId`, { params: { eventId, companyId, productId } }),
  videos: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${EV}/companies/:companyId/videos`, { params: { eventId, companyId }, signal }),
  uploadVideo: (eventId: string, companyId: string, body: TCompanyVideoUpload) => api.call(`POST ${EV}/companies/:companyId/videos`, { params: { eventId, companyId }, body }),
  renameVideo: (eventId: string, companyId: string, videoId: string, title: string) => api.call(`PUT ${EV}/companies/:companyId/videos/:videoId`, { params: { eventId, companyId, videoId }, body: { title } }),
  deleteVideo: (eventId: string, companyId: string, videoId: string) => api.call(`DELETE ${EV}/companies/:companyId/videos/:videoId`, { params: { eventId, companyId, videoId } }),
};

/** Attendee: the app's Exhibitors tab (the server applies the tab's login and ticket rules). */
export const exhibitorsApi = {
  list: (eventId: string, search: string, page: number, signal?: AbortSignal, filters: { category?: string; country?: string; hall?: string } = {}) =>
    api.call(`GET ${PUB}`, { params: { eventId }, query: { page, pageSize: 50, ...(search ? { search } : {}), ...filters }, signal, isSilent: true }),
  company: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${PUB}/:companyId`, { params: { eventId, companyId }, signal, isSilent: true }),
  videos: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${PUB}/:companyId/videos`, { params: { eventId, companyId }, signal, isSilent: true }),
  /** Counts the view and answers the stream URL (with its ticket) for a <video>. */
  playVideo: (eventId: string, companyId: string, videoId: string) => api.call(`POST ${PUB}/:companyId/videos/:videoId/play`, { params: { eventId, companyId, videoId } }),
};

const MINE = '/api/eventservices/events/:eventId/my-stand';

/** Organiser: the 23 service forms (AP-516…518), the company admin's invitation (AP-484), review (AP-519…523). */
export const serviceFormsApi = {
  forms: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/service-forms`, { params: { eventId }, signal }),
  saveForm: (eventId: string, formCode: TExhibitionFormCode, body: TFormSettingsInput) => api.call(`PUT ${EV}/service-forms/:formCode`, { params: { eventId, formCode }, body }),
  activateForm: (eventId: string, formCode: TExhibitionFormCode, isActive: boolean) => api.call(`PUT ${EV}/service-forms/:formCode/active`, { params: { eventId, formCode }, body: { isActive } }),
  inviteAdmin: (eventId: string, companyId: string, body: TAdminInvitationInput) => api.call(`POST ${EV}/companies/:companyId/admin-invitation`, { params: { eventId, companyId }, body }),
  /** SPEC §2.1 `ebf/lgn`: a one-time link for the booth's company admin that opens this form for this booth. */
  boothFormLink: (eventId: string, boothId: string, formCode: TExhibitionFormCode) => api.call(`POST ${EV}/booths/:boothId/forms/:formCode/login-link`, { params: { eventId, boothId, formCode }, body: {} }),
  submissions: (eventId: string, query: TSubmissionQuery, signal?: AbortSignal) => api.call(`GET ${EV}/form-submissions`, { params: { eventId }, query, signal }),
  submission: (eventId: string, submissionId: string, signal?: AbortSignal) => api.call(`GET ${EV}/form-submissions/:submissionId`, { params: { eventId, submissionId }, signal }),
  approve: (eventId: string, submissionId: string) => api.call(`POST ${EV}/form-submissions/:submissionId/approve`, { params: { eventId, submissionId }, body: {} }),
  reject: (eventId: string, submissionId: string, reason: string) => api.call(`POST ${EV}/form-submissions/:submissionId/reject`, { params: { eventId, submissionId }, body: { reason } }),
  fulfil: (eventId: string, submissionId: string) => api.call(`POST ${EV}/form-submissions/:submissionId/fulfil`, { params: { eventId, submissionId }, body: {} }),
  downloadAttachment: (eventId: string, submissionId: string, fileName: string) =>
    downloadFile(api.url(`GET ${EV}/form-submissions/:submissionId/attachment`, { params: { eventId, submissionId } }), {}, fileName),
  fulfilment: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/fulfilment`, { params: { eventId }, signal }),
  serviceProviders: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/service-providers`, { params: { eventId }, signal }),
  /** A service provider's own board and its tick (SPEC §3.1 user types 1 and 6). */
  providerBoard: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/provider/fulfilment', { params: { eventId }, signal }),
  providerFulfil: (eventId: string, submissionId: string) => api.call('POST /api/eventservices/events/:eventId/provider/fulfilment/:submissionId/fulfil', { params: { eventId, submissionId }, body: {} }),
};

/** The exhibiting company's admin: their stand and its forms (the server checks they are the company's admin). */
export const myStandApi = {
  stand: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}`, { params: { eventId }, signal, isSilent: true }),
  form: (eventId: string, boothId: string, formCode: TExhibitionFormCode, signal?: AbortSignal) => api.call(`GET ${MINE}/booths/:boothId/forms/:formCode`, { params: { eventId, boothId, formCode }, signal, isSilent: true }),
  save: (eventId: string, boothId: string, formCode: TExhibitionFormCode, body: TSubmissionInput) => api.call(`PUT ${MINE}/booths/:boothId/forms/:formCode`, { params: { eventId, boothId, formCode }, body }),
  downloadAttachment: (eventId: string, submissionId: string, fileName: string) => downloadFile(api.url(`GET ${MINE}/submissions/:submissionId/attachment`, { params: { eventId, submissionId } }), {}, fileName),
};
