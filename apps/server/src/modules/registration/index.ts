import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { loadSigningSecret } from '../../platform/secrets.ts';
import { newId } from '../../platform/ids.ts';
import type { TCountsChangedReason, TUserJourneyEventType } from '@pavilion/domain';
import type { EventsService } from '../events/index.ts';
import type { Publisher } from '../../platform/event-bus.ts';
import type { EventOutbox } from '../../platform/event-outbox.ts';
import type { PaymentsEvents, PaymentsService } from '../payments/index.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import { createCheckoutService, type CheckoutTesting, type OrderPaid } from './checkout.service.ts';
import { checkinView, createRegistrationRepository } from './registration.repository.ts';
import { createPhotoSigner } from './registration-photos.ts';
import { createMailWorker, routeWakesThroughPgBoss, type MailWorker } from '../../platform/mail-worker.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
import { createPublicInfo } from './public-info.ts';
import { createComplimentary } from './complimentary.ts';
export type { Complimentary, ComplimentaryRegistration } from './complimentary.ts';
export type { CheckinRegistrationView } from './registration.repository.ts';
export { createRegistrationPort, isAdmissible, notAdmissibleReason, type AdmissionState, type Attendee, type NotAdmissibleReason, type RegistrationPort } from './registration.port.ts';
import { registerRegistrationPublicRoutes } from './registration.public-routes.ts';
import { registerRegistrationRoutes } from './registration.routes.ts';
import { createRegistrationService } from './registration.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { RegistrationService } from './registration.service.ts';
export type { CheckoutService, CheckoutTesting, OrderPaid } from './checkout.service.ts';
export type { OrderRow, RegistrationRow, TicketRow, CategoryRow } from './registration.repository.ts';

export type RegistrationModuleDeps = {
  audit: Audit;
  mailer: Mailer;
  events: Pick<EventsService, 'get' | 'findOwner'>;
  publicUrl: string;
  now?: () => Date;
  /** JWT_SECRET from config (else the stored instance secret): the photo links' key is derived from it. */
  jwtSecret?: string;
  /** Payments (built before registration): checkout starts payments through it; its facts come back as events. */
  payments: PaymentsService;
  /** The platform's pg-boss (Postgres outside tests) for the reconciliation job and mail wakes; without it, reconciliation runs lazily on reads. */
  jobs?: JobRunner;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  /** The registration's signed credential (modules/credentials): what the ticket QR encodes. */
  credentialToken: (eventId: string, registrationId: string) => Promise<string>;
  /** How long the confirmation mail job's claim on an outbox row lasts (MAIL_CLAIM_LEASE_SECONDS). */
  mailLeaseMs: number;
  /** The signed-in user's account email: an attendee changes only registrations made with it. */
  userEmail: (caller: AuthUser) => Promise<string>;
  /** Where registration's events go (app.ts: the app's event bus). */
  bus: Publisher<RegistrationEvents>;
  /** Registration's durable events (written in the change's transaction): `registration.replaced`, `order.paid`. */
  outbox: Pick<EventOutbox<RegistrationEvents>, 'write' | 'deliver' | 'deliverOrThrow' | 'discard'>;
};

/** The events registration publishes. */
export type RegistrationEvents = {
  /** The seat changed hands (replace user): the old holder's QR must stop working. Awaited by the change. */
  'registration.replaced': { eventId: string; registrationId: string };
  /** An order became paid (payments numbers its invoice; a desk payment is recorded). Durable. */
  'order.paid': OrderPaid;
  /** A commit moved an event's seats (sold, held, released): its open dashboards refetch. */
  'seats.changed': { eventId: string; reason: TCountsChangedReason };
};

export const RECONCILE_QUEUE = 'registration-reconcile';
export const MAIL_QUEUE = 'registration-mail';

/**
 * Registration (tickets, quotas, forms, coupons, carts, orders, attendees). Checkout starts payments through the
 * payments module's service; what happens to the money comes back as payments' facts (payment.captured / failed /
 * refunded, invoice.issued), each acted on in registration's own transaction (subscribe, below).
 */
