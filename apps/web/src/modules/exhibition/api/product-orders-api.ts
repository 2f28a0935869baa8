import type { TProductImageUpload, TProductOrderExportQuery, TProductOrderInput, TProductOrderQuery, TStaffQuotaRuleInput } from '@pavilion/domain/exhibition/product-orders';
import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

type TExportFormat = TProductOrderExportQuery['format'];

const EV = '/api/eventservices/events/:eventId/exhibition';
const PUB = '/api/eventservices/public/events/:eventId/exhibitors';
const MINE = '/api/eventservices/events/:eventId/my-stand';

/** Organiser: product images (AP-559/561), product orders (AP-572 view, AP-574 decide), the staff badge rule (AP-535/537). */
export const productOrdersOrgApi = {
  images: (eventId: string, companyId: string, productId: string, signal?: AbortSignal) =>
    api.call(`GET ${EV}/companies/:companyId/products/:productId/images`, { params: { eventId, companyId, productId }, signal }),
  uploadImage: (eventId: string, companyId: string, productId: string, body: TProductImageUpload) =>
    api.call(`POST ${EV}/companies/:companyId/products/:productId/images`, { params: { eventId, companyId, productId }, body }),
  deleteImage: (eventId: string, companyId: string, productId: string, imageId: string) =>
    api.call(`DELETE ${EV}/companies/:companyId/products/:productId/images/:imageId`, { params: { eventId, companyId, productId, imageId } }),
  orders: (eventId: string, query: Partial<TProductOrderQuery>, signal?: AbortSignal) => api.call(`GET ${EV}/product-orders`, { params: { eventId }, query: { page: 1, pageSize: 100, ...query }, signal }),
  /** The event's orders (of one company when given) as a file (AP-573); the server names it. */
  exportOrders: (eventId: string, format: TExportFormat, companyId?: string) =>
    downloadFile(api.url(`GET ${EV}/product-orders/export`, { params: { eventId }, query: { format, ...(companyId ? { companyId } : {}) } }), {}, `product-orders.${format}`),
  approve: (eventId: string, orderId: string) => api.call(`POST ${EV}/product-orders/:orderId/approve`, { params: { eventId, orderId }, body: {} }),
  reject: (eventId: string, orderId: string, reason: string) => api.call(`POST ${EV}/product-orders/:orderId/reject`, { params: { eventId, orderId }, body: { reason } }),
  fulfil: (eventId: string, orderId: string) => api.call(`POST ${EV}/product-orders/:orderId/fulfil`, { params: { eventId, orderId }, body: {} }),
  staffQuota: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/staff-quota`, { params: { eventId }, signal }),
  saveStaffQuota: (eventId: string, body: TStaffQuotaRuleInput) => api.call(`PUT ${EV}/staff-quota`, { params: { eventId }, body }),
  clearStaffQuota: (eventId: string) => api.call(`DELETE ${EV}/staff-quota`, { params: { eventId } }),
};

/** The company's admin and staff: their orders and decisions (the server checks who they are). */
export const myProductOrdersApi = {
  orders: (eventId: string, signal?: AbortSignal) => api.call(`GET ${MINE}/product-orders`, { params: { eventId }, signal, isSilent: true }),
  /** The company's own orders as a file. */
  exportOrders: (eventId: string, format: TExportFormat) => downloadFile(api.url(`GET ${MINE}/product-orders/export`, { params: { eventId }, query: { format } }), {}, `product-orders.${format}`),
  approve: (eventId: string, orderId: string) => api.call(`POST ${MINE}/product-orders/:orderId/approve`, { params: { eventId, orderId }, body: {} }),
  reject: (eventId: string, orderId: string, reason: string) => api.call(`POST ${MINE}/product-orders/:orderId/reject`, { params: { eventId, orderId }, body: { reason } }),
  fulfil: (eventId: string, orderId: string) => api.call(`POST ${MINE}/product-orders/:orderId/fulfil`, { params: { eventId, orderId }, body: {} }),
};

/** The attendee: product images, ordering, their own orders. */
export const attendeeOrdersApi = {
  productImages: (eventId: string, companyId: string, signal?: AbortSignal) => api.call(`GET ${PUB}/:companyId/product-images`, { params: { eventId, companyId }, signal, isSilent: true }),
  imageUrl: (eventId: string, companyId: string, productId: string, imageId: string) => api.url(`GET ${PUB}/:companyId/products/:productId/images/:imageId`, { params: { eventId, companyId, productId, imageId } }),
  order: (eventId: string, companyId: string, body: TProductOrderInput) => api.call(`POST ${PUB}/:companyId/orders`, { params: { eventId, companyId }, body }),
  mine: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/product-orders/mine', { params: { eventId }, signal, isSilent: true }),
};
