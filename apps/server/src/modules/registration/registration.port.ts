import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { orders, registrationPhotos, registrations, tickets, visitorCategories } from './registration.tables.ts';

/**
 * Registration's read model for other modules (its port): what certificates, credentials, e-badges, badges and
 * check-in may know of registrations. They never query registration tables; this file (read-only) and
 * registration.repository.ts are the only ones that do.
 */

/** What admissibility is decided on: the registration's approval and its order's status and payment status. */
export type AdmissionState = {
  approvalStatus: string;
  orderStatus: string;
  /** The order's payment status; absent means no refund is recorded. */
  paymentStatus?: string;
};

/** Why a registration is not admissible, most final first. */
export type NotAdmissibleReason = 'cancelled' | 'rejected' | 'unpaid' | 'pendingApproval';

/**
 * THE admissibility rule (badges, check-in, e-badges and certificates all ask it): a registration is admissible
 * when it is approved and its order is paid (free orders are paid with nothing to pay) and not refunded.
 */
export function notAdmissibleReason(s: AdmissionState): NotAdmissibleReason | null {
  if (s.orderStatus === 'cancelled' || s.orderStatus === 'expired' || s.paymentStatus === 'refunded') return 'cancelled';
  if (s.approvalStatus === 'disapproved' || s.approvalStatus === 'suspended') return 'rejected';
  if (s.orderStatus !== 'paid') return 'unpaid';
  if (s.approvalStatus !== 'approved') return 'pendingApproval';
  return null;
}

export const isAdmissible = (s: AdmissionState): boolean => notAdmissibleReason(s) === null;

/** The same rule as a filter, for reads that select only admissible registrations (kept beside it, tested against it). */
const admissibleSql = () => and(eq(registrations.approvalStatus, 'approved'), eq(orders.status, 'paid'), ne(orders.paymentStatus, 'refunded'))!;

/** One registration as other modules see it. */
export type Attendee = {
  id: string;
  organisationId: string;
  eventId: string;
  firstName: string;
  lastName: string;
  email: string;
  answers: Record<string, unknown>;
  approvalStatus: string;
  ticketId: string;
  ticketName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  registrationNo: string;
  orderStatus: string;
  paymentStatus: string;
  photoUpdatedAt: Date | null;
  createdAt: Date;
};

export type AttendeeQuery = {
  ids?: string[];
  ticketId?: string;
  categoryId?: string;
  /** Only admissible registrations (the rule above). */
  isAdmissibleOnly?: boolean;
  /** Keyset paging by id: registrations whose id sorts after this one. */
  afterId?: string;
  limit?: number;
};

