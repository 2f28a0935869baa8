import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import type { EventBus, EventMap } from './event-bus.ts';
import { newId } from './ids.ts';
import { createMailWorker, type MailWorker } from './mail-worker.ts';
import { eventOutbox } from './platform.tables.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A claim older than this belongs to a sender that died: the row is taken again. */
const CLAIM_LEASE_MS = 60_000;
/** Attempts after which a row is given up on (its error kept for the operator). */
const MAX_ATTEMPTS = 10;
const BATCH = 50;

/**
 * The event outbox (issue 13): an event whose effect must survive a crash is written in the publisher's own
 * transaction (`write(tx, name, payload)`), so it exists exactly when the change does. After the commit the job
 * publishes it on the bus (every subscriber awaited) and marks it delivered. A row left owed by a crash or a failing
 * subscriber is delivered again: at the next wake, the backstop poll or the next start. Delivery is at least once, so
 * subscribers of durable events are idempotent. The job is platform/mail-worker.ts' worker (in-process on PGlite and
 * in tests; its wakes travel through the platform's pg-boss on Postgres, like the mail jobs).
 */
export function createEventOutbox<E extends EventMap>(deps: {
  db: Db;
  bus: Pick<EventBus<E>, 'publish'>;
  now?: () => Date;
  log?: { error(obj: unknown, msg?: string): void };
  pollMs?: number;
}) {
  const now = deps.now ?? (() => new Date());

  /** Claims up to a batch of owed rows (conditionally: two workers never take the same row), oldest first. */
  async function claim(onlyId?: string): Promise<(typeof eventOutbox.$inferSelect)[]> {
    const at = now();
    const claimable = and(
      isNull(eventOutbox.deliveredAt),
      sql`${eventOutbox.attempts} < ${MAX_ATTEMPTS}`,
      or(isNull(eventOutbox.claimedAt), lte(eventOutbox.claimedAt, new Date(at.getTime() - CLAIM_LEASE_MS))),
    );
    const ids = deps.db.select({ id: eventOutbox.id }).from(eventOutbox).where(claimable).orderBy(asc(eventOutbox.createdAt)).limit(BATCH);
    const rows = await deps.db
      .update(eventOutbox)
      .set({ claimedAt: at, attempts: sql`${eventOutbox.attempts} + 1` })
      .where(and(onlyId ? eq(eventOutbox.id, onlyId) : inArray(eventOutbox.id, ids), claimable))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Publishes a claimed row; answers whether every subscriber succeeded (else the row is released for later). */
  async function deliverRow(row: typeof eventOutbox.$inferSelect): Promise<boolean> {
    try {
      await deps.bus.publish(row.name as keyof E & string, row.payload as E[keyof E & string]);
      await deps.db.update(eventOutbox).set({ deliveredAt: now(), error: null }).where(eq(eventOutbox.id, row.id));
      return true;
    } catch (err) {
      deps.log?.error({ err, event: row.name, id: row.id }, 'outbox event delivery failed');
      // Released for a later pass (the claim is cleared; attempts count towards giving up).
      await deps.db
        .update(eventOutbox)
        .set({ claimedAt: null, error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(eventOutbox.id, row.id));
      return false;
    }
  }

  async function drain(): Promise<number> {
    let delivered = 0;
    for (const row of await claim()) if (await deliverRow(row)) delivered++;
    return delivered;
  }

  const worker: MailWorker = createMailWorker({ drain, log: deps.log, pollMs: deps.pollMs });

  return {
    /** Records the event in the caller's transaction and answers its id; after the commit, `deliver(id)` or `wake()`. */
    async write<K extends keyof E & string>(tx: Tx | Db, name: K, payload: E[K]): Promise<string> {
      const id = newId();
      await tx.insert(eventOutbox).values({ id, name, payload: payload as unknown });
      return id;
    },
    /**
     * Delivers one committed event now, in the caller's turn (its subscribers' effects are done when this returns),
     * unless the job already took it. A failure is logged and left to the job; it never fails the caller.
     */
    async deliver(id: string): Promise<void> {
      const [row] = await claim(id);
      if (row) await deliverRow(row);
    },
    /**
     * A workflow's step (the badge desk's walk-in): delivers one committed event now and throws what a subscriber
     * threw, keeping the claim for the lease, so the caller can compensate, and `discard` the row in the same
     * transaction, before the job would take it again. If the caller dies first, the job delivers it after the lease.
     */
    async deliverOrThrow(id: string): Promise<void> {
      const [row] = await claim(id);
      if (!row) return;
      await deps.bus.publish(row.name as keyof E & string, row.payload as E[keyof E & string]);
      await deps.db.update(eventOutbox).set({ deliveredAt: now(), error: null }).where(eq(eventOutbox.id, row.id));
    },
    /** Removes an undelivered event in the caller's transaction (a compensated workflow's fact). */
    async discard(tx: Tx | Db, id: string): Promise<void> {
      await tx.delete(eventOutbox).where(and(eq(eventOutbox.id, id), isNull(eventOutbox.deliveredAt)));
    },
    /** After a commit that wrote events: deliver them soon (never in the request). */
    wake: () => worker.wake(),
    /** The job (start delivers what a stop or a crash left owed; tests wait with `idle()`). */
    worker,
  };
}

export type EventOutbox<E extends EventMap> = ReturnType<typeof createEventOutbox<E>>;
