import {
  ZAccompanyingRequest,
  ZApprovalRequest,
  ZAssignCategoryRequest,
  ZAssignGroupsRequest,
  ZAssignQuotaRequest,
  ZBulkUpdateResponse,
  ZCart,
  ZCartCreateRequest,
  ZCartLink,
  ZCartLinkList,
  ZCartLinkRequest,
  ZCoupon,
  ZCouponBulkRequest,
  ZCouponBulkResponse,
  ZCouponCreateRequest,
  ZCouponListQuery,
  ZCouponPage,
  ZCouponUpdateRequest,
  ZDateOption,
  ZDateOptionList,
  ZDateOptionRequest,
  ZDeleted,
  ZJourney,
  ZOrder,
  ZOrderCreateRequest,
  ZOrderCreateResponse,
  ZOrderListQuery,
  ZOrderPage,
  ZOrderParams,
  ZOwnPhoto,
  ZOwnRegistrationParams,
  ZPaymentRetryRequest,
  ZPaymentSession,
  ZPaymentStatusRequest,
  ZPriceQuote,
  ZPublicCartLink,
  ZPublicCartLinkParams,
  ZPublicCartParams,
  ZPublicCategoryParams,
  ZPublicOrder,
  ZPublicOrderParams,
  ZPublicRegistrationInfo,
  ZPublicRegistrationQuery,
  ZPublicVisitorCategoryQuery,
  ZQuota,
  ZQuotaCreateRequest,
  ZQuotaList,
  ZQuotaUpdateRequest,
  ZQuoteRequest,
  ZRegEventItemParams,
  ZRegEventParams,
  ZRegistration,
  ZRegistrationExportQuery,
  ZRegistrationForm,
  ZRegistrationFormList,
  ZRegistrationFormRequest,
  ZRegistrationList,
  ZRegistrationListQuery,
  ZRegistrationPage,
  ZRegistrationParams,
  ZRegistrationPhotoFileParams,
  ZRegistrationPhotoFileQuery,
  ZRegistrationPhotoRequest,
  ZRegistrationSettings,
  ZRegistrationSettingsUpdateRequest,
  ZReplaceUserRequest,
  ZTicket,
  ZTicketCreateRequest,
  ZTicketList,
  ZTicketQrParams,
  ZTicketQuotasRequest,
  ZTicketUpdateRequest,
  ZVisitorCategory,
  ZVisitorCategoryList,
  ZVisitorCategoryRequest,
} from './registration.schemas.ts';
import { ZOrderCreditNoteParams, ZPublicOrderCreditNoteList, ZPublicOrderCreditNoteParams } from './payments.schemas.ts';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';

const tags = ['registration'];
const publicTags = ['registration-public'];

/**
 * Registration, ticketing and orders (SPEC §7 eventservices/). Money is integer minor units with an ISO currency;
 * lists take `page`, `pageSize` (default 10) and answer `{ items, total, page, pageSize }`.
 *
 * Organiser routes are scoped to the caller's organisation and event: an event of another organisation, or outside
 * the member's item-level event access, answers 404 NOT_FOUND; ids of another event or tenant (ticket, quota,
 * coupon, category ...) answer 400 with the field key unknownTicket / unknownQuota / unknownCategory. Common errors:
 * VALIDATION_FAILED (400, field keys), 1001 (dangerous content), NOT_FOUND, UNAUTHORISED, ACCESS_DENIED, TRY_AGAIN
 * (409: a seat lock timed out, retry the same request).
 *
 * Counts: a ticket's `sold` counts attendees of confirmed (paid or free) orders, `held` the seats of open carts and
 * of unpaid orders within their window. After each commit that moves them the event's organiser room on
 * /chatservices gets `countsChanged` (ZCountsChangedMessage, at most one a second per event).
 */
