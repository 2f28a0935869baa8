import type { TBoothInput, TCompanyInput, TProductInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { z } from 'zod';
import type { ZCompanyImportRequest } from '@pavilion/domain/exhibition/company-import';
import { api } from '../../../app/api-client.ts';

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
};

/** Attendee: the app's Exhibitors tab (the server applies the tab's login and ticket rules). */
export const exhibitorsApi = {
  list: (eventId: string, search: string, page: number, signal?: AbortSignal) =>
    api.call(`GET ${PUB}`, { params: { eventId }, query: { page, pageSize: 50, ...(search ? { search } : {}) }, signal, isSilent: true }),
  company: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${PUB}/:companyId`, { params: { eventId, companyId }, signal, isSilent: true }),
};
