import {
  PRODUCT_IMAGE_CONTENT_TYPES,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  allowedProductOrderActions,
  checkUploadedFile,
  currencyOfTimeZone,
  escapeHtml,
  fileExtension,
  nextProductOrderStatus,
  staffQuotaOf,
  ZProductOrderInput,
  type TExhibitorProductImages,
  type TMyProductOrders,
  type TProductImage,
  type TProductImageUpload,
  type TProductOrder,
  type TProductOrderAction,
  type TProductOrderCount,
  type TProductOrderExportFormat,
  type TProductOrderList,
  type TProductOrderPage,
  type TProductOrderQuery,
  type TProductOrderStatus,
  type TStaffQuotaBand,
  type TStaffQuotaRule,
} from '@pavilion/domain';
import type { z } from 'zod';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { csvDocument, type TCsvValue } from '../../platform/csv.ts';
import { sqlState } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail.ts';
import { xlsxWorkbook } from '../../platform/xlsx.ts';
import { exhibitionErrors } from './exhibition.errors.ts';
import type { ProductImageMeta, ProductOrderRow, ProductOrdersRepository } from './product-orders.repository.ts';

type Participant = { user: AuthUser | null; eventAccess: EventAccess | null };
type TOrderValues = z.output<typeof ZProductOrderInput>;

/** An approved product order, as the `product.order.decided` event carries it (worded as the mail words it). */
export type ProductOrderDecided = { eventId: string; orderId: string; companyId: string; eventUserId: string; status: 'approved'; title: string; body: string };

export type ProductOrdersDeps = {
  repo: ProductOrdersRepository;
  audit: Audit;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  assertTabVisible: (eventId: string, tabName: string, caller: Participant) => Promise<unknown>;
  eventFacts: (eventId: string) => Promise<{ name: string; organisationId: string; timeZone: string } | null>;
  /** The company of this event (of this organisation when given), or null. */
  company: (eventId: string, companyId: string, organisationId?: string) => Promise<{ id: string; name: string; organisationId: string } | null>;
  /** The company's products (id, name, price in cents or null). */
  products: (eventId: string, companyId: string) => Promise<{ id: string; name: string; priceCents: number | null }[]>;
  /** Auth's account email and name. */
  contactOf: (userId: string) => Promise<{ email: string; name: string | null } | null>;
  /** Registration's registrations of the event made with this email. */
  registrationsOfEmail: (eventId: string, email: string) => Promise<{ id: string; firstName: string; lastName: string; email: string }[]>;
  /** Tells the bus an order was approved (notifications puts it in the attendee's inbox); after the mail. */
  decided?: (fact: ProductOrderDecided) => Promise<void>;
};

/** An export of product orders, as the route sends it. */
export type TProductOrdersFile = { body: string | Buffer; fileName: string; contentType: string };

export const productOrderErrors = {
  notParticipant: () => new AppError(403, 'EXHIBITION_NOT_PARTICIPANT', 'Sign in to this event as its participant first'),
  noRegistration: () => new AppError(403, 'EXHIBITION_NO_REGISTRATION', 'You need a registration for this event (made with your account email) to order products'),
  notCompanyMember: () => new AppError(403, 'EXHIBITION_NOT_COMPANY_MEMBER', 'Only the admin or the staff of an exhibiting company of this event see its orders'),
  orderNotFound: () => new AppError(404, 'NOT_FOUND', 'Order not found'),
  imageNotFound: () => new AppError(404, 'NOT_FOUND', 'Image not found'),
  tooManyImages: () => new AppError(409, 'EXHIBITION_TOO_MANY_IMAGES', `A product has at most ${PRODUCT_IMAGES_MAX} images: delete one first`),
  orderStatus: (action: TProductOrderAction, status: TProductOrderStatus) => {
    const allowed = allowedProductOrderActions(status);
    const past = { approve: 'approved', reject: 'rejected', fulfil: 'marked fulfilled' }[action];
    return new AppError(409, 'EXHIBITION_PRODUCT_ORDER_STATUS', `This order is ${status}: it cannot be ${past}; allowed: ${allowed.length ? allowed.join(', ') : 'nothing more'}`);
  },
};