export const registrationRoutes = defineRoutes({
  /**
   * The list as a file: `format=csv|xlsx` with the list's filters; CSV carries a BOM and a formula-injection guard.
   * `Content-Disposition: attachment`.
   */
  exportRegistrations: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/registrations/export',
    auth: 'organiser',
    access: 'AP-98',
    tags,
    params: ZRegEventParams,
    query: ZRegistrationExportQuery,
    response: fileResponse('text/csv'),
  },
  /**
   * The order's invoice as an attachment (`invoice-<registrationNo>.pdf`); 404 NOT_FOUND when the order has none (free
   * or unpaid).
   */
  invoicePdf: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/orders/:orderId/invoice.pdf',
    auth: 'organiser',
    access: 'AP-193',
    tags,
    params: ZOrderParams,
    response: fileResponse('application/pdf'),
  },
  /**
   * One credit note of the order (a succeeded refund of its invoice, issue 15; ids in the refunds list's `creditNote`)
   * as an attachment (`credit-note-<number>.pdf`): what it credits, negative, naming the invoice. 404 NOT_FOUND when the
   * order (in this event and organisation) has no such credit note.
   */
  creditNotePdf: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/orders/:orderId/credit-notes/:creditNoteId/credit-note.pdf',
    auth: 'organiser',
    access: 'AP-199',
    tags,
    params: ZOrderCreditNoteParams,
    response: fileResponse('application/pdf'),
  },
  getSettings: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/registration-settings',
    auth: 'organiser',
    access: 'AP-46',
    tags,
    params: ZRegEventParams,
    response: ZRegistrationSettings,
  },
  updateSettings: {
    method: 'PATCH',
    path: '/api/eventservices/events/:eventId/registration-settings',
    auth: 'organiser',
    access: 'AP-48',
    tags,
    params: ZRegEventParams,
    body: ZRegistrationSettingsUpdateRequest,
    response: ZRegistrationSettings,
  },
  listTickets: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/tickets',
    auth: 'organiser',
    access: 'AP-46',
    tags,
    params: ZRegEventParams,
    response: ZTicketList,
  },
  /**
   * Field keys freeTicketHasPrice, paidTicketNeedsPrice, timeCampare, notEquivalent, invalidCurrency (also on update).
   */
  createTicket: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/tickets',
    auth: 'organiser',
    access: 'AP-47',
    tags,
    params: ZRegEventParams,
    body: ZTicketCreateRequest,
    status: 201,
    response: ZTicket,
  },
  getTicket: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/tickets/:id',
    auth: 'organiser',
    access: 'AP-46',
    tags,
    params: ZRegEventItemParams,
    response: ZTicket,
  },
  updateTicket: {
    method: 'PATCH',
    path: '/api/eventservices/events/:eventId/tickets/:id',
    auth: 'organiser',
    access: 'AP-48',
    tags,
    params: ZRegEventItemParams,
    body: ZTicketUpdateRequest,
    response: ZTicket,
  },
  /** 409 TICKET_HAS_ORDERS once the ticket was ordered. */
  deleteTicket: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/tickets/:id',
    auth: 'organiser',
    access: 'AP-49',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  /** Field key unknownQuota for a quota of another event. */
  setTicketQuotas: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/tickets/:id/quotas',
    auth: 'organiser',
    access: 'AP-51',
    tags,
    params: ZRegEventItemParams,
    body: ZTicketQuotasRequest,
    response: ZTicket,
  },
  listQuotas: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/quotas',
    auth: 'organiser',
    access: 'AP-46',
    tags,
    params: ZRegEventParams,
    response: ZQuotaList,
  },
  /** Field key unknownTicket (also on update). */
  createQuota: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/quotas',
    auth: 'organiser',
    access: 'AP-51',
    tags,
    params: ZRegEventParams,
    body: ZQuotaCreateRequest,
    status: 201,
    response: ZQuota,
  },
  updateQuota: {
    method: 'PATCH',
    path: '/api/eventservices/events/:eventId/quotas/:id',
    auth: 'organiser',
    access: 'AP-51',
    tags,
    params: ZRegEventItemParams,
    body: ZQuotaUpdateRequest,
    response: ZQuota,
  },
  /** 409 QUOTA_IN_USE for a ticket's own quota. */
  deleteQuota: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/quotas/:id',
    auth: 'organiser',
    access: 'AP-51',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  listForms: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/forms',
    auth: 'organiser',
    access: 'AP-72',
    tags,
    params: ZRegEventParams,
    response: ZRegistrationFormList,
  },
  /** Field keys duplicate, unknownField (showIf), unknownTicket. */
  createForm: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/forms',
    auth: 'organiser',
    access: 'AP-73',
    tags,
    params: ZRegEventParams,
    body: ZRegistrationFormRequest,
    status: 201,
    response: ZRegistrationForm,
  },
  updateForm: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/forms/:id',
    auth: 'organiser',
    access: 'AP-74',
    tags,
    params: ZRegEventItemParams,
    body: ZRegistrationFormRequest,
    response: ZRegistrationForm,
  },
  deleteForm: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/forms/:id',
    auth: 'organiser',
    access: 'AP-75',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  listCoupons: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/coupons',
    auth: 'organiser',
    access: 'AP-161',
    tags,
    params: ZRegEventParams,
    query: ZCouponListQuery,
    response: ZCouponPage,
  },
  /** 409 COUPON_CODE_TAKEN (field code, key codeTaken); field key unknownTicket. */
  createCoupon: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/coupons',
    auth: 'organiser',
    access: 'AP-162',
    tags,
    params: ZRegEventParams,
    body: ZCouponCreateRequest,
    status: 201,
    response: ZCoupon,
  },
  bulkCoupons: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/coupons/bulk',
    auth: 'organiser',
    access: 'AP-166',
    tags,
    params: ZRegEventParams,
    body: ZCouponBulkRequest,
    status: 201,
    response: ZCouponBulkResponse,
  },
  updateCoupon: {
    method: 'PATCH',
    path: '/api/eventservices/events/:eventId/coupons/:id',
    auth: 'organiser',
    access: 'AP-163',
    tags,
    params: ZRegEventItemParams,
    body: ZCouponUpdateRequest,
    response: ZCoupon,
  },
  deleteCoupon: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/coupons/:id',
    auth: 'organiser',
    access: 'AP-164',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  listCategories: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/visitor-categories',
    auth: 'organiser',
    access: 'AP-112',
    tags,
    params: ZRegEventParams,
    response: ZVisitorCategoryList,
  },
  /** 409 SLUG_TAKEN. */
  createCategory: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/visitor-categories',
    auth: 'organiser',
    access: 'AP-113',
    tags,
    params: ZRegEventParams,
    body: ZVisitorCategoryRequest,
    status: 201,
    response: ZVisitorCategory,
  },
  updateCategory: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/visitor-categories/:id',
    auth: 'organiser',
    access: 'AP-114',
    tags,
    params: ZRegEventItemParams,
    body: ZVisitorCategoryRequest,
    response: ZVisitorCategory,
  },
  deleteCategory: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/visitor-categories/:id',
    auth: 'organiser',
    access: 'AP-115',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  listDateOptions: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/date-options',
    auth: 'organiser',
    access: 'AP-112',
    tags,
    params: ZRegEventParams,
    response: ZDateOptionList,
  },
  /** Field keys unknownCategory, unknownTicket. */
  createDateOption: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/date-options',
    auth: 'organiser',
    access: 'AP-113',
    tags,
    params: ZRegEventParams,
    body: ZDateOptionRequest,
    status: 201,
    response: ZDateOption,
  },
  deleteDateOption: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/date-options/:id',
    auth: 'organiser',
    access: 'AP-115',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  listCartLinks: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/cart-links',
    auth: 'organiser',
    access: 'AP-83',
    tags,
    params: ZRegEventParams,
    response: ZCartLinkList,
  },
  /** Field key unknownTicket. */
  createCartLink: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/cart-links',
    auth: 'organiser',
    access: 'AP-84',
    tags,
    params: ZRegEventParams,
    body: ZCartLinkRequest,
    status: 201,
    response: ZCartLink,
  },
  updateCartLink: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/cart-links/:id',
    auth: 'organiser',
    access: 'AP-85',
    tags,
    params: ZRegEventItemParams,
    body: ZCartLinkRequest,
    response: ZCartLink,
  },
  deleteCartLink: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/cart-links/:id',
    auth: 'organiser',
    access: 'AP-86',
    tags,
    params: ZRegEventItemParams,
    response: ZDeleted,
  },
  listRegistrations: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/registrations',
    auth: 'organiser',
    access: 'AP-94',
    tags,
    params: ZRegEventParams,
    query: ZRegistrationListQuery,
    response: ZRegistrationPage,
  },
  /** Field key unknownRegistration. Journey APPRV / DISAPPRV (`suspended` is DISAPPRV with `detail.status`). */
  setApproval: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/approval',
    auth: 'organiser',
    access: 'AP-99',
    tags,
    params: ZRegEventParams,
    body: ZApprovalRequest,
    response: ZBulkUpdateResponse,
  },
  /** Field key unknownQuota; journey UPDATE (as assign-category, assign-groups and replace). */
  assignQuota: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/assign-quota',
    auth: 'organiser',
    access: 'AP-51',
    tags,
    params: ZRegEventParams,
    body: ZAssignQuotaRequest,
    response: ZBulkUpdateResponse,
  },
  /** Field key unknownCategory. */
  assignCategory: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/assign-category',
    auth: 'organiser',
    access: 'AP-117',
    tags,
    params: ZRegEventParams,
    body: ZAssignCategoryRequest,
    response: ZBulkUpdateResponse,
  },
  assignGroups: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/assign-groups',
    auth: 'organiser',
    access: 'AP-118',
    tags,
    params: ZRegEventParams,
    body: ZAssignGroupsRequest,
    response: ZBulkUpdateResponse,
  },
  getRegistration: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId',
    auth: 'organiser',
    access: 'AP-94',
    tags,
    params: ZRegistrationParams,
    response: ZRegistration,
  },
  replaceUser: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId/replace',
    auth: 'organiser',
    access: 'AP-101',
    tags,
    params: ZRegistrationParams,
    body: ZReplaceUserRequest,
    response: ZRegistration,
  },
  /** Journey REG with `detail.accompanying`. */
  addAccompanying: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId/accompanying',
    auth: 'organiser',
    access: 'AP-102',
    tags,
    params: ZRegistrationParams,
    body: ZAccompanyingRequest,
    status: 201,
    response: ZRegistrationList,
  },
  /**
   * 409 PAYMENT_STATUS_CHANGE_INVALID; `paid` runs the same confirmation as a webhook, `failed` the same seat release.
   */
  setPaymentStatus: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId/payment-status',
    auth: 'organiser',
    access: 'AP-103',
    tags,
    params: ZRegistrationParams,
    body: ZPaymentStatusRequest,
    response: ZRegistration,
  },
  /**
   * 400 PHOTO_INVALID (`fileTooLarge` over 512 KB, `fileContentMismatch` when the bytes are not the claimed type);
   * answers with `photoUrl`.
   */
  setPhoto: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId/photo',
    auth: 'organiser',
    access: 'AP-96',
    tags,
    params: ZRegistrationParams,
    body: ZRegistrationPhotoRequest,
    response: ZRegistration,
  },
  removePhoto: {
    method: 'DELETE',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId/photo',
    auth: 'organiser',
    access: 'AP-96',
    tags,
    params: ZRegistrationParams,
    response: ZRegistration,
  },
  /**
   * The attendee's own photo (eb): any signed-in user, only for a registration made with their account email (else
   * 404, as an unknown id); same checks, journey `detail.by: 'attendee'`.
   */
  setOwnPhoto: {
    method: 'PUT',
    path: '/api/eventservices/me/registrations/:registrationId/photo',
    auth: 'user',
    tags,
    params: ZOwnRegistrationParams,
    body: ZRegistrationPhotoRequest,
    response: ZOwnPhoto,
  },
  removeOwnPhoto: {
    method: 'DELETE',
    path: '/api/eventservices/me/registrations/:registrationId/photo',
    auth: 'user',
    tags,
    params: ZOwnRegistrationParams,
    response: ZOwnPhoto,
  },
  /**
   * Journey entries: REG, APPRV / DISAPPRV, PAY_CAPTURED (`detail.provider`, `detail.amount`), PAY_FAILED, UPDATE;
   * SPEND, USERDEL and PBADGE_PRINT come from other modules.
   */
  journeyOf: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/registrations/:registrationId/journey',
    auth: 'organiser',
    access: 'AP-124',
    tags,
    params: ZRegistrationParams,
    response: ZJourney,
  },
  listOrders: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/orders',
    auth: 'organiser',
    access: 'AP-175',
    tags,
    params: ZRegEventParams,
    query: ZOrderListQuery,
    response: ZOrderPage,
  },
  getOrder: {
    method: 'GET',
    path: '/api/eventservices/events/:eventId/orders/:orderId',
    auth: 'organiser',
    access: 'AP-175',
    tags,
    params: ZOrderParams,
    response: ZOrder,
  },
  /** 409 ORDER_NOT_PAYABLE. An offline order's confirmation (the same step as a webhook). */
  markPaid: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/orders/:orderId/mark-paid',
    auth: 'organiser',
    access: 'AP-180',
    tags,
    params: ZOrderParams,
    response: ZOrder,
  },
  /** 409 ORDER_NOT_CANCELLABLE (a paid order is refunded first). */
  cancelOrder: {
    method: 'POST',
    path: '/api/eventservices/events/:eventId/orders/:orderId/cancel',
    auth: 'organiser',
    access: 'AP-190',
    tags,
    params: ZOrderParams,
    response: ZOrder,
  },
});

