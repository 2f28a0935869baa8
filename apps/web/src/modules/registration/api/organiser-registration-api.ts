import type {
  TAccompanyingRequest,
  TApprovalRequest,
  TAssignCategoryRequest,
  TAssignGroupsRequest,
  TAssignQuotaRequest,
  TBulkUpdateResponse,
  TCartLink,
  TCartLinkRequest,
  TCoupon,
  TCouponBulkRequest,
  TCouponBulkResponse,
  TCouponCreateRequest,
  TCouponListQuery,
  TCouponUpdateRequest,
  TDateOption,
  TDateOptionRequest,
  TJourneyEntry,
  TOrder,
  TOrderListQuery,
  TPaymentStatusRequest,
  TQuota,
  TQuotaCreateRequest,
  TQuotaUpdateRequest,
  TRegistration,
  TRegistrationPhotoRequest,
  TRegistrationForm,
  TRegistrationFormRequest,
  TRegistrationListQuery,
  TRegistrationSettings,
  TRegistrationSettingsUpdateRequest,
  TReplaceUserRequest,
  TTicket,
  TTicketCreateRequest,
  TTicketUpdateRequest,
  TVisitorCategory,
  TVisitorCategoryRequest,
} from '@pavilion/domain/registration/registration.schemas';
import type { TPage } from '@pavilion/domain/common/pagination';
import { api } from '../../../app/api-client.ts';

const enc = encodeURIComponent;
const ev = (eventId: string) => `eventservices/events/${enc(eventId)}`;
type TDeleted = { id: string };

