import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZCompanyParams, ZExhibitionDeleted, ZExhibitionEventParams } from './exhibition.schemas.ts';
import {
  ZExhibitorProductImages,
  ZMyProductOrders,
  ZProductImage,
  ZProductImageFileParams,
  ZProductImageList,
  ZProductImageParams,
  ZProductImageUpload,
  ZProductOrder,
  ZProductOrderInput,
  ZMyProductOrderExportQuery,
  ZProductOrderExportQuery,
  ZProductOrderList,
  ZProductOrderNoBody,
  ZProductOrderPage,
  ZProductOrderParams,
  ZProductOrderQuery,
  ZProductOrderRejectInput,
  ZStaffQuotaRule,
  ZStaffQuotaRuleInput,
} from './product-orders.ts';

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const mine = '/api/eventservices/events/:eventId/my-stand';
const pub = '/api/eventservices/public/events/:eventId/exhibitors';
const att = '/api/eventservices/events/:eventId/product-orders';

/**
 * Issue 15: product images, product orders with approval, the staff badge quota per stall size.
 *
 * Organiser routes are scoped to the caller's organisation (another organisation's event, company, product or order
 * answers 404) and gated by SPEC §2.7 codes: Products (AP-559 view, AP-561 edit: images), Product Orders (AP-572
 * view, AP-573 export, AP-574 update status), Booths (AP-535 view, AP-537 edit: the staff quota rule).
 *
 * An attendee orders with the event's access token (`ei/{eventId}`) and a registration of the event made with their
 * account email (403 EXHIBITION_NO_REGISTRATION); the Exhibitors tab's rules apply first. The company's admin and
 * its staff see and decide their own company's orders (`my-stand`; 403 EXHIBITION_NOT_COMPANY_MEMBER otherwise,
 * another company's order 404). A move the rule (`nextProductOrderStatus`) does not allow answers 409
 * EXHIBITION_PRODUCT_ORDER_STATUS naming what is allowed; of two decisions at once, one wins and the other gets it.
 */
export const productOrdersRoutes = defineRoutes({
  productImages: { method: 'GET', path: `${ev}/companies/:companyId/products/:productId/images`, auth: 'organiser', access: 'AP-559', tags, params: ZProductImageParams, response: ZProductImageList },
  /** An image (SPEC §5 image types, its first bytes must match its name, ≤ 1 MB, ≤ 5 a product): 400 by field, 409 EXHIBITION_TOO_MANY_IMAGES. */
  uploadProductImage: { method: 'POST', path: `${ev}/companies/:companyId/products/:productId/images`, auth: 'organiser', access: 'AP-561', tags, params: ZProductImageParams, body: ZProductImageUpload, status: 201, response: ZProductImage },
  deleteProductImage: { method: 'DELETE', path: `${ev}/companies/:companyId/products/:productId/images/:imageId`, auth: 'organiser', access: 'AP-561', tags, params: ZProductImageFileParams, response: ZExhibitionDeleted },

  productOrders: { method: 'GET', path: `${ev}/product-orders`, auth: 'organiser', access: 'AP-572', tags, params: ZExhibitionEventParams, query: ZProductOrderQuery, response: ZProductOrderPage },
  /** The event's orders as CSV or XLSX (`?format=`, 400 `pattern` otherwise), optionally by company and status (AP-573). */
  exportOrders: { method: 'GET', path: `${ev}/product-orders/export`, auth: 'organiser', access: 'AP-573', tags, params: ZExhibitionEventParams, query: ZProductOrderExportQuery, response: fileResponse('text/csv; charset=utf-8') },
  approveOrder: { method: 'POST', path: `${ev}/product-orders/:orderId/approve`, auth: 'organiser', access: 'AP-574', tags, params: ZProductOrderParams, body: ZProductOrderNoBody, response: ZProductOrder },
  rejectOrder: { method: 'POST', path: `${ev}/product-orders/:orderId/reject`, auth: 'organiser', access: 'AP-574', tags, params: ZProductOrderParams, body: ZProductOrderRejectInput, response: ZProductOrder },
  fulfilOrder: { method: 'POST', path: `${ev}/product-orders/:orderId/fulfil`, auth: 'organiser', access: 'AP-574', tags, params: ZProductOrderParams, body: ZProductOrderNoBody, response: ZProductOrder },

  staffQuota: { method: 'GET', path: `${ev}/staff-quota`, auth: 'organiser', access: 'AP-535', tags, params: ZExhibitionEventParams, response: ZStaffQuotaRule },
  /** Replaces the rule; an empty body is refused (a rule has at least one band, the last one open-ended). */
  saveStaffQuota: { method: 'PUT', path: `${ev}/staff-quota`, auth: 'organiser', access: 'AP-537', tags, params: ZExhibitionEventParams, body: ZStaffQuotaRuleInput, response: ZStaffQuotaRule },
  /** Removes the rule: no limit again. */
  clearStaffQuota: { method: 'DELETE', path: `${ev}/staff-quota`, auth: 'organiser', access: 'AP-537', tags, params: ZExhibitionEventParams, response: ZStaffQuotaRule },

  /** The company admin's and staff's own orders, newest first. */
  myOrders: { method: 'GET', path: `${mine}/product-orders`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZMyProductOrders },
  /** The company's own orders as CSV or XLSX (admin and staff; anyone else 403 EXHIBITION_NOT_COMPANY_MEMBER). */
  myExportOrders: { method: 'GET', path: `${mine}/product-orders/export`, auth: 'user', tags, params: ZExhibitionEventParams, query: ZMyProductOrderExportQuery, response: fileResponse('text/csv; charset=utf-8') },
  myApproveOrder: { method: 'POST', path: `${mine}/product-orders/:orderId/approve`, auth: 'user', tags, params: ZProductOrderParams, body: ZProductOrderNoBody, response: ZProductOrder },
  myRejectOrder: { method: 'POST', path: `${mine}/product-orders/:orderId/reject`, auth: 'user', tags, params: ZProductOrderParams, body: ZProductOrderRejectInput, response: ZProductOrder },
  myFulfilOrder: { method: 'POST', path: `${mine}/product-orders/:orderId/fulfil`, auth: 'user', tags, params: ZProductOrderParams, body: ZProductOrderNoBody, response: ZProductOrder },

  /** An attendee orders a product of this company (201); the server prices it. */
  placeOrder: { method: 'POST', path: `${pub}/:companyId/orders`, auth: 'user', tags, params: ZCompanyParams, body: ZProductOrderInput, status: 201, response: ZProductOrder },
  /** The attendee's own orders of this event, newest first. */
  attendeeOrders: { method: 'GET', path: `${att}/mine`, auth: 'user', tags, params: ZExhibitionEventParams, response: ZProductOrderList },
  /** Product id → image ids of the company's products (the Exhibitors tab's rules apply). */
  exhibitorProductImages: { method: 'GET', path: `${pub}/:companyId/product-images`, auth: 'public', tags, params: ZCompanyParams, response: ZExhibitorProductImages },
  /** An image's bytes (the Exhibitors tab's rules apply). */
  productImageFile: { method: 'GET', path: `${pub}/:companyId/products/:productId/images/:imageId`, auth: 'public', tags, params: ZProductImageFileParams, response: fileResponse('image/png') },
});
