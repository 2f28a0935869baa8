import { createHash } from 'node:crypto';
import type {
  TOrderCreditNote,
  TCart,
  TCartCreateRequest,
  TFieldError,
  TOrderCreateRequest,
  TOrderCreateResponse,
  TPaymentSession,
  TPriceQuote,
  TPublicOrder,
  TQuoteRequest,
  TCountsChangedReason,
  TUserJourneyEventType,
} from '@pavilion/domain';
import type { Mailer } from '../../platform/mail.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { createKeyedLimiter, LimiterTimeout } from '../../platform/batcher.ts';
import { isRetryableLockError } from '../../platform/db.ts';
import { registrationErrors } from './registration.errors.ts';
import { checkAnswers, checkItems, couponProblem, formFor, mergeItems, priceItems, type LineItem } from './pricing.ts';
import type { CouponRow, LockAnswer, OrderRow, RegistrationRepository, RegistrationRow, TicketRow, Tx } from './registration.repository.ts';
import { toPublicOrder } from './registration.mappers.ts';
import { buildConfirmationMail } from './confirmation-mail.ts';
import { buildCreditNoteMail, CREDIT_NOTE_MAIL, creditNoteMailKind } from './credit-note-mail.ts';

export type EventOwner = { id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string };

/** What checkout asks of payments (built before registration; payments answers with its facts, PaymentsEvents). */
export type PaymentsPort = {
  enabledProviders(organisationId: string): Promise<string[]>;
  /** Starts a provider checkout for a pending order; called after the order committed. */
  startCheckout(order: OrderRow, provider: string): Promise<TPaymentSession>;
  /** Offline / manual: records the payment and confirms through the webhook path. */
  markPaidManually(order: OrderRow, actorUserId: string | null): Promise<void>;
  /** Replays what a provider already knows for this order (test gateway sessions paid but not confirmed). */
  reconcileOrder(orderId: string): Promise<void>;
  offlineInstructions(organisationId: string): Promise<string>;
  /** One credit note of the order with its PDF (the buyer's mail attaches it); null unless it is that order's. */
  orderCreditNote(orderId: string, creditNoteId: string): Promise<{ note: TOrderCreditNote; fileName: string; bytes: Buffer } | null>;
};

/** payments' `payment.refunded`, as registration books it. */
type RefundFact = { orderId: string; refundedTotal: number; amount?: number; reason?: string; actorUserId?: string | null; creditNoteId?: string };

/** Test-only switches. Only tests set them; production never does. */
export type CheckoutTesting = {
  /** Skip FOR UPDATE on quota and coupon rows: the race-test control that must oversell. */
  unsafeDisableLocking: boolean;
  /** Pause between the availability check and the write, widening the race window for race tests. */
  raceWindowMs: number;
  /** Hold up to this many written-but-uncommitted buyers at the same point (max 250 ms), so a race really overlaps. */
  raceBarrier: number;
};

export type CheckoutDeps = {
  repo: RegistrationRepository;
  findEvent: (eventId: string) => Promise<EventOwner | null>;
  payments: PaymentsPort;
  /** Registration's `order.paid` fact: written in the transaction that confirms the order, delivered after commit. */
  orderPaid: {
    record(tx: Tx, fact: OrderPaid): Promise<string>;
    deliver(id: string): Promise<void>;
    /** The desk workflow's step: delivers and throws what payments threw (the claim kept, for `discard`). */
    deliverOrThrow(id: string): Promise<void>;
    discard(tx: Tx, id: string): Promise<void>;
  };
  mailer: Mailer;
  /** The attendee's signed credential (modules/credentials): what the ticket QR encodes. */
  credentialToken: (eventId: string, registrationId: string) => Promise<string>;
  publicUrl: string;
  now: () => Date;
  lockTimeoutMs: number;
  /** How long the mail job's claim on an outbox row lasts (MAIL_CLAIM_LEASE_SECONDS): an older claim is a crashed sender's. */
  mailLeaseMs: number;
  testing: CheckoutTesting;
  log?: { error(obj: unknown, msg?: string): void };
  /** Wakes the job that sends owed confirmation mails (mail-worker.ts); requests never build or send mail. */
  wakeMail: () => void;
  /** After a commit that moved an event's seats (sold, held): tells its open dashboards (realtime "countsChanged"). */
  onCountsChanged?: (eventId: string, reason: TCountsChangedReason) => void;
};

/**
 * Registration's fact when an order becomes paid (`order.paid`): payments numbers its invoice and, for a walk-in
 * paid at the badge desk (`atDesk`), records the money taken.
 */
export type OrderPaid = { orderId: string; organisationId: string; eventId: string; total: number; currency: string; provider: string; actorUserId: string | null; atDesk: boolean };

export type ConfirmOutcome = 'confirmed' | 'already_paid' | 'not_pending' | 'amount_mismatch' | 'captured_but_sold_out' | 'unknown_order';

