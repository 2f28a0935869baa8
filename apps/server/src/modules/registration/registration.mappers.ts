import type {
  TApprovalStatus,
  TCoupon,
  TOrder,
  TOrderStatus,
  TPaymentStatus,
  TPublicOrder,
  TQuota,
  TRegistration,
  TRegistrationForm,
  TTicket,
  TUserJourneyEventType,
  TJourneyEntry,
} from '@pavilion/domain';
import type { CouponRow, FormRow, JourneyRow, OrderRow, QuotaRow, RegistrationRow, TicketRow } from './registration.repository.ts';
import type { PhotoUrlOf } from './registration-photos.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTicket(r: TicketRow, extra: { quotaIds: string[]; sold: number; held: number; available: number | null }): TTicket {
  return {
    id: r.id,
    eventId: r.eventId,
    name: r.name,
    description: r.description,
    isFree: r.isFree,
    currency: r.currency,
    price: r.price,
    taxRateBp: r.taxRateBp,
    salesStart: iso(r.salesStart),
    salesEnd: iso(r.salesEnd),
    visibility: r.visibility as TTicket['visibility'],
    unlockCode: r.unlockCode,
    minPerOrder: r.minPerOrder,
    maxPerOrder: r.maxPerOrder,
    capacity: r.capacity,
    sortOrder: r.sortOrder,
    ...extra,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toQuota(r: QuotaRow, extra: { ticketIds: string[]; used: number; reserved: number }): TQuota {
  return {
    id: r.id,
    eventId: r.eventId,
    name: r.name,
    capacity: r.capacity,
    isTicketOwn: r.ticketId !== null,
    ...extra,
    available: Math.max(0, r.capacity - extra.used - extra.reserved),
  };
}

export function toForm(r: FormRow): TRegistrationForm {
  return {
    id: r.id,
    eventId: r.eventId,
    name: r.name,
    ticketIds: r.ticketIds,
    fields: r.fields,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toCoupon(r: CouponRow, usedCount: number): TCoupon {
  return {
    id: r.id,
    eventId: r.eventId,
    code: r.code,
    kind: r.kind as TCoupon['kind'],
    value: r.value,
    currency: r.currency,
    maxUses: r.maxUses,
    usedCount,
    validFrom: iso(r.validFrom),
    validTo: iso(r.validTo),
    ticketIds: r.ticketIds,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
  };
}

export function qrPath(orderId: string, registrationId: string): string {
  return `/api/eventservices/public/orders/${orderId}/attendees/${registrationId}/qr.png`;
}

/**
 * An order as its pages see it. Its QR and invoice links are paths on the page's own origin, so the success page works
 * at any host name the site is opened at (its CSP allows images from 'self' only); mail keeps PUBLIC_URL links.
 */
export function toPublicOrder(o: OrderRow, regs: RegistrationRow[]): TPublicOrder {
  const confirmed = o.status === 'paid';
  return {
    id: o.id,
    eventId: o.eventId,
    registrationNo: o.registrationNo,
    status: o.status as TOrderStatus,
    paymentStatus: o.paymentStatus as TPaymentStatus,
    currency: o.currency,
    subtotal: o.subtotal,
    discount: o.discount,
    tax: o.tax,
    total: o.total,
    couponCode: o.couponCode,
    lines: o.lines,
    attendees: regs.map((r) => ({
      id: r.id,
      ticketId: r.ticketId,
      ticketName: o.lines.find((l) => l.ticketId === r.ticketId)?.ticketName ?? '',
      firstName: r.firstName,
      lastName: r.lastName,
      approvalStatus: r.approvalStatus as TApprovalStatus,
      qrUrl: confirmed ? qrPath(o.id, r.id) : null,
    })),
    expiresAt: o.status === 'pending' ? iso(o.expiresAt) : null,
    paidAt: iso(o.paidAt),
    invoiceUrl: o.invoiceNumber ? `/api/eventservices/public/orders/${o.id}/invoice.pdf` : null,
    createdAt: o.createdAt.toISOString(),
  };
}

export function toOrder(o: OrderRow, regs: RegistrationRow[]): TOrder {
  return {
    ...toPublicOrder(o, regs),
    buyer: { firstName: o.buyerFirstName, lastName: o.buyerLastName, email: o.buyerEmail, countryCode: o.buyerCountryCode, contactNo: o.buyerContactNo },
    paymentProvider: o.paymentProvider,
    refundedAmount: o.refundedAmount,
    invoiceNumber: o.invoiceNumber,
    sourceChannel: o.sourceChannel,
    needsRefund: o.needsRefund,
  };
}

export function toRegistration(r: RegistrationRow, o: OrderRow, photoUrlOf: PhotoUrlOf): TRegistration {
  return {
    id: r.id,
    eventId: r.eventId,
    orderId: r.orderId,
    registrationNo: o.registrationNo,
    ticketId: r.ticketId,
    ticketName: o.lines.find((l) => l.ticketId === r.ticketId)?.ticketName ?? '',
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    countryCode: r.countryCode,
    contactNo: r.contactNo,
    answers: r.answers,
    approvalStatus: r.approvalStatus as TApprovalStatus,
    paymentStatus: o.paymentStatus as TPaymentStatus,
    orderStatus: o.status as TOrderStatus,
    categoryId: r.categoryId,
    groups: r.groups,
    quotaId: r.quotaId,
    isAccompanying: r.isAccompanying,
    parentRegistrationId: r.parentRegistrationId,
    dateOptionId: r.dateOptionId,
    sourceChannel: r.sourceChannel,
    photoUrl: photoUrlOf(r.id, r.photoUpdatedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toJourney(r: JourneyRow): TJourneyEntry {
  return { id: r.id, type: r.type as TUserJourneyEventType, at: r.createdAt.toISOString(), actorUserId: r.actorUserId, detail: r.detail };
}
