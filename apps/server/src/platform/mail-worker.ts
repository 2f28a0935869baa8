import type PgBoss from 'pg-boss';

/**
 * The mail job (issue 20: nothing that can wait runs in the request). Used by registration's confirmation mail
 * (`reg_outbox`) and certificates' bulk mail (`certificate_mail_recipients`): the request commits owed rows and only
 * wakes the worker; the worker's `drain` claims owed rows (a conditional claim, so two workers or instances never
 * take the same row), builds each mail and sends it.
 *
 * - In-process (PGlite, tests, and Postgres without pg-boss): a wake runs a drain on a later turn of the event loop;
 *   wakes during a drain coalesce into one more pass; a slow poll is the backstop for rows written by another instance
 *   or left by a crash. `start()` drains at once, so rows committed before a crash or stop are sent on the next start.
 * - With pg-boss (Postgres outside tests): a wake is a pg-boss job; any instance's worker takes it and drains. The
 *   minutely reconciliation job drains too, so a lost wake delays a mail by at most a minute.
 */
export type MailWorker = {
  wake(): void;
  start(): void;
  stop(): Promise<void>;
  /** Resolves when no drain is running (tests, shutdown). */
  idle(): Promise<void>;
  /** Sends wakes elsewhere (pg-boss) instead of draining in this process. */
  route(send: (() => Promise<unknown>) | null): void;
  /** Drains in this process now, whatever the route (the pg-boss job's handler). */
  drainNow(): Promise<void>;
};

export function createMailWorker(deps: {
  /** Sends what is owed (one claimed batch); answers how many went out (0 when nothing was left or all failed). */
  drain: () => Promise<number>;
  pollMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
}): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  let timer: NodeJS.Timeout | null = null;
  let remote: (() => Promise<unknown>) | null = null;

  async function loop(): Promise<void> {
    // Yield first: the request that woke us answers before any mail is built.
    await new Promise((r) => setImmediate(r));
    do {
      again = false;
      // A batch that sent something may have left more rows behind; one that sent nothing stops until the next wake.
      if ((await deps.drain()) > 0) again = true;
    } while (again && !closing);
  }

  function runLocal(): void {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err) => deps.log?.error({ err }, 'mail worker pass failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    wake() {
      if (closing) return;
      if (remote) {
        remote().catch((err) => {
          deps.log?.error({ err }, 'mail job could not be queued; sending from this process');
          runLocal();
        });
        return;
      }
      runLocal();
    },
    start() {
      runLocal();
      timer = setInterval(runLocal, deps.pollMs ?? 15_000);
      timer.unref();
    },
    route(send) {
      remote = send;
    },
    async drainNow() {
      runLocal();
      while (running) await running;
    },
    async stop() {
      closing = true;
      if (timer) clearInterval(timer);
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}

/**
 * Carries a worker's wakes as pg-boss jobs on `queue`: any instance's worker takes one and drains. A batch of wakes is
 * one drain (the drain takes every owed row, whoever's wake it was).
 */
export async function routeWakesThroughPgBoss(boss: PgBoss, queue: string, worker: MailWorker): Promise<void> {
  await boss.createQueue(queue);
  await boss.work(queue, { batchSize: 100, pollingIntervalSeconds: 0.5 }, () => worker.drainNow());
  worker.route(() => boss.send(queue, {}, { retryLimit: 0 }));
}

/** A started pg-boss on `url` (Postgres only), its errors logged; the caller stops it on close. */
export async function startPgBoss(url: string, log?: { error(obj: unknown, msg?: string): void }): Promise<PgBoss> {
  const { default: Boss } = await import('pg-boss');
  const boss = new Boss({ connectionString: url, max: 2 });
  boss.on('error', (err) => log?.error({ err }, 'pg-boss error'));
  await boss.start();
  return boss;
}
