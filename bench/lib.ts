import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export type Started = { child: ChildProcess; url: string; msToReady: number; dataDir: string; stop(keepData?: boolean): Promise<void> };

/** Starts the server as `npm start` runs it (the bundle `npm run build` writes) and waits for /readyz. */
export async function startPavilion(port: number, env: Record<string, string> = {}, existingDataDir?: string): Promise<Started> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'pavilion-bench-'));
  const t0 = performance.now();
  if (!existsSync('apps/server/dist/main.mjs')) throw new Error('Run `npm run build` first (npm run bench does).');
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'apps/server/dist/main.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', PAVILION_DEMO: '0', ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const msToReady = performance.now() - t0;
  return {
    child,
    url,
    msToReady,
    dataDir,
    async stop(keepData = false) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function load(url: string, seconds = 10, connections = 50): Promise<{ rps: number; p99: number }> {
  const r = await autocannon({ url, duration: seconds, connections });
  return { rps: r.requests.average, p99: r.latency.p99 };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
