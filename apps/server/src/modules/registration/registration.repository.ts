import { and, asc, count, desc, eq, getTableColumns, getTableName, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TOrderListQuery, TRegistrationListQuery } from '@pavilion/domain';
import { execMulti, execTransactionScript, sqlState, type Db } from '../../platform/db.ts';
import {
  cartLinks,
  carts,
  couponRedemptions,
  coupons,
  dateOptions,
  idempotencyKeys,
  journeyEntries,
  orders,
  quotas,
  regEventSettings,
  regForms,
  regOutbox,
  regPublicVersions,
  registrationPhotos,
  registrations,
  seatHolds,
  ticketQuotas,
  tickets,
  visitorCategories,
} from './registration.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

export type TicketRow = typeof tickets.$inferSelect;
export type QuotaRow = typeof quotas.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type CartRow = typeof carts.$inferSelect;
export type SettingsRow = typeof regEventSettings.$inferSelect;
export type FormRow = typeof regForms.$inferSelect;
export type CategoryRow = typeof visitorCategories.$inferSelect;
export type DateOptionRow = typeof dateOptions.$inferSelect;
export type CartLinkRow = typeof cartLinks.$inferSelect;
export type JourneyRow = typeof journeyEntries.$inferSelect;
export type OutboxRow = typeof regOutbox.$inferSelect;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A hold or redemption counts while not released and not past its expiry. */
const liveHold = (now: Date) => and(isNull(seatHolds.releasedAt), or(isNull(seatHolds.expiresAt), gt(seatHolds.expiresAt, now)));
const liveRedemption = (now: Date) =>
  and(isNull(couponRedemptions.releasedAt), or(isNull(couponRedemptions.expiresAt), gt(couponRedemptions.expiresAt, now)));

/**
 * A SQL literal for the multi-statement query of lockCheckAndHold (the simple query protocol takes no parameters).
 * Same rules as node-postgres' escapeLiteral: quotes doubled, and an E'' string when there is a backslash, so the
 * result does not depend on standard_conforming_strings. Values are ids, numbers and dates; NUL is refused.
 */
export function lit(v: string | number | Date | null): string {
  if (v === null) return 'NULL';
  if (v instanceof Date) return lit(v.toISOString());
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`Not an integer: ${v}`);
    return String(v);
  }
  if (v.includes('\0')) throw new Error('NUL in a SQL literal');
  const body = v.replace(/'/g, "''");
  return v.includes('\\') ? ` E'${body.replace(/\\/g, '\\\\')}'` : `'${body}'`;
}

export type LockInput = {
  items: { ticketId: string; quantity: number }[];
  holder: { cartId: string | null; orderId: string | null };
  expiresAt: Date | null;
  eventId: string;
  now: Date;
  lockTimeoutMs: number;
  lock: boolean;
  coupon: { id: string; orderId: string; expiresAt: Date | null } | null;
  numbering: { orderId: string; eventId: string; organisationId: string } | null;
};
export type LockAnswer = {
  ok: boolean;
  couponOk: boolean;
  couponExists: boolean;
  registrationNo: string | null;
  usage: { quotaId: string; free: number; demand: number }[];
  links: { ticketId: string; quotaId: string }[];
};
export type OrderGraph = {
  order: typeof orders.$inferInsert;
  regs: (typeof registrations.$inferInsert)[];
  journey: (typeof journeyEntries.$inferInsert)[];
  outbox: typeof regOutbox.$inferInsert | null;
};
type RawAnswer = { ok: boolean; coupon_ok: boolean; coupon_exists: boolean; registration_no: string | null; usage: string | unknown[]; links: string | unknown[] };

function answerOf(row: RawAnswer): LockAnswer {
  const json = <T>(v: string | unknown[]) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    ok: row.ok,
    couponOk: row.coupon_ok,
    couponExists: row.coupon_exists,
    registrationNo: row.registration_no,
    usage: json<[string, number, number][]>(row.usage).map(([quotaId, free, demand]) => ({ quotaId, free, demand })),
    links: json<[string, string][]>(row.links).map(([ticketId, quotaId]) => ({ ticketId, quotaId })),
  };
}

/**
 * The contended statements, to run back to back in one request (a multi-statement simple query, so the locks are
 * never held while this process is busy with other requests):
 *   1. SET LOCAL lock_timeout;
 *   2. lock the coupon row (when a coupon is used), then the quota rows of the tickets, in id order (FOR UPDATE);
 *   3. one check-and-write statement. Its snapshot is taken after the locks were granted, so it sees every hold and
 *      coupon use committed by the previous lock holder. It writes the coupon use, the holds and (for an order) the
 *      per-event counter and registration number only if the coupon has a use left and every quota has room.
 * With `refuse`, a refusal raises `pv_refuse` with the answer as JSON, aborting the transaction.
 */
