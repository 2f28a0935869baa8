import { createHmac } from 'node:crypto';
import { LEAD_WEBHOOK_SIGNATURE_HEADER, LEAD_WEBHOOK_TIMESTAMP_HEADER } from '@pavilion/domain';
import type { LeadsRepository } from './leads.repository.ts';

/** Delays before the 2nd … 6th attempt; after the 6th failure a delivery is given up (status failed). */
export const WEBHOOK_RETRY_DELAYS_MS = [2_000, 30_000, 120_000, 600_000, 3_600_000];
const LEASE_SECONDS = 30;
const SEND_TIMEOUT_MS = 5_000;
const BATCH = 20;

/** `sha256=<hex>` of HMAC-SHA256("<timestamp>.<body>") with the company's secret: what a receiver recomputes. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The delivery job, in process on every instance: woken when a lead is queued and at the next due retry (a timer,
 * at most a minute away, so rows a crashed instance left are picked up). Rows are claimed with `for update skip
 * locked` and a lease, so instances never send one delivery at the same time; a receiver may still see a delivery
 * twice (a crash after its 2xx, before the row was marked): it is at least once, like the event outbox.
 */
export function createWebhookWorker(deps: { repo: LeadsRepository; open: (sealed: string) => string; now: () => Date; log: { warn(obj: unknown, msg?: string): void }; fetch?: typeof fetch }) {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function send(d: { id: string; companyId: string; body: string; attempts: number; url: string; secretSealed: string }): Promise<void> {
    const ts = Math.floor(deps.now().getTime() / 1000);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    let error: string;
    let httpStatus: number | null = null;
    try {
      const res = await doFetch(d.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [LEAD_WEBHOOK_TIMESTAMP_HEADER]: String(ts), [LEAD_WEBHOOK_SIGNATURE_HEADER]: signWebhook(deps.open(d.secretSealed), ts, d.body), 'user-agent': 'Pavilion-Webhooks/1' },
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel().catch(() => undefined);
      httpStatus = res.status;
      if (res.status >= 200 && res.status < 300) {
        await deps.repo.finishAttempt({ id: d.id, companyId: d.companyId, attempt: d.attempts }, { delivered: true, httpStatus: res.status, durationMs: took() });
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[d.attempts - 1];
    const next = delay === undefined ? null : new Date(deps.now().getTime() + delay);
    await deps.repo.finishAttempt({ id: d.id, companyId: d.companyId, attempt: d.attempts }, { delivered: false, httpStatus, error, next, durationMs: took() });
  }

  async function runOnce(): Promise<void> {
    for (;;) {
      const due = await deps.repo.claimDue(BATCH, LEASE_SECONDS);
      if (due.length === 0) break;
      await Promise.all(due.map((d) => send(d)));
    }
    const next = await deps.repo.nextDueAt();
    if (next && !stopped) {
      const wait = Math.max(50, Math.min(60_000, next.getTime() - Date.now()));
      if (timer) clearTimeout(timer);
      timer = setTimeout(wake, wait);
      timer.unref();
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((err: unknown) => deps.log.warn({ err }, 'lead webhook delivery run failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    wake,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    /** Tests: resolves once the current run (if any) is over. */
    idle: async () => {
      while (running) await running;
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
