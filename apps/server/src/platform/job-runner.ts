import type PgBoss from 'pg-boss';
import { startPgBoss } from './mail-worker.ts';

/**
 * The platform's one job runner (issue 13): one pg-boss instance on Postgres, shared by every module that queues or
 * schedules jobs (registration's reconciliation and confirmation-mail wakes, certificates' mail wakes). It starts on
 * the first module's ask and stops once, when the app closes. Without it (PGlite, tests) modules run their jobs in
 * the process (platform/mail-worker.ts).
 */
export type JobRunner = {
  /** The started pg-boss (started on the first call; every caller gets the same one). */
  boss(): Promise<PgBoss>;
  /** Stops pg-boss if it was started (gracefully, up to 5 s). */
  stop(): Promise<void>;
};

export function createJobRunner(url: string, log?: { error(obj: unknown, msg?: string): void }): JobRunner {
  let started: Promise<PgBoss> | null = null;
  return {
    boss() {
      started ??= startPgBoss(url, log);
      return started;
    },
    async stop() {
      if (!started) return;
      const boss = await started.catch(() => null);
      started = null;
      await boss?.stop({ graceful: true, timeout: 5000 });
    },
  };
}