/** Orders of one event in the database at once (see `placing`). */
const PLACE_ORDER_CONCURRENCY = 2;
const DEFAULTS = { approvalMode: 'auto', cartMinutes: 15, paymentMinutes: 30, registrationPrefix: 'REG-' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { repo } = deps;
  let barrier: { count: number; release: () => void; promise: Promise<void> } | null = null;

  /** Test-only: the point between "seats are free" and "seats are taken", widened on purpose by race tests. */
  async function raceWindow(): Promise<void> {
    if (deps.testing.raceBarrier > 1) {
      if (!barrier) {
        let release = () => {};
        const promise = new Promise<void>((r) => (release = r));
        barrier = { count: 0, release, promise };
      }
      const b = barrier;
      b.count++;
      if (b.count >= deps.testing.raceBarrier) {
        barrier = null;
        b.release();
      }
      await Promise.race([b.promise, sleep(250)]);
      if (barrier === b) barrier = null;
    }
    if (deps.testing.raceWindowMs > 0) await sleep(deps.testing.raceWindowMs);
  }

  // Event facts (owner, name, dates) change rarely; a few seconds of cache spares two reads per order.
  const eventCache = new Map<string, { at: number; value: EventOwner | null }>();
  async function findEvent(eventId: string): Promise<EventOwner | null> {
    const hit = eventCache.get(eventId);
    if (hit && Date.now() - hit.at < 5000) return hit.value;
    const value = await deps.findEvent(eventId);
    if (eventCache.size > 1000) eventCache.clear();
    eventCache.set(eventId, { at: Date.now(), value });
    return value;
  }
  async function eventOr404(eventId: string): Promise<EventOwner> {
    const ev = await findEvent(eventId);
    if (!ev) throw errors.notFound('Event');
    return ev;
  }
  async function settingsOf(eventId: string) {
    return (await repo.settings(eventId)) ?? { ...DEFAULTS, eventId };
  }

  /** Seats left per ticket (null = unlimited), counting paid and pending orders and live carts. */
  async function availability(eventId: string, now: Date): Promise<{ perTicket: Map<string, number | null> }> {
    const [quotaRows, links, usage] = await Promise.all([repo.listQuotas(eventId), repo.ticketQuotaLinks(eventId), repo.quotaUsage(eventId, now)]);
    const used = new Map(usage.map((u) => [u.quotaId, u.ordered + u.carted]));
    const left = new Map(quotaRows.map((q) => [q.id, Math.max(0, q.capacity - (used.get(q.id) ?? 0))]));
    const perTicket = new Map<string, number | null>();
    for (const l of links) {
      const q = left.get(l.quotaId) ?? 0;
      const cur = perTicket.get(l.ticketId);
      perTicket.set(l.ticketId, cur === undefined || cur === null ? q : Math.min(cur, q));
    }
    return { perTicket };
  }

  /** Per ticket: seats sold (confirmed orders) and held (unpaid orders within their window, open carts). */
  async function seatCounts(eventId: string, now: Date): Promise<{ sold: Map<string, number>; held: Map<string, number> }> {
    const [sold, held] = await Promise.all([repo.soldPerTicket(eventId), repo.heldPerTicket(eventId, now)]);
    return { sold: new Map(sold.map((s) => [s.ticketId, s.sold])), held: new Map(held.map((h) => [h.ticketId, h.held])) };
  }

  type Prepared = { event: EventOwner; items: LineItem[]; tickets: Map<string, TicketRow>; coupon: CouponRow | null; quote: TPriceQuote };

  /** Everything that needs no lock: ticket, coupon and price checks. Refuses with field keys. */
  async function prepare(eventId: string, input: { items: LineItem[]; couponCode?: string; unlockCode?: string; currency?: string }, now: Date): Promise<Prepared> {
    const event = await eventOr404(eventId);
    const items = mergeItems(input.items);
    const tickets = new Map((await repo.ticketsByIds(eventId, items.map((i) => i.ticketId))).map((t) => [t.id, t]));
    const errs = checkItems(items, tickets, { now, unlockCode: input.unlockCode, currency: input.currency });
    if (errs.length > 0) throw registrationErrors.fields(errs);
    let coupon: CouponRow | null = null;
    if (input.couponCode) {
      coupon = await repo.findCouponByCode(eventId, input.couponCode.toUpperCase());
      const problem = couponProblem(coupon, items, now, tickets.get(items[0]!.ticketId)!.currency);
      if (problem) throw registrationErrors.fields([{ field: 'couponCode', key: problem }]);
    }
    return { event, items, tickets, coupon, quote: priceItems(items, tickets, coupon) };
  }

  /** COUPON_USED_UP, or SOLD_OUT with the field of each item that did not fit, unless the seats were taken. */
  function refuseUnlessTaken(res: LockAnswer, items: LineItem[]): void {
    if (!res.couponExists) throw registrationErrors.fields([{ field: 'couponCode', key: 'couponInvalid' }]);
    if (!res.couponOk) throw registrationErrors.couponUsedUp();
    if (!res.ok) {
      const short = new Set(res.usage.filter((u) => u.free < u.demand).map((u) => u.quotaId));
      const errs: TFieldError[] = [];
      items.forEach((item, i) => {
        if (res.links.some((l) => l.ticketId === item.ticketId && short.has(l.quotaId))) errs.push({ field: `items.${i}.quantity`, key: 'soldOut' });
      });
      throw registrationErrors.soldOut(errs);
    }
  }

  type Numbering = { orderId: string; eventId: string; organisationId: string };

  type CouponUse = { id: string; orderId: string; expiresAt: Date | null };

  /**
   * Takes seats for `items` from every quota of their tickets (and, when `coupon` is given, one use of it) inside the
   * caller's transaction, as late as possible and in one round trip (repository.lockCheckAndHold): the coupon row and
   * then the quota rows are locked (id order, so buyers never deadlock), then one statement whose snapshot follows
   * the locks checks and writes. Returns the order's registration number when numbering is asked. Refuses with
   * COUPON_USED_UP, or SOLD_OUT and the field of each item that did not fit; nothing is written then.
   */
  async function takeSeats(
    tx: RegistrationRepository,
    items: LineItem[],
    holder: { cartId?: string; orderId?: string },
    expiresAt: Date | null,
    eventId: string,
    now: Date,
    numbering: Numbering | null = null,
    coupon: CouponUse | null = null,
  ): Promise<string | null> {
    const res = await tx.lockCheckAndHold({
      items,
      holder: { cartId: holder.cartId ?? null, orderId: holder.orderId ?? null },
      expiresAt,
      eventId,
      now,
      lockTimeoutMs: deps.lockTimeoutMs,
      lock: !deps.testing.unsafeDisableLocking,
      coupon,
      numbering,
    });
    refuseUnlessTaken(res, items);
    // Test-only window, after the write and before commit: the holds are not yet visible to other buyers.
    await raceWindow();
    return res.registrationNo;
  }

  // One event's orders queue on its quota rows; two at a time in the database keep the lock busy, and the rest wait
  // here instead of holding pooled connections that every other query needs.
  const placing = createKeyedLimiter(PLACE_ORDER_CONCURRENCY, deps.lockTimeoutMs);

  /** A lock timeout or lost deadlock becomes 409 TRY_AGAIN, never a 500. */
  async function lockErrorsAsTryAgain<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isRetryableLockError(err) || err instanceof LimiterTimeout) throw registrationErrors.tryAgain();
      throw err;
    }
  }
  /** Runs a seat-taking transaction (TRY_AGAIN as above). */
  function inLockedTransaction<T>(fn: (tx: RegistrationRepository, raw: Tx) => Promise<T>): Promise<T> {
    return lockErrorsAsTryAgain(() => repo.transaction(fn));
  }

  async function journey(tx: RegistrationRepository, order: OrderRow, regIds: string[], type: TUserJourneyEventType, detail: Record<string, unknown>, actorUserId: string | null = null) {
    await tx.insertJourney(regIds.map((registrationId) => ({ id: newId(), organisationId: order.organisationId, eventId: order.eventId, registrationId, type, actorUserId, detail })));
  }

  function countsChanged(eventId: string, reason: TCountsChangedReason): void {
    try {
      deps.onCountsChanged?.(eventId, reason);
    } catch (err) {
      deps.log?.error({ err, eventId }, 'counts notification failed');
    }
  }

  /**
   * A failed payment, inside the caller's transaction (order row locked first, as every order step does): the order
   * stays pending for its payment window so the buyer can retry, but its seats go back at once, so nobody waits
   * 30 minutes behind a card that was declined. The coupon use stays until the window ends (the retry keeps its
   * price; `coupon_redemptions` holds one row per order). When another attempt of the same order is still open (the
   * buyer already retried), the old attempt's failure changes nothing but the journey.
   */
  async function failPaymentInTx(
    tx: RegistrationRepository,
    orderId: string,
    opts: { hasOpenAttempt: boolean; actorUserId: string | null; detail: Record<string, unknown>; registrationIds?: string[] },
  ): Promise<{ eventId: string; released: boolean } | null> {
    const order = await tx.findOrder(orderId, true);
    if (!order || order.status !== 'pending') return null;
    const released = !opts.hasOpenAttempt && order.paymentStatus !== 'failed';
    if (!opts.hasOpenAttempt) {
      await tx.updateOrder(order.id, { paymentStatus: 'failed' });
      await tx.releaseHolds({ orderId: order.id }, deps.now());
    }
    const regIds = opts.registrationIds ?? (await tx.registrationsOfOrder(order.id)).filter((r) => !r.isAccompanying).map((r) => r.id);
    await journey(tx, order, regIds, 'PAY_FAILED', { ...opts.detail, seatsReleased: released }, opts.actorUserId);
    return { eventId: order.eventId, released };
  }

  /**
   * The single confirmation path (webhooks, redirects, test gateway, offline mark-paid, the badge desk), inside
   * registration's transaction. The order row is locked and moved pending → paid with a conditional update, so however
   * many deliveries race, one confirms and writes the journey entries, the mail outbox row and the `order.paid` fact.
   */
  async function settleInTx(
    tx: RegistrationRepository,
    rawTx: Tx,
    input: { orderId: string; amount: number | null; currency: string | null; provider: string; actorUserId: string | null; atDesk: boolean },
  ): Promise<{ outcome: ConfirmOutcome; order: OrderRow | null; fact: string | null }> {
    const now = deps.now();
    const order = await tx.findOrder(input.orderId, true);
    if (!order) return { outcome: 'unknown_order', order: null, fact: null };
    if (order.status === 'paid') return { outcome: 'already_paid', order, fact: null };
    if (input.amount !== null && (input.amount !== order.total || (input.currency !== null && input.currency !== order.currency))) {
      return { outcome: 'amount_mismatch', order, fact: null };
    }
    if (order.status === 'cancelled') {
      await tx.updateOrder(order.id, { needsRefund: true, paymentStatus: 'paid' });
      return { outcome: 'not_pending', order, fact: null };
    }
    const regs = await tx.registrationsOfOrder(order.id);
    // Expired, past its window, or its seats released by a failed payment: the seats must be taken again.
    const late = order.status === 'expired' || (order.expiresAt !== null && order.expiresAt <= now) || order.paymentStatus === 'failed';
    if (late) {
      // The seats may have gone to someone else: take them again under the quota locks, or flag for refund.
      await tx.releaseHolds({ orderId: order.id }, now);
      try {
        await takeSeats(tx, order.lines.map((l) => ({ ticketId: l.ticketId, quantity: l.quantity })), { orderId: order.id }, null, order.eventId, now);
      } catch (err) {
        if (!(err instanceof Error) || !('code' in err) || (err as { code: unknown }).code !== 'SOLD_OUT') throw err;
        const flagged = await tx.transitionOrder(order.id, ['pending', 'expired'], { status: 'expired', paymentStatus: 'paid', needsRefund: true });
        await journey(tx, order, regs.filter((r) => !r.isAccompanying).map((r) => r.id), 'PAY_CAPTURED', { provider: input.provider, amount: order.total, needsRefund: true });
        return { outcome: 'captured_but_sold_out', order: flagged, fact: null };
      }
    }
    const paid = await tx.transitionOrder(order.id, ['pending', 'expired'], { status: 'paid', paymentStatus: 'paid', paidAt: now, expiresAt: null });
    if (!paid) return { outcome: 'already_paid', order, fact: null };
    await tx.setOrderHoldsExpiry(order.id, null);
    await tx.setRedemptionExpiry(order.id, null);
    const payers = regs.filter((r) => !r.isAccompanying).map((r) => r.id);
    await journey(tx, order, payers, 'PAY_CAPTURED', { provider: input.provider, amount: order.total, currency: order.currency }, input.actorUserId ?? null);
    // SPEND: what the registration cost, once the money is in (same transaction as the state change).
    await journey(tx, order, payers, 'SPEND', { amount: order.total, currency: order.currency }, input.actorUserId ?? null);
    await tx.enqueueOutbox({ id: newId(), organisationId: order.organisationId, eventId: order.eventId, orderId: order.id, kind: 'confirmation' });
    const fact = await deps.orderPaid.record(rawTx, { orderId: order.id, organisationId: order.organisationId, eventId: order.eventId, total: order.total, currency: order.currency, provider: input.provider, actorUserId: input.actorUserId, atDesk: input.atDesk });
    return { outcome: 'confirmed', order: paid, fact };
  }

  /**
   * Refund bookkeeping (payments' `payment.refunded`). A partial refund leaves the order paid. A full refund cancels
   * a paid order: its seats and coupon use return, so its registrations are no longer admissible (admissible =
   * approved and order paid); an order that was only waiting for its refund (needsRefund) is no longer flagged.
   * Each refund writes an UPDATE journey entry per paying attendee. Idempotent: the refunded total is absolute (and
   * never lowered by a late fact). A refund that issued a credit note owes the buyer its mail (an outbox row per note,
   * so a replayed fact mails it once).
   */
  async function recordRefundInTx(tx: RegistrationRepository, input: RefundFact): Promise<OrderRow | null> {
    const now = deps.now();
    const order = await tx.findOrder(input.orderId, true);
    if (!order) return null;
    // Succeeded refunds only add up, but two facts may arrive out of order (a late one with the smaller total).
    input = { ...input, refundedTotal: Math.max(order.refundedAmount, input.refundedTotal) };
    const isFull = input.refundedTotal >= order.total;
    const cancels = isFull && order.status === 'paid';
    const updated = await tx.updateOrder(order.id, {
      refundedAmount: input.refundedTotal,
      paymentStatus: isFull ? 'refunded' : 'partially_refunded',
      ...(cancels ? { status: 'cancelled' } : {}),
      ...(isFull ? { needsRefund: false } : {}),
    });
    if (cancels) {
      await tx.releaseHolds({ orderId: order.id }, now);
      await tx.releaseRedemption(order.id, now);
    }
    const regs = await tx.registrationsOfOrder(order.id);
    const detail = {
      change: isFull ? 'refunded' : 'partially_refunded',
      amount: input.amount ?? null,
      refundedTotal: input.refundedTotal,
      currency: order.currency,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(cancels ? { orderStatus: 'cancelled', seatsReleased: true } : {}),
    };
    await journey(tx, order, regs.filter((r) => !r.isAccompanying).map((r) => r.id), 'UPDATE', detail, input.actorUserId ?? null);
    if (input.creditNoteId) await tx.enqueueOutbox({ id: newId(), organisationId: order.organisationId, eventId: order.eventId, orderId: order.id, kind: creditNoteMailKind(input.creditNoteId) });
    return updated;
  }

  /**
   * The desk walk-in workflow, step 2: payments records the money taken and numbers the invoice (its own
   * transaction, from the `order.paid` fact, delivered now). If that fails, step 1 is compensated: the order, its
   * registrations, seats, coupon use, mail row and the undelivered fact go, in one transaction, and the desk sees the
   * error, so a walk-in is all there or not at all. (A process that dies between the two leaves the fact owed: the job
   * records the payment and invoice later, and the paid walk-in stands.)
   */
  async function recordDeskPayment(orderId: string, fact: string): Promise<void> {
    try {
      await deps.orderPaid.deliverOrThrow(fact);
    } catch (err) {
      await repo.transaction(async (tx, raw) => {
        await deps.orderPaid.discard(raw, fact);
        await tx.discardOrder(orderId);
      });
      throw err;
    }
  }

  async function publicOrder(orderId: string): Promise<TPublicOrder> {
    const o = await repo.findOrder(orderId);
    if (!o) throw errors.notFound('Order');
    return toPublicOrder(o, await repo.registrationsOfOrder(o.id));
  }

  /**
   * Sends owed confirmation and credit-note mails: the mail job's body (mail-worker.ts), never a request's. Claiming is conditional,
   * so two senders never send the same row; the mail and its QR images are built here, from the committed order.
   */
  async function dispatchOutbox(orderId: string | null): Promise<number> {
    const now = deps.now();
    const rows = await repo.claimOutbox(orderId, now, new Date(now.getTime() - deps.mailLeaseMs));
    let sent = 0;
    for (const row of rows) {
      // One mail per turn of the event loop: requests get in between a batch's QR codes and SMTP round trips.
      await new Promise((r) => setImmediate(r));
      try {
        const order = await repo.findOrder(row.orderId);
        const event = order ? await findEvent(order.eventId) : null;
        if (!order || !event) {
          await repo.finishOutbox(row.id, 'failed', now);
          continue;
        }
        let mail;
        if (row.kind.startsWith(CREDIT_NOTE_MAIL)) {
          const doc = await deps.payments.orderCreditNote(order.id, row.kind.slice(CREDIT_NOTE_MAIL.length));
          if (!doc) {
            await repo.finishOutbox(row.id, 'failed', now);
            continue;
          }
          mail = buildCreditNoteMail(order, event.name, doc, deps.publicUrl);
        } else {
          const regs = await repo.registrationsOfOrder(order.id);
          mail = await buildConfirmationMail(order, regs, event, deps.publicUrl, (registrationId) => deps.credentialToken(order.eventId, registrationId));
        }
        const res = await deps.mailer.send({ ...mail, to: order.buyerEmail, organisationId: order.organisationId, eventId: order.eventId });
        await repo.finishOutbox(row.id, res.status === 'failed' ? (row.attempts >= 5 ? 'failed' : 'pending') : 'sent', now);
        if (res.status !== 'failed') sent++;
      } catch (err) {
        deps.log?.error({ err, outboxId: row.id }, 'confirmation mail failed');
        await repo.finishOutbox(row.id, row.attempts >= 5 ? 'failed' : 'pending', now);
      }
    }
    return sent;
  }

  /** Expires one pending order past its deadline: seats and coupon use return (conditional, so once only). */
  async function expireOrder(orderId: string, now: Date): Promise<boolean> {
    return repo.transaction(async (tx) => {
      const cur = await tx.findOrder(orderId, true);
      if (!cur || cur.status !== 'pending' || !cur.expiresAt || cur.expiresAt > now) return false;
      await tx.transitionOrder(orderId, ['pending'], { status: 'expired' });
      await tx.releaseHolds({ orderId }, now);
      await tx.releaseRedemption(orderId, now);
      return cur.eventId;
    }).then((eventId) => {
      if (!eventId) return false;
      countsChanged(eventId, 'seats_released');
      return true;
    });
  }

  const service = {
    availability,
    seatCounts,
    publicOrder,
    dispatchOutbox,

    async quote(eventId: string, input: TQuoteRequest): Promise<TPriceQuote> {
      return (await prepare(eventId, input, deps.now())).quote;
    },

    async createCart(eventId: string, input: TCartCreateRequest): Promise<TCart> {
      const now = deps.now();
      const p = await prepare(eventId, input, now);
      const settings = await settingsOf(eventId);
      const expiresAt = new Date(now.getTime() + settings.cartMinutes * 60_000);
      const id = newId();
      await inLockedTransaction(async (tx) => {
        await tx.insertCart({ id, organisationId: p.event.organisationId, eventId, items: p.items, expiresAt, status: 'active' });
        await takeSeats(tx, p.items, { cartId: id }, expiresAt, eventId, now);
      });
      countsChanged(eventId, 'seats_held');
      return service.getCart(id);
    },

    async getCart(cartId: string): Promise<TCart> {
      const c = await repo.findCart(cartId);
      if (!c) throw errors.notFound('Cart');
      const tickets = new Map((await repo.ticketsByIds(c.eventId, c.items.map((i) => i.ticketId))).map((t) => [t.id, t]));
      const status = c.status === 'active' && c.expiresAt <= deps.now() ? 'expired' : c.status;
      return {
        id: c.id,
        eventId: c.eventId,
        status: status as TCart['status'],
        expiresAt: c.expiresAt.toISOString(),
        items: c.items.map((i) => ({ ticketId: i.ticketId, ticketName: tickets.get(i.ticketId)?.name ?? '', quantity: i.quantity, unitPrice: tickets.get(i.ticketId)?.price ?? 0, currency: tickets.get(i.ticketId)?.currency ?? '' })),
      };
    },

    async releaseCart(cartId: string): Promise<TCart> {
      const now = deps.now();
      let countsChangedAfter: string | null = null;
      await repo.transaction(async (tx) => {
        const c = await tx.findCart(cartId, true);
        if (!c) throw errors.notFound('Cart');
        if (c.status !== 'active') return;
        await tx.setCartStatus(cartId, 'released');
        await tx.releaseHolds({ cartId }, now);
        countsChangedAfter = c.eventId;
      });
      if (countsChangedAfter) countsChanged(countsChangedAfter, 'seats_released');
      return service.getCart(cartId);
    },

    /**
     * One transaction: seats (from the cart or taken now), coupon use, registration number, order, attendees and
     * journey commit together or not at all. Payment starts after commit; a free order is confirmed inside it.
     */
    /**
     * `walkIn`: the organiser's badge desk registers someone at the venue (badges module). Same transaction and
     * quotas; the desk saw no price to confirm, skips the form (the attendee fills nothing in) and takes any payment
     * itself (marked paid afterwards through the offline provider), and the registration is approved at once.
     */
    async createOrder(eventId: string, input: TOrderCreateRequest, opts: { walkIn?: boolean; actorUserId?: string } = {}): Promise<TOrderCreateResponse> {
      const now = deps.now();
      // The three reads go out together.
      const [p, forms, settings] = await Promise.all([prepare(eventId, input, now), repo.listForms(eventId), settingsOf(eventId)]);
      const { event, quote } = p;
      if (!opts.walkIn && quote.total !== input.expectedTotal) throw registrationErrors.priceChanged(quote.total);

      // Attendees: one per seat, each naming its seat's ticket, with the ticket's form answered.
      const seats = p.items.flatMap((i) => Array.from({ length: i.quantity }, () => i.ticketId));
      const errs: TFieldError[] = [];
      if (input.attendees.length !== seats.length) errs.push({ field: 'attendees', key: 'attendeeCountMismatch' });
      const seatCount = new Map<string, number>();
      for (const s of seats) seatCount.set(s, (seatCount.get(s) ?? 0) + 1);
      input.attendees.forEach((a, i) => {
        const left = seatCount.get(a.ticketId) ?? 0;
        if (left <= 0) errs.push({ field: `attendees.${i}.ticketId`, key: 'attendeeTicketMismatch' });
        else seatCount.set(a.ticketId, left - 1);
        if (!opts.walkIn) errs.push(...checkAnswers(formFor(forms, a.ticketId), a.answers, `attendees.${i}.answers`));
      });
      const isFree = quote.total === 0;
      if (!isFree && !opts.walkIn) {
        if (!input.paymentProvider) errs.push({ field: 'paymentProvider', key: 'required' });
        else if (!(await deps.payments.enabledProviders(event.organisationId)).includes(input.paymentProvider)) errs.push({ field: 'paymentProvider', key: 'providerNotEnabled' });
      }
      if (input.visitorCategoryId) {
        const c = await repo.findCategory(input.visitorCategoryId);
        if (!c || c.eventId !== eventId) errs.push({ field: 'visitorCategoryId', key: 'unknownCategory' });
      }
      if (input.dateOptionId && !(await repo.findDateOption(eventId, input.dateOptionId))) errs.push({ field: 'dateOptionId', key: 'unknownDateOption' });
      let cartId: string | null = null;
      if (input.cartId) {
        const cart = await repo.findCart(input.cartId);
        if (!cart || cart.eventId !== eventId || cart.status !== 'active') errs.push({ field: 'cartId', key: 'cartInvalid' });
        else if (stableStringify(mergeItems(cart.items).sort((a, b) => a.ticketId.localeCompare(b.ticketId))) !== stableStringify([...p.items].sort((a, b) => a.ticketId.localeCompare(b.ticketId)))) {
          errs.push({ field: 'cartId', key: 'cartMismatch' });
        } else if (cart.expiresAt <= now) throw registrationErrors.cartExpired();
        else cartId = cart.id;
      }
      if (errs.length > 0) throw registrationErrors.fields(errs);

      const orderId = newId();
      const holdExpiry = isFree ? null : new Date(now.getTime() + settings.paymentMinutes * 60_000);
      const approval = settings.approvalMode === 'manual' && !opts.walkIn ? 'pending' : 'approved';

      const orderRow: OrderRow = {
        id: orderId,
        organisationId: event.organisationId,
        eventId,
        registrationNo: `~${orderId}`,
        status: isFree ? 'paid' : 'pending',
        paymentStatus: isFree ? 'not_required' : 'pending',
        currency: quote.currency,
        subtotal: quote.subtotal,
        discount: quote.discount,
        tax: quote.tax,
        total: quote.total,
        refundedAmount: 0,
        couponId: p.coupon?.id ?? null,
        couponCode: p.coupon?.code ?? null,
        lines: quote.lines,
        buyerFirstName: input.buyer.firstName,
        buyerLastName: input.buyer.lastName,
        buyerEmail: input.buyer.email.toLowerCase(),
        buyerCountryCode: input.buyer.countryCode ?? null,
        buyerContactNo: input.buyer.contactNo ?? null,
        paymentProvider: isFree ? null : opts.walkIn ? 'offline' : input.paymentProvider!,
        sourceChannel: input.sourceChannel,
        cartId,
        invoiceNumber: null,
        needsRefund: false,
        expiresAt: holdExpiry,
        paidAt: isFree ? now : null,
        createdAt: now,
        updatedAt: now,
      };
      const regRows: RegistrationRow[] = input.attendees.map((a) => ({
        id: newId(),
        organisationId: event.organisationId,
        eventId,
        orderId,
        ticketId: a.ticketId,
        firstName: a.firstName,
        lastName: a.lastName,
        email: a.email.toLowerCase(),
        countryCode: a.countryCode ?? null,
        contactNo: a.contactNo ?? null,
        answers: a.answers,
        approvalStatus: approval,
        categoryId: input.visitorCategoryId ?? null,
        groups: [],
        quotaId: null,
        isAccompanying: false,
        parentRegistrationId: null,
        dateOptionId: input.dateOptionId ?? null,
        photoUpdatedAt: null,
        sourceChannel: input.sourceChannel,
        createdAt: now,
        updatedAt: now,
      }));

      const graph = {
        order: orderRow,
        regs: regRows,
        journey: regRows.map((r) => ({ id: newId(), organisationId: event.organisationId, eventId, registrationId: r.id, type: 'REG', actorUserId: opts.actorUserId ?? null, detail: { orderId, total: quote.total, currency: quote.currency, ...(opts.walkIn ? { walkIn: true } : {}) } })),
        outbox: isFree ? { id: newId(), organisationId: event.organisationId, eventId, orderId, kind: 'confirmation' } : null,
      };
      const numbering = { orderId, eventId, organisationId: event.organisationId };
      const couponUse = p.coupon ? { id: p.coupon.id, orderId, expiresAt: holdExpiry } : null;
      // A walk-in paid at the desk is captured and confirmed inside the order's own transaction (the multi-step path).
      const paidAtDesk = Boolean(opts.walkIn) && !isFree;
      let deskFact: string | null = null;
      if (!cartId && !paidAtDesk && !deps.testing.unsafeDisableLocking) {
        // The common case: the whole order is one transaction in one round trip, its locks held only inside the database.
        const res = await lockErrorsAsTryAgain(() =>
          placing.run(eventId, () => repo.placeOrder(graph, { items: p.items, holder: { cartId: null, orderId }, expiresAt: holdExpiry, eventId, now, lockTimeoutMs: deps.lockTimeoutMs, lock: true, coupon: couponUse, numbering })),
        );
        refuseUnlessTaken(res, p.items);
        orderRow.registrationNo = res.registrationNo!;
        // Test-only: keeps the call in flight (here after its commit), for the idempotency tests.
        await raceWindow();
      } else {
        // From a cart (its seats pass to the order), a walk-in paid at the desk, or the race tests' control (locking
        // off, with a window before commit).
        await inLockedTransaction(async (tx, raw) => {
          // Uncontended writes first, in one statement; the contended locks (quota, coupon, counter) come last.
          await tx.insertOrderGraph(graph.order, graph.regs, graph.journey, graph.outbox);
          // Lock order everywhere: coupon row, then quota rows, then the event counter.
          if (cartId) {
            const cart = await tx.findCart(cartId, true);
            if (!cart || cart.status !== 'active') throw registrationErrors.fields([{ field: 'cartId', key: 'cartInvalid' }]);
            if (cart.expiresAt <= now) throw registrationErrors.cartExpired();
            // The cart's seats pass to the order under the quota locks: release them and take them again, so a hold
            // that expired while this request waited can never be revived over someone else's seat.
            await tx.releaseHolds({ cartId }, now);
            await tx.setCartStatus(cartId, 'converted');
          }
          orderRow.registrationNo = (await takeSeats(tx, p.items, { orderId }, holdExpiry, eventId, now, numbering, couponUse))!;
          if (paidAtDesk) {
            // The desk walk-in workflow, step 1: the order confirmed in registration's transaction with its fact.
            const settled = await settleInTx(tx, raw, { orderId, amount: null, currency: null, provider: 'offline', actorUserId: opts.actorUserId ?? null, atDesk: true });
            if (settled.outcome !== 'confirmed') throw new Error(`walk-in payment not confirmed: ${settled.outcome}`);
            deskFact = settled.fact;
          }
        });
        if (deskFact) await recordDeskPayment(orderId, deskFact);
      }
      countsChanged(eventId, isFree || paidAtDesk ? 'order_confirmed' : 'seats_held');
      if (paidAtDesk) {
        deps.wakeMail();
        return { order: await publicOrder(orderId), payment: null };
      }

      let payment: TPaymentSession | null = null;
      if (isFree) {
        // The confirmation row committed with the order; the mail job builds the mail and its QR and sends it.
        deps.wakeMail();
      } else if (!opts.walkIn) {
        try {
          payment = await deps.payments.startCheckout(orderRow, input.paymentProvider!);
        } catch (err) {
          // The order stands and holds its seats; the buyer retries with POST /orders/:orderId/payments.
          deps.log?.error({ err, orderId }, 'payment checkout could not start');
        }
      }
      return { order: toPublicOrder(orderRow, regRows), payment };
    },

    /**
     * A new payment attempt for a pending order within its window. After a failed payment the order's seats were
     * released: they are taken again under the quota locks (order row first, then quotas, as everywhere), or the
     * retry is refused with 409 SOLD_OUT when they went to someone else meanwhile. Two retries at once serialise on
     * the order row; the second finds the seats already held and only opens its own attempt.
     */
    async retryPayment(orderId: string, provider: string): Promise<TPaymentSession> {
      const order = await repo.findOrder(orderId);
      if (!order) throw errors.notFound('Order');
      if (order.status !== 'pending' || (order.expiresAt && order.expiresAt <= deps.now())) throw registrationErrors.orderNotPayable();
      if (!(await deps.payments.enabledProviders(order.organisationId)).includes(provider)) {
        throw registrationErrors.fields([{ field: 'provider', key: 'providerNotEnabled' }]);
      }
      const retaken = await inLockedTransaction(async (tx) => {
        const now = deps.now();
        const cur = await tx.findOrder(orderId, true);
        if (!cur || cur.status !== 'pending' || (cur.expiresAt && cur.expiresAt <= now)) throw registrationErrors.orderNotPayable();
        let took = false;
        if (cur.paymentStatus === 'failed') {
          try {
            await takeSeats(tx, cur.lines.map((l) => ({ ticketId: l.ticketId, quantity: l.quantity })), { orderId }, cur.expiresAt, cur.eventId, now);
          } catch (err) {
            if (err instanceof AppError && err.code === 'SOLD_OUT') throw registrationErrors.soldOutAfterFailedPayment(err.errors ?? []);
            throw err;
          }
          took = true;
        }
        if (took || cur.paymentProvider !== provider) await tx.updateOrder(orderId, { paymentProvider: provider, ...(took ? { paymentStatus: 'pending' } : {}) });
        return took ? cur : null;
      });
      if (retaken) countsChanged(retaken.eventId, 'seats_retaken');
      return deps.payments.startCheckout({ ...order, paymentStatus: 'pending', paymentProvider: provider }, provider);
    },

    /**
     * payments' `payment.captured`: the order is confirmed in registration's own transaction (settleInTx); after the
     * commit, `order.paid` goes to payments (the invoice), the confirmation mail is woken and dashboards are told.
     * Delivery is at least once: a second delivery finds the order paid and changes nothing.
     */
    async settlePayment(input: { orderId: string; amount: number | null; currency: string | null; provider: string; actorUserId: string | null }): Promise<ConfirmOutcome> {
      const settled = await repo.transaction((tx, raw) => settleInTx(tx, raw, { ...input, atDesk: false }));
      if (settled.fact) await deps.orderPaid.deliver(settled.fact);
      if (settled.outcome === 'confirmed' && settled.order) {
        countsChanged(settled.order.eventId, 'order_confirmed');
        deps.wakeMail();
      }
      return settled.outcome;
    },

    /** payments' `payment.failed` (see failPaymentInTx), in its own transaction; the counts are told after commit. */
    async paymentFailed(input: { orderId: string; provider: string; hasOpenAttempt: boolean }): Promise<void> {
      const res = await repo.transaction((tx) => failPaymentInTx(tx, input.orderId, { hasOpenAttempt: input.hasOpenAttempt, actorUserId: null, detail: { provider: input.provider } }));
      if (res?.released) countsChanged(res.eventId, 'payment_failed');
    },

    /** payments' `invoice.issued`: the order shows its invoice number. */
    async setInvoiceNumber(orderId: string, number: string): Promise<void> {
      await repo.updateOrder(orderId, { invoiceNumber: number });
    },

    /** The organiser records a failed payment (payment-status → failed): the same release as a provider's failure. */
    async markPaymentFailed(orderId: string, opts: { actorUserId: string; registrationIds: string[]; note?: string }): Promise<boolean> {
      const res = await repo.transaction((tx) =>
        failPaymentInTx(tx, orderId, { hasOpenAttempt: false, actorUserId: opts.actorUserId, registrationIds: opts.registrationIds, detail: { manual: true, ...(opts.note ? { note: opts.note } : {}) } }),
      );
      if (res?.released) countsChanged(res.eventId, 'payment_failed');
      return res !== null;
    },

    /** After a commit that confirmed or failed a payment: mail owed, and the event's dashboards told. */
    countsChanged,

    /**
     * payments' `payment.refund_pending` / `payment.refund_failed`: the order's history (an UPDATE journey entry per
     * paying attendee, `change: refund_pending | refund_failed`, naming the refund) tells the organiser a refund waits
     * on the provider, or failed there and its amount is refundable again. The order itself is unchanged (its refunded
     * sum moves only on `payment.refunded`). Idempotent per refund and change (the order row locked, then looked for).
     */
    async recordRefundNotice(change: 'refund_pending' | 'refund_failed', input: { orderId: string; refundId: string; amount: number; currency: string; reason: string; actorUserId?: string | null }): Promise<void> {
      await repo.transaction(async (tx) => {
        const order = await tx.findOrder(input.orderId, true);
        if (!order) return;
        const payers = (await tx.registrationsOfOrder(order.id)).filter((r) => !r.isAccompanying).map((r) => r.id);
        if (payers.length === 0) return;
        const seen = await tx.journey(order.eventId, payers[0]!);
        if (seen.some((j) => j.type === 'UPDATE' && (j.detail as Record<string, unknown>)?.change === change && (j.detail as Record<string, unknown>)?.refundId === input.refundId)) return;
        const detail = { change, refundId: input.refundId, amount: input.amount, currency: input.currency, ...(input.reason ? { reason: input.reason } : {}) };
        await journey(tx, order, payers, 'UPDATE', detail, input.actorUserId ?? null);
      });
    },

    /** payments' `payment.refunded`, in registration's own transaction (recordRefundInTx); a credit note's mail is woken after it. */
    async recordRefund(input: RefundFact): Promise<OrderRow | null> {
      const order = await repo.transaction((tx) => recordRefundInTx(tx, input));
      if (input.creditNoteId) deps.wakeMail();
      return order;
    },

    /** Reconciliation for one order (the lazy check when there is no job runner). */
    async reconcileOrder(orderId: string): Promise<void> {
      const o = await repo.findOrder(orderId);
      if (!o) return;
      if (o.status === 'pending') {
        await deps.payments.reconcileOrder(orderId);
        const again = await repo.findOrder(orderId);
        if (again?.status === 'pending' && again.expiresAt && again.expiresAt <= deps.now()) await expireOrder(orderId, deps.now());
      }
      // Mail owed for this order goes out from the mail job, not from the read that noticed it.
      deps.wakeMail();
    },

    /** The periodic job: expire unpaid orders past their deadline, then send any mail still owed. */
    async reconcile(): Promise<{ expired: number; mailed: number }> {
      const now = deps.now();
      let expired = 0;
      for (const o of await repo.expirablePendingOrders(now, 500)) {
        await deps.payments.reconcileOrder(o.id);
        const again = await repo.findOrder(o.id);
        if (again?.status === 'pending' && (await expireOrder(o.id, now))) expired++;
      }
      const mailed = await dispatchOutbox(null);
      return { expired, mailed };
    },

    /** Idempotency-Key: replays a stored answer, 409 while the first call runs, 422 for a reused key. */
    async withIdempotency<T>(scope: string, key: string | undefined, body: unknown, fn: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body: T; replayed: boolean }> {
      if (!key) return { ...(await fn()), replayed: false };
      const hash = createHash('sha256').update(stableStringify(body)).digest('hex');
      if (!(await repo.claimIdempotencyKey(scope, key, hash))) {
        const row = await repo.findIdempotencyKey(scope, key);
        if (!row) throw registrationErrors.idempotencyInFlight();
        if (row.requestHash !== hash) throw registrationErrors.idempotencyReused();
        if (row.status === 'done') return { status: row.responseStatus ?? 200, body: row.responseBody as T, replayed: true };
        const now = deps.now();
        if (!(await repo.takeOverIdempotencyKey(scope, key, new Date(now.getTime() - 60_000), now))) throw registrationErrors.idempotencyInFlight();
      }
      try {
        const res = await fn();
        await repo.completeIdempotencyKey(scope, key, res.status, res.body);
        return { ...res, replayed: false };
      } catch (err) {
        // A failed call is not stored: the same key may be retried (e.g. after TRY_AGAIN).
        await repo.dropIdempotencyKey(scope, key);
        throw err;
      }
    },
  };
  return service;
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