/** Organiser calls of API.md "Organiser — registration"; each route's access code is in the contract. */
export const organiserRegistrationApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.get<TRegistrationSettings>(`${ev(eventId)}/registration-settings`, { signal }),
  updateSettings: (eventId: string, body: TRegistrationSettingsUpdateRequest) =>
    api.patch<TRegistrationSettings>(`${ev(eventId)}/registration-settings`, body),

  tickets: (eventId: string, signal?: AbortSignal) => api.get<TTicket[]>(`${ev(eventId)}/tickets`, { signal }),
  createTicket: (eventId: string, body: TTicketCreateRequest) => api.post<TTicket>(`${ev(eventId)}/tickets`, body),
  updateTicket: (eventId: string, id: string, body: TTicketUpdateRequest) => api.patch<TTicket>(`${ev(eventId)}/tickets/${enc(id)}`, body),
  deleteTicket: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/tickets/${enc(id)}`),
  setTicketQuotas: (eventId: string, id: string, quotaIds: string[]) => api.put<TTicket>(`${ev(eventId)}/tickets/${enc(id)}/quotas`, { quotaIds }),

  quotas: (eventId: string, signal?: AbortSignal) => api.get<TQuota[]>(`${ev(eventId)}/quotas`, { signal }),
  createQuota: (eventId: string, body: TQuotaCreateRequest) => api.post<TQuota>(`${ev(eventId)}/quotas`, body),
  updateQuota: (eventId: string, id: string, body: TQuotaUpdateRequest) => api.patch<TQuota>(`${ev(eventId)}/quotas/${enc(id)}`, body),
  deleteQuota: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/quotas/${enc(id)}`),

  forms: (eventId: string, signal?: AbortSignal) => api.get<TRegistrationForm[]>(`${ev(eventId)}/forms`, { signal }),
  createForm: (eventId: string, body: TRegistrationFormRequest) => api.post<TRegistrationForm>(`${ev(eventId)}/forms`, body),
  updateForm: (eventId: string, id: string, body: TRegistrationFormRequest) => api.put<TRegistrationForm>(`${ev(eventId)}/forms/${enc(id)}`, body),
  deleteForm: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/forms/${enc(id)}`),

  coupons: (eventId: string, q: Partial<TCouponListQuery>, signal?: AbortSignal) => api.get<TPage<TCoupon>>(`${ev(eventId)}/coupons`, { query: q, signal }),
  createCoupon: (eventId: string, body: TCouponCreateRequest) => api.post<TCoupon>(`${ev(eventId)}/coupons`, body),
  updateCoupon: (eventId: string, id: string, body: TCouponUpdateRequest) => api.patch<TCoupon>(`${ev(eventId)}/coupons/${enc(id)}`, body),
  deleteCoupon: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/coupons/${enc(id)}`),
  bulkCoupons: (eventId: string, body: TCouponBulkRequest) => api.post<TCouponBulkResponse>(`${ev(eventId)}/coupons/bulk`, body),

  categories: (eventId: string, signal?: AbortSignal) => api.get<TVisitorCategory[]>(`${ev(eventId)}/visitor-categories`, { signal }),
  createCategory: (eventId: string, body: TVisitorCategoryRequest) => api.post<TVisitorCategory>(`${ev(eventId)}/visitor-categories`, body),
  updateCategory: (eventId: string, id: string, body: TVisitorCategoryRequest) =>
    api.put<TVisitorCategory>(`${ev(eventId)}/visitor-categories/${enc(id)}`, body),
  deleteCategory: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/visitor-categories/${enc(id)}`),
  dateOptions: (eventId: string, signal?: AbortSignal) => api.get<TDateOption[]>(`${ev(eventId)}/date-options`, { signal }),
  createDateOption: (eventId: string, body: TDateOptionRequest) => api.post<TDateOption>(`${ev(eventId)}/date-options`, body),
  deleteDateOption: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/date-options/${enc(id)}`),

  cartLinks: (eventId: string, signal?: AbortSignal) => api.get<TCartLink[]>(`${ev(eventId)}/cart-links`, { signal }),
  createCartLink: (eventId: string, body: TCartLinkRequest) => api.post<TCartLink>(`${ev(eventId)}/cart-links`, body),
  updateCartLink: (eventId: string, id: string, body: TCartLinkRequest) => api.put<TCartLink>(`${ev(eventId)}/cart-links/${enc(id)}`, body),
  deleteCartLink: (eventId: string, id: string) => api.delete<TDeleted>(`${ev(eventId)}/cart-links/${enc(id)}`),

  registrations: (eventId: string, q: Partial<TRegistrationListQuery>, signal?: AbortSignal) =>
    api.get<TPage<TRegistration>>(`${ev(eventId)}/registrations`, { query: q, signal }),
  registration: (eventId: string, id: string, signal?: AbortSignal) => api.get<TRegistration>(`${ev(eventId)}/registrations/${enc(id)}`, { signal }),
  approval: (eventId: string, body: TApprovalRequest) => api.post<TBulkUpdateResponse>(`${ev(eventId)}/registrations/approval`, body),
  assignQuota: (eventId: string, body: TAssignQuotaRequest) => api.post<TBulkUpdateResponse>(`${ev(eventId)}/registrations/assign-quota`, body),
  assignCategory: (eventId: string, body: TAssignCategoryRequest) => api.post<TBulkUpdateResponse>(`${ev(eventId)}/registrations/assign-category`, body),
  assignGroups: (eventId: string, body: TAssignGroupsRequest) => api.post<TBulkUpdateResponse>(`${ev(eventId)}/registrations/assign-groups`, body),
  replaceUser: (eventId: string, id: string, body: TReplaceUserRequest) => api.post<TRegistration>(`${ev(eventId)}/registrations/${enc(id)}/replace`, body),
  addAccompanying: (eventId: string, id: string, body: TAccompanyingRequest) =>
    api.post<TRegistration[]>(`${ev(eventId)}/registrations/${enc(id)}/accompanying`, body),
  paymentStatus: (eventId: string, id: string, body: TPaymentStatusRequest) =>
    api.post<TRegistration>(`${ev(eventId)}/registrations/${enc(id)}/payment-status`, body),
  setPhoto: (eventId: string, id: string, body: TRegistrationPhotoRequest) => api.put<TRegistration>(`${ev(eventId)}/registrations/${enc(id)}/photo`, body),
  removePhoto: (eventId: string, id: string) => api.delete<TRegistration>(`${ev(eventId)}/registrations/${enc(id)}/photo`),
  journey: (eventId: string, id: string, signal?: AbortSignal) => api.get<TJourneyEntry[]>(`${ev(eventId)}/registrations/${enc(id)}/journey`, { signal }),

  orders: (eventId: string, q: Partial<TOrderListQuery>, signal?: AbortSignal) => api.get<TPage<TOrder>>(`${ev(eventId)}/orders`, { query: q, signal }),
  order: (eventId: string, orderId: string, signal?: AbortSignal) => api.get<TOrder>(`${ev(eventId)}/orders/${enc(orderId)}`, { signal }),
  markPaid: (eventId: string, orderId: string) => api.post<TOrder>(`${ev(eventId)}/orders/${enc(orderId)}/mark-paid`),
  cancelOrder: (eventId: string, orderId: string) => api.post<TOrder>(`${ev(eventId)}/orders/${enc(orderId)}/cancel`),
};

export const organiserFileUrl = {
  export: (eventId: string) => `/api/${ev(eventId)}/registrations/export`,
  invoice: (eventId: string, orderId: string) => `/api/${ev(eventId)}/orders/${enc(orderId)}/invoice.pdf`,
};
