import { SourceChannel } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CheckoutService } from './checkout.service.ts';
import { registrationErrors } from './registration.errors.ts';
import type { RegistrationRepository, TicketRow } from './registration.repository.ts';

/** A registration given on the organiser's behalf by another module (exhibitor staff badges), not bought. */
export type ComplimentaryInput = {
  organisationId: string;
  eventId: string;
  /** A free ticket of the event (its quotas apply; a hidden one is allowed, as at the badge desk). */
  ticketId: string;
  categoryId: string | null;
  person: { firstName: string; lastName: string; email: string };
  actorUserId: string;
  /** What the journey entry and audit say it was for, e.g. `exhibitor-staff`. */
  reason: string;
};

export type ComplimentaryRegistration = { registrationId: string; registrationNo: string; orderId: string };

/**
 * One person on one seat of `ticket`, registered on the organiser's behalf through checkout's order transaction (the
 * badge desk's walk-in and complimentary registrations): no price to confirm, no form to fill, approved at once.
 */
export function orderForOnePerson(
  checkout: Pick<CheckoutService, 'createOrder'>,
  eventId: string,
  ticket: Pick<TicketRow, 'id' | 'currency' | 'unlockCode'>,
  person: { firstName: string; lastName: string; email: string; contactNo?: string },
  categoryId: string | null | undefined,
  actorUserId: string,
) {
  return checkout.createOrder(
    eventId,
    {
      items: [{ ticketId: ticket.id, quantity: 1 }],
      expectedTotal: 0,
      currency: ticket.currency,
      buyer: person,
      attendees: [{ ...person, ticketId: ticket.id, answers: {} }],
      sourceChannel: SourceChannel.LoginDashboard,
      ...(ticket.unlockCode ? { unlockCode: ticket.unlockCode } : {}),
      ...(categoryId ? { visitorCategoryId: categoryId } : {}),
    },
    { walkIn: true, actorUserId },
  );
}

/**
 * Complimentary registrations (registration's write port for other modules). `issue` goes through checkout's one
 * order transaction (the ticket's quotas hold, the registration number comes from the event's series, the order is
 * free so it is paid and approved at once), so the person gets THE credential of the registration module: their badge
 * prints, their e-badge shows and the gate scans it like any other. `cancel` ends such a registration (its order is
 * cancelled, its seat released): it is no longer admissible, so its badge stops scanning.
 * Field errors name `ticketId` / `categoryId`, the caller's own fields.
 */
export function createComplimentary(deps: { repo: RegistrationRepository; checkout: CheckoutService; audit: Audit; now: () => Date }) {
  const { repo } = deps;
  return {
    async issue(input: ComplimentaryInput): Promise<ComplimentaryRegistration> {
      const ticket = await repo.findTicket(input.eventId, input.ticketId);
      if (!ticket || ticket.isDeleted) throw registrationErrors.fields([{ field: 'ticketId', key: 'unknownTicket' }]);
      if (!ticket.isFree && ticket.price > 0) throw registrationErrors.fields([{ field: 'ticketId', key: 'ticketNotFree' }], 'Staff badges are issued on a free ticket: choose a free one in the staff badge rule');
      if (input.categoryId) {
        const c = await repo.findCategory(input.categoryId);
        if (!c || c.eventId !== input.eventId) throw registrationErrors.fields([{ field: 'categoryId', key: 'unknownCategory' }]);
      }
      let created;
      try {
        created = await orderForOnePerson(deps.checkout, input.eventId, ticket, input.person, input.categoryId, input.actorUserId);
      } catch (err) {
        // Checkout names its own fields (items.0.ticketId: notOnSale, items.0.quantity: soldOut …): the caller's is ticketId.
        if (err instanceof AppError && err.errors) throw new AppError(err.status, err.code, err.message, err.errors.map((x) => (x.field.startsWith('items.') ? { ...x, field: 'ticketId' } : x)));
        throw err;
      }
      const registrationId = created.order.attendees[0]!.id;
      const order = (await repo.findOrder(created.order.id))!;
      await repo.insertJourney([{ id: newId(), organisationId: input.organisationId, eventId: input.eventId, registrationId, type: 'UPDATE', actorUserId: input.actorUserId, detail: { complimentary: input.reason } }]);
      await deps.audit.record({ organisationId: input.organisationId, actorUserId: input.actorUserId, action: 'registration.complimentary', target: registrationId, meta: { eventId: input.eventId, reason: input.reason } });
      return { registrationId, registrationNo: order.registrationNo, orderId: order.id };
    },

    /** Cancels a complimentary registration's (free, paid) order; false when it was not one or is already over. */
    async cancel(input: { organisationId: string; eventId: string; registrationId: string; actorUserId: string; reason: string }): Promise<boolean> {
      const reg = await repo.findRegistration(input.eventId, input.registrationId);
      if (!reg) return false;
      const now = deps.now();
      const done = await repo.transaction(async (tx) => {
        const order = await tx.findOrder(reg.orderId, true);
        if (!order || order.total !== 0) return false;
        const o = await tx.transitionOrder(order.id, ['paid'], { status: 'cancelled' });
        if (!o) return false;
        await tx.releaseHolds({ orderId: order.id }, now);
        await tx.releaseRedemption(order.id, now);
        await tx.insertJourney([{ id: newId(), organisationId: input.organisationId, eventId: input.eventId, registrationId: reg.id, type: 'UPDATE', actorUserId: input.actorUserId, detail: { change: 'cancelled', complimentary: input.reason } }]);
        return true;
      });
      if (done) {
        deps.checkout.countsChanged(input.eventId, 'seats_released');
        await deps.audit.record({ organisationId: input.organisationId, actorUserId: input.actorUserId, action: 'registration.complimentary_cancelled', target: reg.id, meta: { eventId: input.eventId, reason: input.reason } });
      }
      return done;
    },
  };
}

export type Complimentary = ReturnType<typeof createComplimentary>;