/**
 * Public registration and checkout (cart-registration, cs/, visitors/, lvp-select-date/ ...), `auth: 'public'`.
 * Seats: a cart holds them for `cartMinutes`, an unpaid order until `expiresAt`; the reconciliation job (pg-boss
 * on Postgres every minute; lazily on read with PGlite) expires orders, returns seats and coupon use, and sends
 * confirmation mail still owed.
 */
export const registrationPublicRoutes = defineRoutes({
  /**
   * The public registration page's read (public-info.ts: built once, cached). `ETag`; `Cache-Control: public, no-
   * cache` (`private, no-cache` when an unlock code shows hidden tickets); `CDN-Cache-Control: public, max-age=1,
   * stale-while-revalidate=4` when shared; 304 to a matching `If-None-Match`. 404 for an unknown event.
   */
  registrationInfo: {
    method: 'GET',
    path: '/api/eventservices/public/events/:eventId/registration',
    auth: 'public',
    tags: publicTags,
    params: ZRegEventParams,
    query: ZPublicRegistrationQuery,
    response: ZPublicRegistrationInfo,
  },
  /** A cart link (then use its eventId); 404 when unknown or inactive. */
  cartLink: {
    method: 'GET',
    path: '/api/eventservices/public/cart-links/:cartLinkId',
    auth: 'public',
    tags: publicTags,
    params: ZPublicCartLinkParams,
    response: ZPublicCartLink,
  },
  /** `name` is the slug of visitors/{categoryName}. */
  categories: {
    method: 'GET',
    path: '/api/eventservices/public/events/:eventId/visitor-categories',
    auth: 'public',
    tags: publicTags,
    params: ZRegEventParams,
    query: ZPublicVisitorCategoryQuery,
    response: ZVisitorCategoryList,
  },
  /** lvp-select-date/{categoryId}; 404 for an unknown category. */
  dates: {
    method: 'GET',
    path: '/api/eventservices/public/visitor-categories/:categoryId/dates',
    auth: 'public',
    tags: publicTags,
    params: ZPublicCategoryParams,
    response: ZDateOptionList,
  },
  /** The price of a selection; the order errors below apply. */
  quote: {
    method: 'POST',
    path: '/api/eventservices/public/events/:eventId/quote',
    auth: 'public',
    tags: publicTags,
    params: ZRegEventParams,
    body: ZQuoteRequest,
    response: ZPriceQuote,
  },
  /**
   * Holds seats for `cartMinutes` (default 15); an order from the cart takes them over. 409 SOLD_OUT, 409 TRY_AGAIN,
   * ticket errors.
   */
  createCart: {
    method: 'POST',
    path: '/api/eventservices/public/events/:eventId/carts',
    auth: 'public',
    tags: publicTags,
    params: ZRegEventParams,
    body: ZCartCreateRequest,
    status: 201,
    response: ZCart,
  },
  getCart: {
    method: 'GET',
    path: '/api/eventservices/public/carts/:cartId',
    auth: 'public',
    tags: publicTags,
    params: ZPublicCartParams,
    response: ZCart,
  },
  /** Status released; the seats return at once. */
  releaseCart: {
    method: 'DELETE',
    path: '/api/eventservices/public/carts/:cartId',
    auth: 'public',
    tags: publicTags,
    params: ZPublicCartParams,
    response: ZCart,
  },
  /**
   * An order (header `Idempotency-Key`: scoped to route, event and caller; a completed call replays its status and
   * body with `Idempotent-Replayed: true`, fresh answers carry `false`; a failed call is not stored; a key left in
   * flight by a crashed process is taken over after 60 s). 409 IDEMPOTENCY_IN_FLIGHT while the first call runs, 422
   * IDEMPOTENCY_KEY_REUSED for another body. A free order is confirmed at once (`paymentStatus: not_required`); an
   * unpaid one holds its seats until `expiresAt` (`paymentMinutes`, default 30). When the provider cannot start a
   * checkout the order is still created with `payment: null` (retry with the payments route). `payment.redirectUrl`
   * is where the browser goes (Stripe Checkout, the Razorpay-style page or the test gateway); offline: null, with
   * `instructions`. Order errors (400 VALIDATION_FAILED unless said), field: key — `items.N.ticketId`: unknownTicket
   * (other event, unknown, hidden without its unlock code) / notOnSale; `items.N.quantity`: belowMinPerOrder /
   * aboveMaxPerOrder, 409 SOLD_OUT soldOut; `currency`: currencyMismatch; `couponCode`: couponInvalid /
   * couponExpired / couponNotApplicable, 409 COUPON_USED_UP couponUsedUp; 409 PRICE_CHANGED `expectedTotal:
   * priceChanged` (the message carries the server total); 410 CART_EXPIRED `cartId: cartExpired`; `cartId`:
   * cartInvalid / cartMismatch; `attendees`: attendeeCountMismatch, `attendees.N.ticketId`: attendeeTicketMismatch;
   * `attendees.N.answers.<key>`: required / invalidType / invalidOption / too_big; `paymentProvider`: required /
   * providerNotEnabled; 409 TRY_AGAIN when a seat or coupon lock is not obtained within 2 s (retry with the same
   * key).
   */
  createOrder: {
    method: 'POST',
    path: '/api/eventservices/public/events/:eventId/orders',
    auth: 'public',
    tags: publicTags,
    params: ZRegEventParams,
    body: ZOrderCreateRequest,
    status: 201,
    response: ZOrderCreateResponse,
  },
  /**
   * The order as the buyer sees it; the success page polls it until `status` is `paid`. Reading it runs the
   * reconciliation for that order (PGlite has no job runner).
   */
  order: {
    method: 'GET',
    path: '/api/eventservices/public/orders/:orderId',
    auth: 'public',
    tags: publicTags,
    params: ZPublicOrderParams,
    response: ZPublicOrder,
  },
  /**
   * A new payment attempt (header `Idempotency-Key`, as orders): the order row is locked, its seats taken again under
   * the quota locks. 409 ORDER_NOT_PAYABLE (not pending, or past its window), 409 SOLD_OUT (`items.N.quantity:
   * soldOut`), 409 TRY_AGAIN, 400 `provider: providerNotEnabled`.
   */
  retryPayment: {
    method: 'POST',
    path: '/api/eventservices/public/orders/:orderId/payments',
    auth: 'public',
    tags: publicTags,
    params: ZPublicOrderParams,
    body: ZPaymentRetryRequest,
    status: 201,
    response: ZPaymentSession,
  },
  /** 404 NOT_FOUND without an invoice. */
  invoicePdf: {
    method: 'GET',
    path: '/api/eventservices/public/orders/:orderId/invoice.pdf',
    auth: 'public',
    tags: publicTags,
    params: ZPublicOrderParams,
    response: fileResponse('application/pdf'),
  },
  /** The order's credit notes (one per succeeded refund of its invoice), oldest first; 404 NOT_FOUND for no such order. */
  creditNotes: {
    method: 'GET',
    path: '/api/eventservices/public/orders/:orderId/credit-notes',
    auth: 'public',
    tags: publicTags,
    params: ZPublicOrderParams,
    response: ZPublicOrderCreditNoteList,
  },
  /** One credit note's PDF (`credit-note-<number>.pdf`); 404 NOT_FOUND unless it is this order's. */
  creditNotePdf: {
    method: 'GET',
    path: '/api/eventservices/public/orders/:orderId/credit-notes/:creditNoteId/credit-note.pdf',
    auth: 'public',
    tags: publicTags,
    params: ZPublicOrderCreditNoteParams,
    response: fileResponse('application/pdf'),
  },
  /**
   * A signed photo URL (only ever from `photoUrl`: HMAC of id and version), in its own content type, `private, max-
   * age=86400, immutable`; 404 for a bad signature, an old version or a removed photo.
   */
  photo: {
    method: 'GET',
    path: '/api/eventservices/public/registration-photos/:registrationId/:version',
    auth: 'public',
    tags: publicTags,
    params: ZRegistrationPhotoFileParams,
    query: ZRegistrationPhotoFileQuery,
    response: fileResponse('image/*'),
  },
  /**
   * The ticket QR (the registration's signed credential), `private, no-store` (a re-issue changes it); 404 when
   * unknown or the order is not paid.
   */
  ticketQr: {
    method: 'GET',
    path: '/api/eventservices/public/orders/:orderId/attendees/:registrationId/qr.png',
    auth: 'public',
    tags: publicTags,
    params: ZTicketQrParams,
    response: fileResponse('image/png'),
  },
});
