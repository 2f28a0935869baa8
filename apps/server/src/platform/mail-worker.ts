/**
 * Delivers the confirmation mails that checkout and payments write to `reg_outbox` inside their transactions
 * (issue 20: nothing that can wait runs in the request). The request only wakes the worker; the worker claims owed
 * rows (a conditional claim, so two workers or instances never take the same row), builds each mail with its QR and
 * sends it.
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