function contendedStatements(input: LockInput, refuse: boolean): string[] {
  const { items, holder, eventId, coupon, numbering } = input;
  const now = lit(input.now);
  const exp = lit(input.expiresAt);
  const ticketIds = [...new Set(items.map((i) => i.ticketId))];
  const statements: string[] = [`SET LOCAL lock_timeout = '${Math.max(1, Math.floor(input.lockTimeoutMs))}ms'`];
  if (input.lock && coupon) statements.push(`SELECT id FROM coupons WHERE id = ${lit(coupon.id)} FOR UPDATE`);
  if (input.lock && ticketIds.length > 0) {
    statements.push(`SELECT q.id FROM quotas q JOIN ticket_quotas tq ON tq.quota_id = q.id WHERE tq.ticket_id IN (${ticketIds.map(lit).join(', ')}) ORDER BY q.id FOR UPDATE OF q`);
  }
  const itemsJson = lit(JSON.stringify(items.map((i) => ({ ticket_id: i.ticketId, quantity: i.quantity }))));
  const ctes = [
    `items AS (SELECT * FROM json_to_recordset(${itemsJson}::json) AS i(ticket_id text, quantity int))`,
    `links AS (SELECT tq.quota_id, i.ticket_id, i.quantity FROM ticket_quotas tq JOIN items i ON i.ticket_id = tq.ticket_id)`,
    `demand AS (SELECT quota_id AS id, sum(quantity)::int AS demand FROM links GROUP BY quota_id)`,
    `usage AS (SELECT q.id, q.capacity - coalesce((SELECT sum(h.quantity) FROM seat_holds h WHERE h.quota_id = q.id AND h.released_at IS NULL AND (h.expires_at IS NULL OR h.expires_at > ${now}::timestamptz)), 0)::int AS free, d.demand FROM quotas q JOIN demand d ON d.id = q.id)`,
    `ok AS (SELECT coalesce(bool_and(free >= demand), true) AS ok FROM usage)`,
  ];
  if (coupon) {
    const c = lit(coupon.id);
    ctes.push(
      `cp AS (SELECT c.id IS NOT NULL AS present, c.id IS NOT NULL AND (c.max_uses IS NULL OR (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.released_at IS NULL AND (r.expires_at IS NULL OR r.expires_at > ${now}::timestamptz)) < c.max_uses) AS ok FROM (SELECT ${c}::text AS wanted) w LEFT JOIN coupons c ON c.id = w.wanted)`,
      `go AS (SELECT (SELECT ok FROM ok) AND (SELECT ok FROM cp) AS go)`,
      `r AS (INSERT INTO coupon_redemptions (coupon_id, order_id, expires_at) SELECT ${c}, ${lit(coupon.orderId)}, ${lit(coupon.expiresAt)}::timestamptz WHERE (SELECT go FROM go))`,
    );
  } else {
    ctes.push(`go AS (SELECT ok AS go FROM ok)`);
  }
  ctes.push(
    `h AS (INSERT INTO seat_holds (quota_id, event_id, ticket_id, cart_id, order_id, quantity, expires_at) SELECT l.quota_id, ${lit(eventId)}, l.ticket_id, ${lit(holder.cartId)}, ${lit(holder.orderId)}, l.quantity, ${exp}::timestamptz FROM links l WHERE (SELECT go FROM go))`,
  );
  if (numbering) {
    ctes.push(
      `c AS (INSERT INTO reg_event_settings (event_id, organisation_id, reg_counter) SELECT ${lit(numbering.eventId)}, ${lit(numbering.organisationId)}, 1 WHERE (SELECT go FROM go) ON CONFLICT (event_id) DO UPDATE SET reg_counter = reg_event_settings.reg_counter + 1 RETURNING reg_counter, registration_prefix)`,
      `u AS (UPDATE orders SET registration_no = c.registration_prefix || lpad(c.reg_counter::text, 6, '0'), updated_at = now() FROM c WHERE orders.id = ${lit(numbering.orderId)} RETURNING orders.registration_no)`,
    );
  }
  ctes.push(`res AS (SELECT (SELECT ok FROM ok) AS ok, ${coupon ? '(SELECT ok FROM cp)' : 'true'} AS coupon_ok, ${coupon ? '(SELECT present FROM cp)' : 'true'} AS coupon_exists,
  ${numbering ? '(SELECT registration_no FROM u)' : 'NULL::text'} AS registration_no,
  coalesce((SELECT json_agg(json_build_array(id, free, demand)) FROM usage), '[]'::json) AS usage,
  coalesce((SELECT json_agg(json_build_array(ticket_id, quota_id)) FROM links), '[]'::json) AS links)`);
  const go = refuse ? `CASE WHEN (SELECT go FROM go) THEN true ELSE pv_refuse(row_to_json(res)::text) END` : '(SELECT go FROM go)';
  statements.push(`WITH ${ctes.join(',\n')}\nSELECT ok, coupon_ok, coupon_exists, registration_no, usage::text AS usage, links::text AS links, ${go} AS go FROM res`);
  return statements;
}

/** INSERT statements as SQL text for a multi-statement request: each table's rows travel as one JSON literal. */
function literalInsert(table: PgTable, rows: Record<string, unknown>[]): string {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => r[k] !== undefined && columns[k])))];
  const names = keys.map((k) => `"${columns[k]!.name}"`).join(', ');
  const json = rows.map((r) => Object.fromEntries(keys.map((k) => [columns[k]!.name, r[k] ?? null])));
  return `INSERT INTO "${getTableName(table)}" (${names}) SELECT ${names} FROM json_populate_recordset(NULL::"${getTableName(table)}", ${lit(JSON.stringify(json))}::json)`;
}

/** The order, its attendees, journey entries and outbox row as one statement. */
function graphStatement(g: OrderGraph): string {
  const parts = [`o AS (${literalInsert(orders, [g.order])})`, `r AS (${literalInsert(registrations, g.regs)})`];
  if (g.journey.length > 0) parts.push(`j AS (${literalInsert(journeyEntries, g.journey)})`);
  if (g.outbox) parts.push(`b AS (${literalInsert(regOutbox, [g.outbox])})`);
  return `WITH ${parts.join(',\n')} SELECT 1`;
}

/**
 * The statements every order runs, built once per database handle and prepared (named): drizzle does not rebuild
 * them and Postgres parses and plans each once per connection.
 */