export function createRegistrationPort(db: Db) {
  const base = () =>
    db
      .select({
        id: registrations.id,
        organisationId: registrations.organisationId,
        eventId: registrations.eventId,
        firstName: registrations.firstName,
        lastName: registrations.lastName,
        email: registrations.email,
        answers: registrations.answers,
        approvalStatus: registrations.approvalStatus,
        ticketId: registrations.ticketId,
        ticketName: tickets.name,
        categoryId: registrations.categoryId,
        categoryName: visitorCategories.name,
        registrationNo: orders.registrationNo,
        orderStatus: orders.status,
        paymentStatus: orders.paymentStatus,
        photoUpdatedAt: registrations.photoUpdatedAt,
        createdAt: registrations.createdAt,
      })
      .from(registrations)
      .innerJoin(orders, eq(orders.id, registrations.orderId))
      .leftJoin(tickets, eq(tickets.id, registrations.ticketId))
      .leftJoin(visitorCategories, eq(visitorCategories.id, registrations.categoryId));

  return {
    isAdmissible,
    notAdmissibleReason,
    /** One order as it stands (payments reads what it bills, refunds and shows on an invoice from here), or null. */
    async order(orderId: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      return row ?? null;
    },
    /** One registration (in `eventId` when given), or null. */
    async attendee(registrationId: string, eventId?: string): Promise<Attendee | null> {
      const where = [eq(registrations.id, registrationId)];
      if (eventId) where.push(eq(registrations.eventId, eventId));
      const [row] = await base()
        .where(and(...where))
        .limit(1);
      return row ?? null;
    },
    /** An event's registrations, ordered by id (for keyset paging). */
    async attendees(eventId: string, q: AttendeeQuery = {}): Promise<Attendee[]> {
      if (q.ids && q.ids.length === 0) return [];
      const where: SQL[] = [eq(registrations.eventId, eventId)];
      if (q.ids) where.push(inArray(registrations.id, q.ids));
      if (q.ticketId) where.push(eq(registrations.ticketId, q.ticketId));
      if (q.categoryId) where.push(eq(registrations.categoryId, q.categoryId));
      if (q.isAdmissibleOnly) where.push(admissibleSql());
      if (q.afterId) where.push(sql`${registrations.id} > ${q.afterId}`);
      const query = base()
        .where(and(...where))
        .orderBy(registrations.id);
      return q.limit ? query.limit(q.limit) : query;
    },
    /** An event's registration ids (with their organisation), ordered by id, a page at a time: the cheap list. */
    async ids(eventId: string, q: { afterId?: string; limit: number }): Promise<{ id: string; organisationId: string }[]> {
      const where: SQL[] = [eq(registrations.eventId, eventId)];
      if (q.afterId) where.push(sql`${registrations.id} > ${q.afterId}`);
      return db
        .select({ id: registrations.id, organisationId: registrations.organisationId })
        .from(registrations)
        .where(and(...where))
        .orderBy(registrations.id)
        .limit(q.limit);
    },
    /** The event a ticket belongs to (share links `r/{ticketId}`), or null for an unknown ticket. */
    async ticketEventId(ticketId: string): Promise<string | null> {
      const [row] = await db.select({ eventId: tickets.eventId }).from(tickets).where(eq(tickets.id, ticketId)).limit(1);
      return row?.eventId ?? null;
    },
    /** The event's ticket types, in the organiser's order (an announcement's audience picker: modules/notifications). */
    async ticketsOf(eventId: string): Promise<{ id: string; name: string }[]> {
      return db.select({ id: tickets.id, name: tickets.name }).from(tickets).where(eq(tickets.eventId, eventId)).orderBy(tickets.sortOrder, tickets.name);
    },
    /** The event's live ticket types with whether each is free, and its visitor categories (exhibitor staff badges' pickers). */
    async ticketOptions(eventId: string): Promise<{ tickets: { id: string; name: string; isFree: boolean }[]; categories: { id: string; name: string }[] }> {
      const [ts, cs] = await Promise.all([
        db
          .select({ id: tickets.id, name: tickets.name, isFree: tickets.isFree, price: tickets.price })
          .from(tickets)
          .where(and(eq(tickets.eventId, eventId), eq(tickets.isDeleted, false)))
          .orderBy(tickets.sortOrder, tickets.name),
        db.select({ id: visitorCategories.id, name: visitorCategories.name }).from(visitorCategories).where(eq(visitorCategories.eventId, eventId)).orderBy(visitorCategories.name),
      ]);
      return { tickets: ts.map((t) => ({ id: t.id, name: t.name, isFree: t.isFree || t.price === 0 })), categories: cs };
    },
    /** The distinct emails (lower case) of the event's admissible registrations holding one of these tickets (announcements). */
    async holderEmails(eventId: string, ticketIds: string[]): Promise<string[]> {
      if (ticketIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ email: sql<string>`lower(${registrations.email})` })
        .from(registrations)
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(and(eq(registrations.eventId, eventId), inArray(registrations.ticketId, ticketIds), admissibleSql()));
      return rows.map((r) => r.email);
    },
    /** A registration's photo (the e-badge photo), or null: for pages that serve it under their own capability. */
    async photo(registrationId: string): Promise<{ contentType: string; bytes: Buffer; updatedAt: Date } | null> {
      const [row] = await db
        .select({ contentType: registrationPhotos.contentType, bytes: registrationPhotos.bytes, updatedAt: registrationPhotos.updatedAt })
        .from(registrationPhotos)
        .where(eq(registrationPhotos.registrationId, registrationId))
        .limit(1);
      return row ?? null;
    },
    /** Registrations in any event, by id (those that exist). */
    async attendeesByIds(ids: string[]): Promise<Attendee[]> {
      if (ids.length === 0) return [];
      return base().where(inArray(registrations.id, ids));
    },
    /** Every registration made with this email (case-insensitive), newest first. */
    async attendeesByEmail(email: string, limit = 200): Promise<Attendee[]> {
      return base()
        .where(sql`lower(${registrations.email}) = lower(${email})`)
        .orderBy(desc(registrations.createdAt))
        .limit(limit);
    },
    /** The event's registrations under this registration number (one order; several for a group order). */
    async attendeesByRegistrationNo(eventId: string, registrationNo: string): Promise<Attendee[]> {
      return base()
        .where(and(eq(registrations.eventId, eventId), eq(orders.registrationNo, registrationNo)))
        .orderBy(registrations.id)
        .limit(20);
    },
    /** The event's registrations made with this email (case-insensitive). */
    async attendeesOfEmail(eventId: string, email: string): Promise<Attendee[]> {
      return base()
        .where(and(eq(registrations.eventId, eventId), sql`lower(${registrations.email}) = lower(${email})`))
        .orderBy(registrations.id)
        .limit(20);
    },
    /** Ids of the event's registrations whose email or registration number contains `text` (list searches). */
    async idsMatching(eventId: string, text: string): Promise<string[]> {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ id: registrations.id })
        .from(registrations)
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(and(eq(registrations.eventId, eventId), or(ilike(registrations.email, like), ilike(orders.registrationNo, like))));
      return rows.map((r) => r.id);
    },
  };
}

export type RegistrationPort = ReturnType<typeof createRegistrationPort>;