export function createRegistrationModule(db: Db, deps: RegistrationModuleDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = createRegistrationRepository(db);
  const testing: CheckoutTesting = { unsafeDisableLocking: false, raceWindowMs: 0, raceBarrier: 0 };
  const payments = deps.payments;
  const orderPaid = {
    record: (tx: Parameters<typeof deps.outbox.write>[0], fact: OrderPaid) => deps.outbox.write(tx, 'order.paid', fact),
    deliver: deps.outbox.deliver,
    deliverOrThrow: deps.outbox.deliverOrThrow,
    discard: deps.outbox.discard,
  };

  // Confirmation mail leaves from this job, never from a request (issue 20); `checkout` is bound below.
  const mailWorker = createMailWorker({ drain: () => checkout.dispatchOutbox(null), log: deps.log });
  const checkout = createCheckoutService({
    wakeMail: () => mailWorker.wake(),
    repo,
    findEvent: (id) => deps.events.findOwner(id),
    payments,
    orderPaid,
    mailer: deps.mailer,
    credentialToken: deps.credentialToken,
    publicUrl: deps.publicUrl,
    now,
    lockTimeoutMs: 2000,
    mailLeaseMs: deps.mailLeaseMs,
    testing,
    log: deps.log,
    onCountsChanged: (eventId, reason) => deps.bus.emit('seats.changed', { eventId, reason }),
  });
  const publicInfo = createPublicInfo({ repo, findEvent: (id) => deps.events.findOwner(id), enabledProviders: (organisationId) => payments.enabledProviders(organisationId), now });
  const photoKey = { value: '' };
  const photos = createPhotoSigner(() => photoKey.value);
  const service = createRegistrationService({ repo, checkout, payments, assertEvent: deps.events.get, audit: deps.audit, publicUrl: deps.publicUrl, now, replaced: { record: (tx, eventId, registrationId) => deps.outbox.write(tx, 'registration.replaced', { eventId, registrationId }), deliver: deps.outbox.deliver }, photoUrlOf: photos.urlOf, userEmail: deps.userEmail });

  /** One reconciliation pass: replay paid-but-unconfirmed gateway payments, expire unpaid orders, send owed mail. */
  async function reconcile() {
    await payments.reconcile();
    return checkout.reconcile();
  }

  return {
    service,
    checkout,
    /** Complimentary registrations for other modules (exhibitor staff badges): THE credential, on a free ticket. */
    complimentary: createComplimentary({ repo, checkout, audit: deps.audit, now }),
    /** Test-only switches (race-test controls). Never set outside tests. */
    testing,
    reconcile,
    /** The confirmation-mail job (tests wait for it with `idle()`). */
    mailWorker,
    /** The event overview's registration figures (analytics asks; the caller's access is checked there). */
    overviewStats: async (organisationId: string, eventId: string, from: Date | null, to: Date) => {
      const [stats, tickets, counts] = await Promise.all([repo.overviewStats(organisationId, eventId, from, to), repo.listTickets(eventId), checkout.seatCounts(eventId, now())]);
      const sum = (m: Map<string, number>) => tickets.reduce((n, t) => n + (m.get(t.id) ?? 0), 0);
      // The overview's "2 sold · 1 held / 3": seats now, whatever the range; no total when a ticket is unlimited.
      const capacity = tickets.every((t) => t.capacity !== null) ? tickets.reduce((n, t) => n + (t.capacity ?? 0), 0) : null;
      return { ...stats, seats: { sold: sum(counts.sold), held: sum(counts.held), capacity } };
    },
    /**
     * Read-only attendee data for badge printing (the badges module checks the caller's access to the event first),
     * and its one write: the PBADGE_PRINT journey entry.
     */
    badges: {
      listAttendees: (eventId: string, q: { ticketId?: string; categoryId?: string; search?: string; ids?: string[]; registrationNo?: string; page?: number; pageSize?: number; sort?: 'oldest' | 'name' }) =>
        repo.listRegistrations(eventId, { sort: q.sort ?? 'oldest', ...q }),
      listTickets: (eventId: string) => repo.listTickets(eventId),
      listCategories: (eventId: string) => repo.listCategories(eventId),
      listForms: (eventId: string) => repo.listForms(eventId),
      recordJourney: (rows: { organisationId: string; eventId: string; registrationId: string; type: TUserJourneyEventType; actorUserId: string | null; detail: Record<string, unknown> }[]) =>
        repo.insertJourney(rows.map((r) => ({ id: newId(), ...r }))),
    },
    /**
     * Check-in (issue #5): what a gate needs of registrations (admissible = approved and order paid), by ids or for
     * the whole event (optionally only those changed since a time, for incremental device syncs). Read-only.
     */
    checkinView: (eventId: string, q: { ids?: string[]; since?: Date } = {}) => checkinView(db, eventId, q),
    /** The signed URL of an attendee's photo (null without one), for the gate's scan result. */
    photoUrlOf: photos.urlOf,
    /** payments' facts, each acted on in registration's own transaction (idempotent: delivery is at least once). */
    subscribe(bus: Subscriber<PaymentsEvents>) {
      bus.subscribe('payment.captured', async (e) => {
        await checkout.settlePayment(e);
      });
      bus.subscribe('payment.failed', (e) => checkout.paymentFailed(e));
      bus.subscribe('payment.refunded', async (e) => {
        await checkout.recordRefund(e);
      });
      bus.subscribe('payment.refund_pending', (e) => checkout.recordRefundNotice('refund_pending', e));
      bus.subscribe('payment.refund_failed', (e) => checkout.recordRefundNotice('refund_failed', e));
      bus.subscribe('invoice.issued', (e) => checkout.setInvoiceNumber(e.orderId, e.number));
    },
    plugin: async (app: FastifyInstance) => {
      const signingSecret = await loadSigningSecret(db, deps.jwtSecret);
      photoKey.value = createHash('sha256').update(`pavilion-photos:${signingSecret}`).digest('hex');
      registerRegistrationRoutes(app, { service, payments });
      registerRegistrationPublicRoutes(app, { service, checkout, publicInfo, payments, credentialToken: deps.credentialToken, verifyPhoto: photos.verify });
      // preClose: the job finishes its mail before onClose hooks close the database.
      app.addHook('preClose', () => mailWorker.stop());
      if (deps.jobs) await startJobs(deps.jobs, reconcile, mailWorker);
      // Rows committed before a stop or crash go out now; with pg-boss, later wakes travel as jobs.
      mailWorker.start();
    },
  };
}

