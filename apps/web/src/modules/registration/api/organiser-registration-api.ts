import type {
  TAccompanyingRequest,
  TApprovalRequest,
  TAssignCategoryRequest,
  TAssignGroupsRequest,
  TAssignQuotaRequest,
  TCartLinkRequest,
  TCouponBulkRequest,
  TCouponCreateRequest,
  TCouponListQuery,
  TCouponUpdateRequest,
  TDateOptionRequest,
  TOrderListQuery,
  TPaymentStatusRequest,
  TQuotaCreateRequest,
  TQuotaUpdateRequest,
  TRegistrationPhotoRequest,
  TRegistrationFormRequest,
  TRegistrationListQuery,
  TRegistrationSettingsUpdateRequest,
  TReplaceUserRequest,
  TTicketCreateRequest,
  TTicketUpdateRequest,
  TVisitorCategoryRequest,
} from '@pavilion/domain/registration/registration.schemas';
import { api } from '../../../app/api-client.ts';

/** Organiser registration calls (packages/domain/src/registration/registration.routes.ts, where each access code is). */
export const organiserRegistrationApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/registration-settings', { params: { eventId }, signal }),
  updateSettings: (eventId: string, body: TRegistrationSettingsUpdateRequest) =>
    api.call('PATCH /api/eventservices/events/:eventId/registration-settings', { params: { eventId }, body }),

  tickets: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/tickets', { params: { eventId }, signal }),
  createTicket: (eventId: string, body: TTicketCreateRequest) => api.call('POST /api/eventservices/events/:eventId/tickets', { params: { eventId }, body }),
  updateTicket: (eventId: string, id: string, body: TTicketUpdateRequest) => api.call('PATCH /api/eventservices/events/:eventId/tickets/:id', { params: { eventId, id }, body }),
  deleteTicket: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/tickets/:id', { params: { eventId, id } }),
  setTicketQuotas: (eventId: string, id: string, quotaIds: string[]) => api.call('PUT /api/eventservices/events/:eventId/tickets/:id/quotas', { params: { eventId, id }, body: { quotaIds } }),

  quotas: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/quotas', { params: { eventId }, signal }),
  createQuota: (eventId: string, body: TQuotaCreateRequest) => api.call('POST /api/eventservices/events/:eventId/quotas', { params: { eventId }, body }),
  updateQuota: (eventId: string, id: string, body: TQuotaUpdateRequest) => api.call('PATCH /api/eventservices/events/:eventId/quotas/:id', { params: { eventId, id }, body }),
  deleteQuota: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/quotas/:id', { params: { eventId, id } }),

  forms: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/forms', { params: { eventId }, signal }),
  createForm: (eventId: string, body: TRegistrationFormRequest) => api.call('POST /api/eventservices/events/:eventId/forms', { params: { eventId }, body }),
  updateForm: (eventId: string, id: string, body: TRegistrationFormRequest) => api.call('PUT /api/eventservices/events/:eventId/forms/:id', { params: { eventId, id }, body }),
  deleteForm: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/forms/:id', { params: { eventId, id } }),

  coupons: (eventId: string, q: Partial<TCouponListQuery>, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/coupons', { params: { eventId }, query: q, signal }),
  createCoupon: (eventId: string, body: TCouponCreateRequest) => api.call('POST /api/eventservices/events/:eventId/coupons', { params: { eventId }, body }),
  updateCoupon: (eventId: string, id: string, body: TCouponUpdateRequest) => api.call('PATCH /api/eventservices/events/:eventId/coupons/:id', { params: { eventId, id }, body }),
  deleteCoupon: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/coupons/:id', { params: { eventId, id } }),
  bulkCoupons: (eventId: string, body: TCouponBulkRequest) => api.call('POST /api/eventservices/events/:eventId/coupons/bulk', { params: { eventId }, body }),

  categories: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/visitor-categories', { params: { eventId }, signal }),
  createCategory: (eventId: string, body: TVisitorCategoryRequest) => api.call('POST /api/eventservices/events/:eventId/visitor-categories', { params: { eventId }, body }),
  updateCategory: (eventId: string, id: string, body: TVisitorCategoryRequest) =>
    api.call('PUT /api/eventservices/events/:eventId/visitor-categories/:id', { params: { eventId, id }, body }),
  deleteCategory: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/visitor-categories/:id', { params: { eventId, id } }),
  dateOptions: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/date-options', { params: { eventId }, signal }),
  createDateOption: (eventId: string, body: TDateOptionRequest) => api.call('POST /api/eventservices/events/:eventId/date-options', { params: { eventId }, body }),
  deleteDateOption: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/date-options/:id', { params: { eventId, id } }),

  cartLinks: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/cart-links', { params: { eventId }, signal }),
  createCartLink: (eventId: string, body: TCartLinkRequest) => api.call('POST /api/eventservices/events/:eventId/cart-links', { params: { eventId }, body }),
  updateCartLink: (eventId: string, id: string, body: TCartLinkRequest) => api.call('PUT /api/eventservices/events/:eventId/cart-links/:id', { params: { eventId, id }, body }),
  deleteCartLink: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/cart-links/:id', { params: { eventId, id } }),

  registrations: (eventId: string, q: Partial<TRegistrationListQuery>, signal?: AbortSignal) =>
    api.call('GET /api/eventservices/events/:eventId/registrations', { params: { eventId }, query: q, signal }),
  registration: (eventId: string, id: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/registrations/:registrationId', { params: { eventId, registrationId: id }, signal }),
  approval: (eventId: string, body: TApprovalRequest) => api.call('POST /api/eventservices/events/:eventId/registrations/approval', { params: { eventId }, body }),
  assignQuota: (eventId: string, body: TAssignQuotaRequest) => api.call('POST /api/eventservices/events/:eventId/registrations/assign-quota', { params: { eventId }, body }),
  assignCategory: (eventId: string, body: TAssignCategoryRequest) => api.call('POST /api/eventservices/events/:eventId/registrations/assign-category', { params: { eventId }, body }),
  assignGroups: (eventId: string, body: TAssignGroupsRequest) => api.call('POST /api/eventservices/events/:eventId/registrations/assign-groups', { params: { eventId }, body }),
  replaceUser: (eventId: string, id: string, body: TReplaceUserRequest) => api.call('POST /api/eventservices/events/:eventId/registrations/:registrationId/replace', { params: { eventId, registrationId: id }, body }),
  addAccompanying: (eventId: string, id: string, body: TAccompanyingRequest) =>
    api.call('POST /api/eventservices/events/:eventId/registrations/:registrationId/accompanying', { params: { eventId, registrationId: id }, body }),
  paymentStatus: (eventId: string, id: string, body: TPaymentStatusRequest) =>
    api.call('POST /api/eventservices/events/:eventId/registrations/:registrationId/payment-status', { params: { eventId, registrationId: id }, body }),
  setPhoto: (eventId: string, id: string, body: TRegistrationPhotoRequest) => api.call('PUT /api/eventservices/events/:eventId/registrations/:registrationId/photo', { params: { eventId, registrationId: id }, body }),
  removePhoto: (eventId: string, id: string) => api.call('DELETE /api/eventservices/events/:eventId/registrations/:registrationId/photo', { params: { eventId, registrationId: id } }),
  journey: (eventId: string, id: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/registrations/:registrationId/journey', { params: { eventId, registrationId: id }, signal }),

  orders: (eventId: string, q: Partial<TOrderListQuery>, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/orders', { params: { eventId }, query: q, signal }),
  order: (eventId: string, orderId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId/orders/:orderId', { params: { eventId, orderId }, signal }),
  markPaid: (eventId: string, orderId: string) => api.call('POST /api/eventservices/events/:eventId/orders/:orderId/mark-paid', { params: { eventId, orderId } }),
  cancelOrder: (eventId: string, orderId: string) => api.call('POST /api/eventservices/events/:eventId/orders/:orderId/cancel', { params: { eventId, orderId } }),
};

export const organiserFileUrl = {
  export: (eventId: string) => api.url('GET /api/eventservices/events/:eventId/registrations/export', { params: { eventId } }),
  invoice: (eventId: string, orderId: string) => api.url('GET /api/eventservices/events/:eventId/orders/:orderId/invoice.pdf', { params: { eventId, orderId } }),
  creditNote: (eventId: string, orderId: string, creditNoteId: string) =>
    api.url('GET /api/eventservices/events/:eventId/orders/:orderId/credit-notes/:creditNoteId/credit-note.pdf', { params: { eventId, orderId, creditNoteId } }),
};