function buildHot(db: Q) {
  const p = sql.placeholder;
  const claimable = or(eq(regOutbox.status, 'pending'), and(eq(regOutbox.status, 'sending'), lte(regOutbox.claimedAt, p('staleBefore'))));
  return {
    settings: db.select().from(regEventSettings).where(eq(regEventSettings.eventId, p('eventId'))).limit(1).prepare('reg_hot_settings'),
    ticketsByIds: db
      .select()
      .from(tickets)
      .where(and(eq(tickets.eventId, p('eventId')), sql`${tickets.id} = any(${p('ids')}::text[])`, eq(tickets.isDeleted, false)))
      .prepare('reg_hot_tickets'),
    listForms: db.select().from(regForms).where(eq(regForms.eventId, p('eventId'))).orderBy(asc(regForms.createdAt)).prepare('reg_hot_forms'),
    // The public registration read's check: the event's version (migration 0011's triggers) and the live seats of
    // each of its quotas, through the partial index on live holds, as "quotaId:used" in quota order.
    publicStamp: db
      .select({
        version: sql<string | null>`(select ${regPublicVersions.version}::text from ${regPublicVersions} where ${regPublicVersions.eventId} = ${p('eventId')})`,
        usage: sql<string | null>`(select string_agg(q.id || ':' || u.used, ',' order by q.id) from ${quotas} q cross join lateral (select coalesce(sum(h.quantity), 0)::int as used from ${seatHolds} h where h.quota_id = q.id and h.released_at is null and (h.expires_at is null or h.expires_at > ${p('now')}::timestamptz)) u where q.event_id = ${p('eventId')})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('reg_hot_public_stamp'),
    claimIdempotencyKey: db
      .insert(idempotencyKeys)
      .values({ scope: p('scope'), key: p('key'), requestHash: p('requestHash'), status: 'in_flight' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .prepare('reg_hot_idem_claim'),
    completeIdempotencyKey: db
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: sql`${p('responseStatus')}::int`, responseBody: sql`${p('responseBody')}::jsonb` })
      .where(and(eq(idempotencyKeys.scope, p('scope')), eq(idempotencyKeys.key, p('key'))))
      .prepare('reg_hot_idem_done'),
    claimOrderOutbox: db
      .update(regOutbox)
      .set({ status: 'sending', claimedAt: sql`${p('now')}::timestamptz`, attempts: sql`${regOutbox.attempts} + 1` })
      .where(and(eq(regOutbox.orderId, p('orderId')), claimable))
      .returning()
      .prepare('reg_hot_outbox_claim'),
    finishOutbox: db
      .update(regOutbox)
      .set({ status: sql`${p('status')}`, sentAt: sql`${p('sentAt')}::timestamptz` })
      .where(eq(regOutbox.id, p('id')))
      .prepare('reg_hot_outbox_finish'),
  };
}
const hotByDb = new WeakMap<object, ReturnType<typeof buildHot>>();
function hotOf(db: Q): ReturnType<typeof buildHot> {
  let h = hotByDb.get(db);
  if (!h) hotByDb.set(db, (h = buildHot(db)));
  return h;
}

/** With registration.port.ts (other modules' read-only view), the only file that queries registration tables. No business rules; every read is scoped to an event. */
function queries(db: Q) {
  return {

    // ------------------------------------------------------------ overview figures
    /** Confirmed (paid or free) registrations created in the range, and gross revenue by currency paid in it. */
    async overviewStats(organisationId: string, eventId: string, from: Date | null, to: Date) {
      const regWhere: SQL[] = [eq(registrations.organisationId, organisationId), eq(registrations.eventId, eventId), eq(orders.status, 'paid'), lte(registrations.createdAt, to)];
      if (from) regWhere.push(gt(registrations.createdAt, from));
      const [regs] = await db
        .select({ n: count() })
        .from(registrations)
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(and(...regWhere));
      const payWhere: SQL[] = [eq(orders.organisationId, organisationId), eq(orders.eventId, eventId), eq(orders.status, 'paid'), lte(orders.paidAt, to)];
      if (from) payWhere.push(gt(orders.paidAt, from));
      const revenue = await db
        .select({ currency: orders.currency, amountMinor: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
        .from(orders)
        .where(and(...payWhere))
        .groupBy(orders.currency)
        .orderBy(orders.currency);
      return { registrations: regs?.n ?? 0, revenue: revenue.filter((r) => r.amountMinor > 0) };
    },

    // ------------------------------------------------------------ settings
    async settings(eventId: string): Promise<SettingsRow | null> {
      const [row] = await hotOf(db).settings.execute({ eventId });
      return row ?? null;
    },
    async upsertSettings(eventId: string, organisationId: string, patch: Partial<typeof regEventSettings.$inferInsert>): Promise<SettingsRow> {
      const [row] = await db
        .insert(regEventSettings)
        .values({ eventId, organisationId, ...patch })
        .onConflictDoUpdate({ target: regEventSettings.eventId, set: { ...patch, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    // ------------------------------------------------------------ tickets and quotas
    async listTickets(eventId: string): Promise<TicketRow[]> {
      return db
        .select()
        .from(tickets)
        .where(and(eq(tickets.eventId, eventId), eq(tickets.isDeleted, false)))
        .orderBy(asc(tickets.sortOrder), asc(tickets.createdAt));
    },
    async findTicket(eventId: string, id: string): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), eq(tickets.eventId, eventId), eq(tickets.isDeleted, false)))
        .limit(1);
      return row ?? null;
    },
    async ticketsByIds(eventId: string, ids: string[]): Promise<TicketRow[]> {
      if (ids.length === 0) return [];
      return hotOf(db).ticketsByIds.execute({ eventId, ids });
    },
    async insertTicket(row: typeof tickets.$inferInsert): Promise<TicketRow> {
      const [r] = await db.insert(tickets).values(row).returning();
      return r!;
    },
    async updateTicket(eventId: string, id: string, patch: Partial<typeof tickets.$inferInsert>): Promise<TicketRow | null> {
      const [r] = await db
        .update(tickets)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(tickets.id, id), eq(tickets.eventId, eventId)))
        .returning();
      return r ?? null;
    },
    /** What the public registration read checks on every request (one indexed statement, prepared). */
    async publicStamp(eventId: string, now: Date): Promise<{ version: string; usage: string }> {
      const [row] = await hotOf(db).publicStamp.execute({ eventId, now: now.toISOString() });
      return { version: row?.version ?? '0', usage: row?.usage ?? '' };
    },
    async listQuotas(eventId: string): Promise<QuotaRow[]> {
      return db.select().from(quotas).where(eq(quotas.eventId, eventId)).orderBy(asc(quotas.createdAt));
    },
    async quotasByIds(eventId: string, ids: string[]): Promise<QuotaRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(quotas).where(and(eq(quotas.eventId, eventId), inArray(quotas.id, ids)));
    },
    async findQuota(eventId: string, id: string): Promise<QuotaRow | null> {
      const [r] = await db.select().from(quotas).where(and(eq(quotas.id, id), eq(quotas.eventId, eventId))).limit(1);
      return r ?? null;
    },
    async ownQuota(ticketId: string): Promise<QuotaRow | null> {
      const [r] = await db.select().from(quotas).where(eq(quotas.ticketId, ticketId)).limit(1);
      return r ?? null;
    },
    async insertQuota(row: typeof quotas.$inferInsert): Promise<QuotaRow> {
      const [r] = await db.insert(quotas).values(row).returning();
      return r!;
    },
    async updateQuota(eventId: string, id: string, patch: Partial<typeof quotas.$inferInsert>): Promise<QuotaRow | null> {
      const [r] = await db
        .update(quotas)
        .set(patch)
        .where(and(eq(quotas.id, id), eq(quotas.eventId, eventId)))
        .returning();
      return r ?? null;
    },
    async deleteQuota(eventId: string, id: string): Promise<boolean> {
      const rows = await db.delete(quotas).where(and(eq(quotas.id, id), eq(quotas.eventId, eventId))).returning({ id: quotas.id });
      return rows.length > 0;
    },
    async ticketQuotaLinks(eventId: string): Promise<{ ticketId: string; quotaId: string }[]> {
      return db.select({ ticketId: ticketQuotas.ticketId, quotaId: ticketQuotas.quotaId }).from(ticketQuotas).where(eq(ticketQuotas.eventId, eventId));
    },
    async linksForTickets(ticketIds: string[]): Promise<{ ticketId: string; quotaId: string }[]> {
      if (ticketIds.length === 0) return [];
      return db
        .select({ ticketId: ticketQuotas.ticketId, quotaId: ticketQuotas.quotaId })
        .from(ticketQuotas)
        .where(inArray(ticketQuotas.ticketId, ticketIds));
    },
    async setTicketQuotas(eventId: string, ticketId: string, quotaIds: string[]): Promise<void> {
      await db.delete(ticketQuotas).where(eq(ticketQuotas.ticketId, ticketId));
      if (quotaIds.length > 0) await db.insert(ticketQuotas).values(quotaIds.map((quotaId) => ({ ticketId, quotaId, eventId }))).onConflictDoNothing();
    },
    async setQuotaTickets(eventId: string, quotaId: string, ticketIds: string[]): Promise<void> {
      await db.delete(ticketQuotas).where(eq(ticketQuotas.quotaId, quotaId));
      if (ticketIds.length > 0) await db.insert(ticketQuotas).values(ticketIds.map((ticketId) => ({ ticketId, quotaId, eventId }))).onConflictDoNothing();
    },
    /** Live seats per quota: held by orders (pending or paid) and by carts. */
    async quotaUsage(eventId: string, now: Date): Promise<{ quotaId: string; ordered: number; carted: number }[]> {
      return db
        .select({
          quotaId: seatHolds.quotaId,
          ordered: sql<number>`coalesce(sum(case when ${seatHolds.orderId} is not null then ${seatHolds.quantity} else 0 end), 0)::int`,
          carted: sql<number>`coalesce(sum(case when ${seatHolds.orderId} is null then ${seatHolds.quantity} else 0 end), 0)::int`,
        })
        .from(seatHolds)
        .where(and(eq(seatHolds.eventId, eventId), liveHold(now)))
        .groupBy(seatHolds.quotaId);
    },
    /** Attendees (not accompanying persons) of confirmed orders, per ticket. */
    async soldPerTicket(eventId: string): Promise<{ ticketId: string; sold: number }[]> {
      return db
        .select({ ticketId: registrations.ticketId, sold: sql<number>`count(*)::int` })
        .from(registrations)
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(and(eq(registrations.eventId, eventId), eq(registrations.isAccompanying, false), eq(orders.status, 'paid')))
        .groupBy(registrations.ticketId);
    },
    /**
     * Seats held for buyers who have not paid, per ticket: live holds of open carts and of pending orders. A seat is
     * one hold row per quota of its ticket, so each (ticket, quota) sum is the ticket's count; the largest is taken.
     */
    async heldPerTicket(eventId: string, now: Date): Promise<{ ticketId: string; held: number }[]> {
      const perQuota = db
        .select({ ticketId: seatHolds.ticketId, n: sql<number>`sum(${seatHolds.quantity})::int`.as('n') })
        .from(seatHolds)
        .leftJoin(orders, eq(orders.id, seatHolds.orderId))
        .where(and(eq(seatHolds.eventId, eventId), liveHold(now), or(isNull(seatHolds.orderId), eq(orders.status, 'pending'))))
        .groupBy(seatHolds.ticketId, seatHolds.quotaId)
        .as('per_quota');
      return db
        .select({ ticketId: perQuota.ticketId, held: sql<number>`max(${perQuota.n})::int` })
        .from(perQuota)
        .groupBy(perQuota.ticketId);
    },
    async ticketHasOrders(ticketId: string): Promise<boolean> {
      const [r] = await db.select({ n: count() }).from(registrations).where(eq(registrations.ticketId, ticketId));
      return (r?.n ?? 0) > 0;
    },

    // ------------------------------------------------------------ locking
    /**
     * The whole contended part of a seat-taking transaction in ONE round trip, inside the caller's transaction (see
     * `contendedStatements`). `lock: false` is the race tests' control (no FOR UPDATE).
     */
    async lockCheckAndHold(input: LockInput): Promise<LockAnswer> {
      const results = await execMulti(db, contendedStatements(input, false).join(';\n'));
      return answerOf(results[results.length - 1]!.rows[0] as RawAnswer);
    },
    /**
     * A new order as ONE transaction in ONE round trip: BEGIN, the order with its attendees, journey entries and mail
     * outbox row, the contended part, COMMIT. The quota lock is held only while the database works, never across a
     * round trip to this process. A refusal (sold out, coupon used up) raises `pv_refuse` (migration 0007), so the
     * transaction aborts, nothing of the order is kept, and the answer comes back in the error. A lock timeout or a
     * lost deadlock is thrown (the caller answers TRY_AGAIN).
     */
    async placeOrder(graph: OrderGraph, input: LockInput): Promise<LockAnswer> {
      const statements = [graphStatement(graph), ...contendedStatements(input, true)];
      try {
        const results = await execTransactionScript(db, statements);
        return answerOf(results[results.length - 1]!.rows[0] as RawAnswer);
      } catch (err) {
        if (sqlState(err) !== 'PV409') throw err;
        return answerOf(JSON.parse((err as { detail: string }).detail) as RawAnswer);
      }
    },
    async setOrderHoldsExpiry(orderId: string, expiresAt: Date | null): Promise<void> {
      await db.update(seatHolds).set({ expiresAt }).where(and(eq(seatHolds.orderId, orderId), isNull(seatHolds.releasedAt)));
    },
    /**
     * Removes an order and all it wrote (registrations by cascade, their journey, its seat holds, coupon use and mail
     * rows): the compensation of a walk-in whose payment could not be recorded. Its registration number stays used.
     */
    async discardOrder(orderId: string): Promise<void> {
      const regIds = db.select({ id: registrations.id }).from(registrations).where(eq(registrations.orderId, orderId));
      await db.delete(journeyEntries).where(inArray(journeyEntries.registrationId, regIds));
      await db.delete(seatHolds).where(eq(seatHolds.orderId, orderId));
      await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
      await db.delete(regOutbox).where(eq(regOutbox.orderId, orderId));
      await db.delete(orders).where(eq(orders.id, orderId));
    },
    async releaseHolds(by: { cartId?: string; orderId?: string }, now: Date): Promise<void> {
      const cond = by.cartId ? eq(seatHolds.cartId, by.cartId) : eq(seatHolds.orderId, by.orderId!);
      await db.update(seatHolds).set({ releasedAt: now }).where(and(cond, isNull(seatHolds.releasedAt)));
    },
    async setRedemptionExpiry(orderId: string, expiresAt: Date | null): Promise<void> {
      await db.update(couponRedemptions).set({ expiresAt }).where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
    },
    async releaseRedemption(orderId: string, now: Date): Promise<void> {
      await db.update(couponRedemptions).set({ releasedAt: now }).where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
    },
    async redemptionCounts(eventId: string, now: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({ couponId: couponRedemptions.couponId, n: sql<number>`count(*)::int` })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(and(eq(coupons.eventId, eventId), liveRedemption(now)))
        .groupBy(couponRedemptions.couponId);
      return new Map(rows.map((r) => [r.couponId, r.n]));
    },

    // ------------------------------------------------------------ carts
    async insertCart(row: typeof carts.$inferInsert): Promise<CartRow> {
      const [r] = await db.insert(carts).values(row).returning();
      return r!;
    },
    async findCart(id: string, lock = false): Promise<CartRow | null> {
      const q = db.select().from(carts).where(eq(carts.id, id)).limit(1);
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },
    async setCartStatus(id: string, status: string): Promise<void> {
      await db.update(carts).set({ status }).where(eq(carts.id, id));
    },

    // ------------------------------------------------------------ forms, coupons, categories, dates, cart links
    async listForms(eventId: string): Promise<FormRow[]> {
      return hotOf(db).listForms.execute({ eventId });
    },
    async insertForm(row: typeof regForms.$inferInsert): Promise<FormRow> {
      const [r] = await db.insert(regForms).values(row).returning();
      return r!;
    },
    async updateForm(eventId: string, id: string, patch: Partial<typeof regForms.$inferInsert>): Promise<FormRow | null> {
      const [r] = await db
        .update(regForms)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(regForms.id, id), eq(regForms.eventId, eventId)))
        .returning();
      return r ?? null;
    },
    async deleteForm(eventId: string, id: string): Promise<boolean> {
      return (await db.delete(regForms).where(and(eq(regForms.id, id), eq(regForms.eventId, eventId))).returning({ id: regForms.id })).length > 0;
    },
    async listCoupons(eventId: string, q: { page: number; pageSize: number; search?: string }): Promise<{ rows: CouponRow[]; total: number }> {
      const where = and(eq(coupons.eventId, eventId), q.search ? ilike(coupons.code, `%${escapeLike(q.search)}%`) : undefined);
      const [t] = await db.select({ n: count() }).from(coupons).where(where);
      const rows = await db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.createdAt), asc(coupons.code))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows, total: t?.n ?? 0 };
    },
    async findCouponByCode(eventId: string, code: string): Promise<CouponRow | null> {
      const [r] = await db.select().from(coupons).where(and(eq(coupons.eventId, eventId), eq(coupons.code, code))).limit(1);
      return r ?? null;
    },
    async insertCoupons(rows: (typeof coupons.$inferInsert)[]): Promise<CouponRow[]> {
      if (rows.length === 0) return [];
      return db.insert(coupons).values(rows).onConflictDoNothing().returning();
    },
    async updateCoupon(eventId: string, id: string, patch: Partial<typeof coupons.$inferInsert>): Promise<CouponRow | null> {
      const [r] = await db
        .update(coupons)
        .set(patch)
        .where(and(eq(coupons.id, id), eq(coupons.eventId, eventId)))
        .returning();
      return r ?? null;
    },
    async deleteCoupon(eventId: string, id: string): Promise<boolean> {
      return (await db.delete(coupons).where(and(eq(coupons.id, id), eq(coupons.eventId, eventId))).returning({ id: coupons.id })).length > 0;
    },
    async listCategories(eventId: string, slug?: string): Promise<CategoryRow[]> {
      return db
        .select()
        .from(visitorCategories)
        .where(and(eq(visitorCategories.eventId, eventId), slug ? eq(visitorCategories.slug, slug) : undefined))
        .orderBy(asc(visitorCategories.name));
    },
    async findCategory(id: string): Promise<CategoryRow | null> {
      const [r] = await db.select().from(visitorCategories).where(eq(visitorCategories.id, id)).limit(1);
      return r ?? null;
    },
    async insertCategory(row: typeof visitorCategories.$inferInsert): Promise<CategoryRow | null> {
      const [r] = await db.insert(visitorCategories).values(row).onConflictDoNothing().returning();
      return r ?? null;
    },
    async updateCategory(eventId: string, id: string, patch: Partial<typeof visitorCategories.$inferInsert>): Promise<CategoryRow | null> {
      const [r] = await db
        .update(visitorCategories)
        .set(patch)
        .where(and(eq(visitorCategories.id, id), eq(visitorCategories.eventId, eventId)))
        .returning();
      return r ?? null;
    },
    async deleteCategory(eventId: string, id: string): Promise<boolean> {
      return (await db.delete(visitorCategories).where(and(eq(visitorCategories.id, id), eq(visitorCategories.eventId, eventId))).returning({ id: visitorCategories.id })).length > 0;
    },
    async listDateOptions(eventId: string, categoryId?: string): Promise<DateOptionRow[]> {
      return db
        .select()
        .from(dateOptions)
        .where(and(eq(dateOptions.eventId, eventId), categoryId ? eq(dateOptions.categoryId, categoryId) : undefined))
        .orderBy(asc(dateOptions.date));
    },
    async findDateOption(eventId: string, id: string): Promise<DateOptionRow | null> {
      const [r] = await db.select().from(dateOptions).where(and(eq(dateOptions.eventId, eventId), eq(dateOptions.id, id))).limit(1);
      return r ?? null;
    },
    async insertDateOption(row: typeof dateOptions.$inferInsert): Promise<DateOptionRow> {
      const [r] = await db.insert(dateOptions).values(row).returning();
      return r!;
    },
    async deleteDateOption(eventId: string, id: string): Promise<boolean> {
      return (await db.delete(dateOptions).where(and(eq(dateOptions.id, id), eq(dateOptions.eventId, eventId))).returning({ id: dateOptions.id })).length > 0;
    },
    async listCartLinks(eventId: string): Promise<CartLinkRow[]> {
      return db.select().from(cartLinks).where(eq(cartLinks.eventId, eventId)).orderBy(desc(cartLinks.createdAt));
    },
    async findCartLink(id: string): Promise<CartLinkRow | null> {
      const [r] = await db.select().from(cartLinks).where(eq(cartLinks.id, id)).limit(1);
      return r ?? null;
    },
    async insertCartLink(row: typeof cartLinks.$inferInsert): Promise<CartLinkRow> {
      const [r] = await db.insert(cartLinks).values(row).returning();
      return r!;
    },
    async updateCartLink(eventId: string, id: string, patch: Partial<typeof cartLinks.$inferInsert>): Promise<CartLinkRow | null> {
      const [r] = await db
        .update(cartLinks)
        .set(patch)
        .where(and(eq(cartLinks.id, id), eq(cartLinks.eventId, eventId)))
        .returning();
      return r ?? null;
    },
    async deleteCartLink(eventId: string, id: string): Promise<boolean> {
      return (await db.delete(cartLinks).where(and(eq(cartLinks.id, id), eq(cartLinks.eventId, eventId))).returning({ id: cartLinks.id })).length > 0;
    },

    /** An order with its attendees, journey entries and (optionally) its outbox row, in one statement. */
    async insertOrderGraph(
      order: typeof orders.$inferInsert,
      regs: (typeof registrations.$inferInsert)[],
      journey: (typeof journeyEntries.$inferInsert)[],
      outbox: typeof regOutbox.$inferInsert | null,
    ): Promise<void> {
      const parts = [sql`o AS (${db.insert(orders).values(order).getSQL()})`, sql`r AS (${db.insert(registrations).values(regs).getSQL()})`];
      if (journey.length > 0) parts.push(sql`j AS (${db.insert(journeyEntries).values(journey).getSQL()})`);
      if (outbox) parts.push(sql`b AS (${db.insert(regOutbox).values(outbox).getSQL()})`);
      await db.execute(sql`WITH ${sql.join(parts, sql`, `)} SELECT 1`);
    },
    async findOrder(id: string, lock = false): Promise<OrderRow | null> {
      const q = db.select().from(orders).where(eq(orders.id, id)).limit(1);
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },
    async findOrderInEvent(eventId: string, id: string): Promise<OrderRow | null> {
      const [r] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.eventId, eventId))).limit(1);
      return r ?? null;
    },
    /** Conditional transition: the WHERE on the current status makes a second confirmation a no-op. */
    async transitionOrder(id: string, from: string[], patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow | null> {
      const [r] = await db
        .update(orders)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(orders.id, id), inArray(orders.status, from)))
        .returning();
      return r ?? null;
    },
    async updateOrder(id: string, patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow | null> {
      const [r] = await db
        .update(orders)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(orders.id, id))
        .returning();
      return r ?? null;
    },
    async listOrders(eventId: string, q: TOrderListQuery): Promise<{ rows: OrderRow[]; total: number }> {
      const where: SQL[] = [eq(orders.eventId, eventId)];
      if (q.status) where.push(eq(orders.status, q.status));
      if (q.paymentStatus) where.push(eq(orders.paymentStatus, q.paymentStatus));
      if (q.search) {
        const term = `%${escapeLike(q.search)}%`;
        where.push(or(ilike(orders.registrationNo, term), ilike(orders.buyerEmail, term), ilike(orders.buyerFirstName, term), ilike(orders.buyerLastName, term))!);
      }
      const cond = and(...where);
      const [t] = await db.select({ n: count() }).from(orders).where(cond);
      const rows = await db.select().from(orders).where(cond).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      return { rows, total: t?.n ?? 0 };
    },
    async expirablePendingOrders(now: Date, limit: number): Promise<OrderRow[]> {
      return db.select().from(orders).where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now))).limit(limit);
    },
    async insertRegistrations(rows: (typeof registrations.$inferInsert)[]): Promise<RegistrationRow[]> {
      if (rows.length === 0) return [];
      return db.insert(registrations).values(rows).returning();
    },
    async registrationsOfOrder(orderId: string): Promise<RegistrationRow[]> {
      return db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(asc(registrations.createdAt), asc(registrations.id));
    },
    async findRegistrationById(id: string): Promise<RegistrationRow | null> {
      const [r] = await db.select().from(registrations).where(eq(registrations.id, id)).limit(1);
      return r ?? null;
    },
    async findRegistration(eventId: string, id: string): Promise<RegistrationRow | null> {
      const [r] = await db.select().from(registrations).where(and(eq(registrations.id, id), eq(registrations.eventId, eventId))).limit(1);
      return r ?? null;
    },
    async registrationsByIds(eventId: string, ids: string[]): Promise<RegistrationRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(registrations).where(and(eq(registrations.eventId, eventId), inArray(registrations.id, ids)));
    },
    async updateRegistrations(eventId: string, ids: string[], patch: Partial<typeof registrations.$inferInsert>): Promise<RegistrationRow[]> {
      if (ids.length === 0) return [];
      return db
        .update(registrations)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(registrations.eventId, eventId), inArray(registrations.id, ids)))
        .returning();
    },
    async listRegistrations(
      eventId: string,
      q: Omit<TRegistrationListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number; ids?: string[]; registrationNo?: string },
    ): Promise<{ rows: { r: RegistrationRow; o: OrderRow }[]; total: number }> {
      const where: SQL[] = [eq(registrations.eventId, eventId)];
      // Badge printing: explicit ids, or one order's registration number (exact).
      if (q.ids) where.push(q.ids.length > 0 ? inArray(registrations.id, q.ids) : sql`false`);
      if (q.registrationNo) where.push(eq(orders.registrationNo, q.registrationNo));
      if (q.approvalStatus) where.push(eq(registrations.approvalStatus, q.approvalStatus));
      if (q.ticketId) where.push(eq(registrations.ticketId, q.ticketId));
      if (q.categoryId) where.push(eq(registrations.categoryId, q.categoryId));
      if (q.group) where.push(sql`${registrations.groups} @> ${JSON.stringify([q.group])}::jsonb`);
      if (q.paymentStatus) where.push(eq(orders.paymentStatus, q.paymentStatus));
      if (q.orderStatus) where.push(eq(orders.status, q.orderStatus));
      if (q.search) {
        const term = `%${escapeLike(q.search)}%`;
        where.push(
          or(
            ilike(registrations.firstName, term),
            ilike(registrations.lastName, term),
            ilike(registrations.email, term),
            ilike(orders.registrationNo, term),
            ilike(registrations.contactNo, term),
            ilike(sql`${registrations.firstName} || ' ' || ${registrations.lastName}`, term),
          )!,
        );
      }
      const cond = and(...where);
      const order =
        q.sort === 'oldest'
          ? [asc(registrations.createdAt), asc(registrations.id)]
          : q.sort === 'name'
            ? [asc(registrations.firstName), asc(registrations.lastName), asc(registrations.id)]
            : q.sort === 'registrationNo'
              ? [asc(orders.registrationNo), asc(registrations.id)]
              : [desc(registrations.createdAt), desc(registrations.id)];
      const [t] = await db.select({ n: count() }).from(registrations).innerJoin(orders, eq(orders.id, registrations.orderId)).where(cond);
      let query = db
        .select({ r: registrations, o: orders })
        .from(registrations)
        .innerJoin(orders, eq(orders.id, registrations.orderId))
        .where(cond)
        .orderBy(...order)
        .$dynamic();
      if (q.page && q.pageSize) query = query.limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      else query = query.limit(100_000);
      return { rows: await query, total: t?.n ?? 0 };
    },

    // ------------------------------------------------------------ journey
    async insertJourney(rows: (typeof journeyEntries.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(journeyEntries).values(rows);
    },
    async journey(eventId: string, registrationId: string): Promise<JourneyRow[]> {
      return db
        .select()
        .from(journeyEntries)
        .where(and(eq(journeyEntries.eventId, eventId), eq(journeyEntries.registrationId, registrationId)))
        .orderBy(asc(journeyEntries.createdAt), asc(journeyEntries.id));
    },

    // ------------------------------------------------------------ outbox
    async enqueueOutbox(row: typeof regOutbox.$inferInsert): Promise<boolean> {
      const r = await db.insert(regOutbox).values(row).onConflictDoNothing().returning({ id: regOutbox.id });
      return r.length > 0;
    },
    /** Claims a pending row (or a 'sending' row abandoned before `staleBefore`) for one sender. */
    async claimOutbox(orderId: string | null, now: Date, staleBefore: Date, limit = 50): Promise<OutboxRow[]> {
      // One order's rows (right after its commit): few, so no LIMIT.
      if (orderId) return hotOf(db).claimOrderOutbox.execute({ orderId, now: now.toISOString(), staleBefore: staleBefore.toISOString() });
      const claimable = or(eq(regOutbox.status, 'pending'), and(eq(regOutbox.status, 'sending'), lte(regOutbox.claimedAt, staleBefore)));
      const ids = db
        .select({ id: regOutbox.id })
        .from(regOutbox)
        .where(and(claimable, orderId ? eq(regOutbox.orderId, orderId) : undefined))
        .limit(limit);
      return db
        .update(regOutbox)
        .set({ status: 'sending', claimedAt: now, attempts: sql`${regOutbox.attempts} + 1` })
        .where(and(inArray(regOutbox.id, ids), claimable))
        .returning();
    },
    async finishOutbox(id: string, status: 'sent' | 'failed' | 'pending', now: Date): Promise<void> {
      await hotOf(db).finishOutbox.execute({ id, status, sentAt: status === 'sent' ? now.toISOString() : null });
    },

    // ------------------------------------------------------------ attendee photos
    /** Upserts the photo and stamps the registration with its version, in one statement. */
    async setPhoto(p: { registrationId: string; organisationId: string; eventId: string; contentType: string; bytes: Buffer; at: Date }): Promise<void> {
      await db.execute(sql`
        with ph as (
          insert into registration_photos (registration_id, organisation_id, event_id, content_type, bytes, updated_at)
          values (${p.registrationId}, ${p.organisationId}, ${p.eventId}, ${p.contentType}, ${p.bytes}, ${p.at})
          on conflict (registration_id) do update set content_type = excluded.content_type, bytes = excluded.bytes, updated_at = excluded.updated_at
          returning updated_at
        )
        update registrations set photo_updated_at = (select updated_at from ph), updated_at = ${p.at} where id = ${p.registrationId}`);
    },
    async removePhoto(registrationId: string, at: Date): Promise<void> {
      await db.delete(registrationPhotos).where(eq(registrationPhotos.registrationId, registrationId));
      await db.update(registrations).set({ photoUpdatedAt: null, updatedAt: at }).where(eq(registrations.id, registrationId));
    },
    async findPhoto(registrationId: string): Promise<typeof registrationPhotos.$inferSelect | null> {
      const [r] = await db.select().from(registrationPhotos).where(eq(registrationPhotos.registrationId, registrationId)).limit(1);
      return r ?? null;
    },

    // ------------------------------------------------------------ idempotency keys
    async claimIdempotencyKey(scope: string, key: string, requestHash: string): Promise<boolean> {
      const r = await hotOf(db).claimIdempotencyKey.execute({ scope, key, requestHash });
      return r.length > 0;
    },
    async findIdempotencyKey(scope: string, key: string): Promise<IdempotencyRow | null> {
      const [r] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))).limit(1);
      return r ?? null;
    },
    /** Takes over an abandoned in-flight key (its process died); conditional so only one caller wins. */
    async takeOverIdempotencyKey(scope: string, key: string, staleBefore: Date, now: Date): Promise<boolean> {
      const r = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'in_flight'), lte(idempotencyKeys.createdAt, staleBefore)))
        .returning({ key: idempotencyKeys.key });
      return r.length > 0;
    },
    async completeIdempotencyKey(scope: string, key: string, responseStatus: number, responseBody: unknown): Promise<void> {
      await hotOf(db).completeIdempotencyKey.execute({ scope, key, responseStatus, responseBody: JSON.stringify(responseBody) });
    },
    async dropIdempotencyKey(scope: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
  };
}

export type RegistrationRepository = ReturnType<typeof queries> & {
  /** Runs fn in one transaction with a repository bound to it; fn also gets the raw transaction (for other modules' steps). */
  transaction<T>(fn: (repo: RegistrationRepository, tx: Tx) => Promise<T>): Promise<T>;
};

export function createRegistrationRepository(db: Q): RegistrationRepository {
  return { ...queries(db), transaction: (fn) => (db as Db).transaction((tx) => fn(createRegistrationRepository(tx), tx)) };
}

// ---------------------------------------------------------------- check-in view (issue #5)

export type CheckinRegistrationView = {
  registrationId: string;
  organisationId: string;
  registrationNo: string;
  firstName: string;
  lastName: string;
  ticketId: string;
  ticketName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  approvalStatus: string;
  orderStatus: string;
  paymentStatus: string;
  photoUpdatedAt: Date | null;
};

function checkinViewQuery(db: Db, extra: SQL[]) {
  return db
    .select({
      registrationId: registrations.id,
      organisationId: registrations.organisationId,
      registrationNo: orders.registrationNo,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      ticketId: registrations.ticketId,
      ticketName: tickets.name,
      categoryId: registrations.categoryId,
      categoryName: visitorCategories.name,
      approvalStatus: registrations.approvalStatus,
      orderStatus: sql<string>`${orders.status}`,
      paymentStatus: sql<string>`${orders.paymentStatus}`,
      photoUpdatedAt: registrations.photoUpdatedAt,
    })
    .from(registrations)
    .innerJoin(orders, eq(orders.id, registrations.orderId))
    .leftJoin(tickets, eq(tickets.id, registrations.ticketId))
    .leftJoin(visitorCategories, eq(visitorCategories.id, registrations.categoryId))
    .where(and(...extra));
}

// A gate asks for one registration per scan: that query is built and prepared once per database handle.
const preparedByIds = new WeakMap<Db, { execute(p: { eventId: string; ids: string[] }): Promise<CheckinRegistrationView[]> }>();

export async function checkinView(db: Db, eventId: string, q: { ids?: string[]; since?: Date }): Promise<CheckinRegistrationView[]> {
  if (q.ids && q.ids.length === 0) return [];
  if (q.ids && !q.since) {
    let prepared = preparedByIds.get(db);
    if (!prepared) {
      // An array parameter, not a list of thousands of placeholders (an offline sync asks for thousands of ids).
      prepared = checkinViewQuery(db, [eq(registrations.eventId, sql.placeholder('eventId')), sql`${registrations.id} = any(${sql.placeholder('ids')}::text[])`]).prepare(
        'checkin_registration_view',
      );
      preparedByIds.set(db, prepared);
    }
    return prepared.execute({ eventId, ids: q.ids });
  }
  const where: SQL[] = [eq(registrations.eventId, eventId)];
  if (q.ids) where.push(sql`${registrations.id} = any(${sql.param(q.ids)}::text[])`);
  if (q.since) where.push(or(gt(registrations.updatedAt, q.since), gt(orders.updatedAt, q.since))!);
  return checkinViewQuery(db, where);
}