const amount = (cents: number | null) => (cents === null ? null : cents / 100);
const money = (cents: number) => (cents / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Product images, attendees' product orders and their approval, and the staff badge quota per stall size (issue 15).
 * Order statuses move only by `nextProductOrderStatus`, as a conditional update on the status they were read in.
 */
export function createProductOrdersService(deps: ProductOrdersDeps) {
  const { repo } = deps;

  /** The event's currency as new tickets get it (from its time zone), or null: products carry no currency of their own. */
  async function currencyOf(eventId: string): Promise<string | null> {
    const event = await deps.eventFacts(eventId);
    return event ? currencyOfTimeZone(event.timeZone) : null;
  }

  function orderView(r: ProductOrderRow, companyName: string, currency: string | null): TProductOrder {
    const status = r.status as TProductOrderStatus;
    return {
      id: r.id,
      companyId: r.companyId,
      companyName,
      productId: r.productId,
      productName: r.productName,
      quantity: r.quantity,
      note: r.note,
      unitPrice: amount(r.unitPriceCents),
      total: amount(r.totalCents),
      isQuote: r.unitPriceCents === null,
      status,
      rejectionReason: r.rejectionReason,
      attendeeName: r.attendeeName,
      attendeeEmail: r.attendeeEmail,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      currency,
      allowedActions: allowedProductOrderActions(status),
    };
  }
  async function orderViews(eventId: string, rows: ProductOrderRow[]): Promise<TProductOrder[]> {
    const [names, currency] = await Promise.all([repo.companyNames(eventId, [...new Set(rows.map((r) => r.companyId))]), currencyOf(eventId)]);
    return rows.map((r) => orderView(r, names.get(r.companyId) ?? '', currency));
  }
  const imageView = (m: ProductImageMeta): TProductImage => ({ id: m.id, productId: m.productId, fileName: m.fileName, contentType: m.contentType, byteSize: m.byteSize });

  function participantOf(caller: Participant, eventId: string): { userId: string; eventUserId: string } {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw productOrderErrors.notParticipant();
    return { userId: caller.user.userId, eventUserId: caller.eventAccess.eventUserId };
  }

  /** Who the signed-in participant is to an exhibiting company of this event: its admin (first), its staff, or null. */
  async function membership(caller: Participant, eventId: string): Promise<{ role: 'admin' | 'staff'; company: { id: string; name: string; organisationId: string } } | null> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) return null;
    let role: 'admin' | 'staff' = 'admin';
    let companyId = await repo.adminCompanyOf(eventId, caller.user.userId);
    if (!companyId) {
      role = 'staff';
      const contact = await deps.contactOf(caller.user.userId);
      companyId = contact ? await repo.staffCompanyOf(eventId, contact.email) : null;
    }
    const company = companyId ? await deps.company(eventId, companyId) : null;
    return company ? { role, company } : null;
  }

  /** The company the signed-in participant runs (its admin) or staffs in this event; 403 otherwise. */
  async function memberCompany(caller: Participant, eventId: string): Promise<{ id: string; name: string; organisationId: string }> {
    const member = await membership(caller, eventId);
    if (!member) throw productOrderErrors.notCompanyMember();
    return member.company;
  }

  async function ownProduct(organisationId: string, eventId: string, companyId: string, productId: string) {
    const company = await deps.company(eventId, companyId, organisationId);
    if (!company) throw exhibitionErrors.companyNotFound();
    if (!(await deps.products(eventId, companyId)).some((p) => p.id === productId)) throw exhibitionErrors.productNotFound();
    return { eventId, companyId };
  }

  /*
   * A product's images without the organiser's event check: the organiser's routes and the company admin's My stand
   * share these rules (the product must be the company's, the company the event's and the organisation's).
   */
  async function companyProductImages(organisationId: string, eventId: string, companyId: string, productId: string): Promise<TProductImage[]> {
    const c = await ownProduct(organisationId, eventId, companyId, productId);
    return (await repo.images(c, productId)).map(imageView);
  }
  async function addCompanyProductImage(organisationId: string, eventId: string, companyId: string, productId: string, input: TProductImageUpload, actorUserId: string): Promise<TProductImage> {
    await ownProduct(organisationId, eventId, companyId, productId);
    const bytes = Buffer.from(input.dataBase64, 'base64');
    if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw errors.validation([{ field: 'dataBase64', key: 'fileTooLarge' }]);
    const problem = checkUploadedFile(input.fileName, bytes, 'image');
    if (problem) throw errors.validation([{ field: problem === 'fileContentMismatch' ? 'dataBase64' : 'fileName', key: problem }]);
    const ext = fileExtension(input.fileName) as keyof typeof PRODUCT_IMAGE_CONTENT_TYPES;
    const row = await repo.insertImage(
      { id: newId(), organisationId, eventId, companyId, productId, fileName: input.fileName, contentType: PRODUCT_IMAGE_CONTENT_TYPES[ext], byteSize: bytes.length, bytes },
      PRODUCT_IMAGES_MAX,
    );
    if (!row) throw productOrderErrors.tooManyImages();
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_image_uploaded', target: row.id, meta: { eventId, companyId, productId } });
    return imageView(row);
  }
  async function removeCompanyProductImage(organisationId: string, eventId: string, companyId: string, productId: string, imageId: string, actorUserId: string): Promise<{ id: string }> {
    const c = await ownProduct(organisationId, eventId, companyId, productId);
    if (!(await repo.deleteImage(c, productId, imageId))) throw productOrderErrors.imageNotFound();
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_image_deleted', target: imageId, meta: { eventId, companyId, productId } });
    return { id: imageId };
  }

  /** The attendee's mail and inbox notice for an approved order, under SPEC §3.10's name "Product approved". */
  async function tellApproved(row: ProductOrderRow, companyName: string): Promise<void> {
    const event = await deps.eventFacts(row.eventId);
    if (!event) return;
    const title = 'Product approved';
    const price = row.totalCents === null ? 'The company will send you its quote.' : `Total: ${money(row.totalCents)}.`;
    const body = `${companyName} approved your order of ${row.quantity} × ${row.productName} at ${event.name}. ${price}`;
    const link = `${deps.publicUrl.replace(/\/$/, '')}/tabs/exhibitors?eventId=${encodeURIComponent(row.eventId)}&company=${encodeURIComponent(row.companyId)}`;
    await deps.mailer.send({
      to: row.attendeeEmail,
      subject: `${title}: ${row.productName}`,
      text: `Hello ${row.attendeeName},\n\n${body}\n\nYour orders: ${link}\n`,
      html: `<p>Hello ${escapeHtml(row.attendeeName)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">Your orders</a></p>`,
      organisationId: row.organisationId,
      eventId: row.eventId,
      messageId: `<product-order-${row.id}@pavilion>`,
    });
    await deps.decided?.({ eventId: row.eventId, orderId: row.id, companyId: row.companyId, eventUserId: row.eventUserId, status: 'approved', title, body });
  }

  /** A decision on an order already known to be the caller's to decide: the rule, then the conditional move. */
  async function move(row: ProductOrderRow, companyName: string, action: TProductOrderAction, reason: string, actorUserId: string): Promise<TProductOrder> {
    const from = row.status as TProductOrderStatus;
    const to = nextProductOrderStatus(from, action);
    if (!to) throw productOrderErrors.orderStatus(action, from);
    const moved = await repo.moveOrder(row.eventId, row.id, from, {
      status: to,
      ...(action === 'reject' ? { rejectionReason: reason } : {}),
      ...(action !== 'fulfil' ? { decidedBy: actorUserId, decidedAt: deps.now() } : {}),
    });
    if (!moved) {
      // Someone decided it between our read and our write: say what it is now.
      const now = await repo.order(row.eventId, row.id);
      throw productOrderErrors.orderStatus(action, (now?.status ?? from) as TProductOrderStatus);
    }
    await deps.audit.record({ organisationId: row.organisationId, actorUserId, action: `exhibition.product_order_${to}`, target: row.id, meta: { eventId: row.eventId, companyId: row.companyId } });
    if (to === 'approved') await tellApproved(moved, companyName);
    return orderView(moved, companyName, await currencyOf(row.eventId));
  }

  async function organiserDecide(caller: AuthUser, organisationId: string, eventId: string, orderId: string, action: TProductOrderAction, reason = ''): Promise<TProductOrder> {
    await deps.assertEvent(caller, organisationId, eventId);
    const row = await repo.order(eventId, orderId);
    if (!row || row.organisationId !== organisationId) throw productOrderErrors.orderNotFound();
    const company = await deps.company(eventId, row.companyId);
    return move(row, company?.name ?? '', action, reason, caller.userId);
  }
  async function companyDecide(caller: Participant, eventId: string, orderId: string, action: TProductOrderAction, reason = ''): Promise<TProductOrder> {
    const company = await memberCompany(caller, eventId);
    const row = await repo.order(eventId, orderId);
    if (!row || row.companyId !== company.id) throw productOrderErrors.orderNotFound();
    return move(row, company.name, action, reason, caller.user!.userId);
  }

  /**
   * One table for both exports, oldest order first: amounts in the event's currency (a quote request has none), times
   * in UTC as ISO 8601, text through csv.ts / xlsx.ts (their formula-injection guard).
   */
  async function ordersFile(eventId: string, rows: ProductOrderRow[], format: TProductOrderExportFormat, label: string): Promise<TProductOrdersFile> {
    const [names, currency] = await Promise.all([repo.companyNames(eventId, [...new Set(rows.map((r) => r.companyId))]), currencyOf(eventId)]);
    const table: TCsvValue[][] = [
      ['Ordered at (UTC)', 'Company', 'Product', 'Quantity', 'Unit price', 'Total', 'Currency', 'Status', 'Orderer', 'Orderer email', 'Decided at (UTC)', 'Rejection reason', 'Note'],
      ...rows.map((r) => [
        r.createdAt.toISOString(),
        names.get(r.companyId) ?? '',
        r.productName,
        r.quantity,
        r.unitPriceCents === null ? 'On request' : r.unitPriceCents / 100,
        r.totalCents === null ? '' : r.totalCents / 100,
        r.unitPriceCents === null ? '' : (currency ?? ''),
        r.status,
        r.attendeeName,
        r.attendeeEmail,
        r.decidedAt ? r.decidedAt.toISOString() : '',
        r.rejectionReason,
        r.note,
      ]),
    ];
    const base = `product-orders-${label.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'company'}`;
    return format === 'csv'
      ? { body: csvDocument(table), fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8' }
      : { body: Buffer.from(xlsxWorkbook(table, 'Product orders')), fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  }

  return {
    /* ---------- images ---------- */
    async productImages(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string): Promise<TProductImage[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return companyProductImages(organisationId, eventId, companyId, productId);
    },
    async uploadProductImage(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string, input: TProductImageUpload): Promise<TProductImage> {
      await deps.assertEvent(caller, organisationId, eventId);
      return addCompanyProductImage(organisationId, eventId, companyId, productId, input, caller.userId);
    },
    async deleteProductImage(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string, imageId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      return removeCompanyProductImage(organisationId, eventId, companyId, productId, imageId, caller.userId);
    },
    // The same image rules for the company admin's My stand (my-stand.service.ts), with the company it found from the caller.
    companyProductImages,
    addCompanyProductImage,
    removeCompanyProductImage,
    membership,
    /** 404 unless the product is the company's, the company the event's and the organisation's (product documents share it). */
    ownProduct,

    /** Product id → image ids for the company page (the Exhibitors tab's rules first). */
    async exhibitorProductImages(caller: Participant, eventId: string, companyId: string): Promise<TExhibitorProductImages> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      if (!(await deps.company(eventId, companyId))) throw exhibitionErrors.companyNotFound();
      return Object.fromEntries(await repo.imageIdsOfCompany({ eventId, companyId }));
    },

    /**
     * An image's bytes. An <img> sends no bearer token, so the tab's rules are not asked here: the ids are random
     * (96 bits) and only the rules-checked list above hands them out.
     */
    async productImageFile(eventId: string, companyId: string, productId: string, imageId: string): Promise<{ contentType: string; bytes: Buffer }> {
      const file = await repo.imageFile({ eventId, companyId }, productId, imageId);
      if (!file) throw productOrderErrors.imageNotFound();
      return file;
    },

    /* ---------- orders ---------- */
    /** An attendee's order: priced by the server from the product as it is now (on request: a quote request, no price). */
    async placeOrder(caller: Participant, eventId: string, companyId: string, input: TOrderValues): Promise<TProductOrder> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const me = participantOf(caller, eventId);
      const company = await deps.company(eventId, companyId);
      if (!company) throw exhibitionErrors.companyNotFound();
      const product = (await deps.products(eventId, companyId)).find((p) => p.id === input.productId);
      if (!product) throw errors.validation([{ field: 'productId', key: 'unknownProduct' }]);
      const contact = await deps.contactOf(me.userId);
      const [registration] = contact ? await deps.registrationsOfEmail(eventId, contact.email) : [];
      if (!contact || !registration) throw productOrderErrors.noRegistration();
      const row = await repo
        .insertOrder({
          id: newId(),
          eventId,
          organisationId: company.organisationId,
          companyId,
          productId: product.id,
          productName: product.name,
          quantity: input.quantity,
          note: input.note,
          unitPriceCents: product.priceCents,
          totalCents: product.priceCents === null ? null : product.priceCents * input.quantity,
          status: 'pending',
          eventUserId: me.eventUserId,
          userId: me.userId,
          registrationId: registration.id,
          attendeeName: `${registration.firstName} ${registration.lastName}`.trim() || contact.name || contact.email,
          attendeeEmail: registration.email || contact.email,
        })
        .catch((err: unknown) => {
          // The product was deleted since we read it (its row locked, then gone): the foreign key says no.
          if (sqlState(err) === '23503') throw errors.validation([{ field: 'productId', key: 'unknownProduct' }]);
          throw err;
        });
      return orderView(row, company.name, await currencyOf(eventId));
    },

    async attendeeOrders(caller: Participant, eventId: string): Promise<TProductOrderList> {
      const me = participantOf(caller, eventId);
      return { items: await orderViews(eventId, await repo.attendeeOrders(eventId, me.eventUserId)) };
    },

    async orders(caller: AuthUser, organisationId: string, eventId: string, q: TProductOrderQuery): Promise<TProductOrderPage> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { rows, total } = await repo.orders({ organisationId, eventId }, q);
      return { items: await orderViews(eventId, rows), total, page: q.page, pageSize: q.pageSize };
    },
    /** The event's orders as a file (AP-573), of one company (404 if not this organisation's event's) and/or status. */
    async exportOrders(caller: AuthUser, organisationId: string, eventId: string, q: { format: TProductOrderExportFormat; status?: TProductOrderStatus; companyId?: string }): Promise<TProductOrdersFile> {
      await deps.assertEvent(caller, organisationId, eventId);
      const company = q.companyId ? await deps.company(eventId, q.companyId, organisationId) : null;
      if (q.companyId && !company) throw exhibitionErrors.companyNotFound();
      const rows = await repo.exportOrders({ organisationId, eventId }, { status: q.status, companyId: q.companyId });
      return ordersFile(eventId, rows, q.format, company?.name ?? 'event');
    },
    approve: (caller: AuthUser, organisationId: string, eventId: string, orderId: string) => organiserDecide(caller, organisationId, eventId, orderId, 'approve'),
    reject: (caller: AuthUser, organisationId: string, eventId: string, orderId: string, reason: string) => organiserDecide(caller, organisationId, eventId, orderId, 'reject', reason),
    fulfil: (caller: AuthUser, organisationId: string, eventId: string, orderId: string) => organiserDecide(caller, organisationId, eventId, orderId, 'fulfil'),

    async myOrders(caller: Participant, eventId: string): Promise<TMyProductOrders> {
      const company = await memberCompany(caller, eventId);
      const [rows, currency] = await Promise.all([repo.companyOrders({ eventId, companyId: company.id }), currencyOf(eventId)]);
      return { company: { id: company.id, name: company.name }, items: rows.map((r) => orderView(r, company.name, currency)) };
    },
    /** The company's own orders as a file (admin and staff; 403 for anyone else): the organiser's columns. */
    async myExportOrders(caller: Participant, eventId: string, q: { format: TProductOrderExportFormat; status?: TProductOrderStatus }): Promise<TProductOrdersFile> {
      const company = await memberCompany(caller, eventId);
      const rows = await repo.exportOrders({ organisationId: company.organisationId, eventId }, { status: q.status, companyId: company.id });
      return ordersFile(eventId, rows, q.format, company.name);
    },
    myApprove: (caller: Participant, eventId: string, orderId: string) => companyDecide(caller, eventId, orderId, 'approve'),
    myReject: (caller: Participant, eventId: string, orderId: string, reason: string) => companyDecide(caller, eventId, orderId, 'reject', reason),
    myFulfil: (caller: Participant, eventId: string, orderId: string) => companyDecide(caller, eventId, orderId, 'fulfil'),

    /** Per product of the company, its orders by status (every current product, and deleted ones that had orders). */
    async productOrderCounts(eventId: string, companyId: string): Promise<TProductOrderCount[]> {
      const [products, rows] = await Promise.all([deps.products(eventId, companyId), repo.orderCounts({ eventId, companyId })]);
      const zero = (productId: string, productName: string): TProductOrderCount => ({ productId, productName, pending: 0, approved: 0, rejected: 0, fulfilled: 0, total: 0 });
      const byId = new Map(products.map((p) => [p.id, zero(p.id, p.name)]));
      for (const r of rows) {
        const key = r.productId ?? `deleted:${r.productName}`;
        const c = byId.get(key) ?? zero(r.productId ?? '', r.productName);
        c[r.status as TProductOrderStatus] += r.n;
        c.total += r.n;
        byId.set(key, c);
      }
      return [...byId.values()];
    },

    /* ---------- staff quota ---------- */
    async staffQuota(caller: AuthUser, organisationId: string, eventId: string): Promise<TStaffQuotaRule> {
      await deps.assertEvent(caller, organisationId, eventId);
      const bands = await repo.quotaRule(eventId);
      return { bands: bands ?? [], isSet: bands !== null };
    },
    async saveStaffQuota(caller: AuthUser, organisationId: string, eventId: string, bands: TStaffQuotaBand[]): Promise<TStaffQuotaRule> {
      await deps.assertEvent(caller, organisationId, eventId);
      await repo.saveQuotaRule({ organisationId, eventId }, bands, caller.userId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.staff_quota_saved', target: eventId, meta: { bands } });
      return { bands, isSet: true };
    },
    async clearStaffQuota(caller: AuthUser, organisationId: string, eventId: string): Promise<TStaffQuotaRule> {
      await deps.assertEvent(caller, organisationId, eventId);
      await repo.clearQuotaRule(eventId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.staff_quota_cleared', target: eventId, meta: {} });
      return { bands: [], isSet: false };
    },
    /** The company's staff badge quota under the event's rule (sum over its booths), or null without a rule. */
    async quotaOf(eventId: string, companyId: string): Promise<number | null> {
      const bands = await repo.quotaRule(eventId);
      if (!bands) return null;
      return staffQuotaOf(await repo.boothSizes({ eventId, companyId }), bands);
    },
  };
}
export type ProductOrdersService = ReturnType<typeof createProductOrdersService>;