/**
 * pg-boss runs the reconciliation every minute (one worker at a time across instances, thanks to its queue), and
 * carries mail wakes as jobs, so any instance sends what another committed.
 */
async function startJobs(jobs: JobRunner, reconcile: () => Promise<unknown>, mail: MailWorker) {
  const boss = await jobs.boss();
  await boss.createQueue(RECONCILE_QUEUE);
  await boss.schedule(RECONCILE_QUEUE, '* * * * *');
  await boss.work(RECONCILE_QUEUE, async () => {
    await reconcile();
  });
  await routeWakesThroughPgBoss(boss, MAIL_QUEUE, mail);
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    registration: ReturnType<typeof createRegistrationModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The registration module in the app's module list (after payments, which it starts checkouts through). */
export const registrationModule = defineModule({
  name: 'registration',
  needs: ['events', 'auth', 'credentials', 'payments'],
  create: (p, { events, auth, credentials, payments }) =>
    createRegistrationModule(p.db, {
      audit: p.audit,
      mailer: p.mailer,
      events: events.service,
      publicUrl: p.publicUrl,
      now: p.now,
      jwtSecret: p.config.JWT_SECRET,
      payments: payments.service,
      userEmail: async (caller) => (await auth.service.me(caller)).email,
      jobs: p.jobs,
      log: p.log,
      bus: p.bus,
      outbox: p.outbox,
      credentialToken: async (eventId, registrationId) => (await credentials.service.ensure(eventId, registrationId)).token,
      mailLeaseMs: p.config.MAIL_CLAIM_LEASE_SECONDS * 1000,
    }),
});
