import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export type Started = { child: ChildProcess; url: string; msToReady: number; dataDir: string; stop(keepData?: boolean): Promise<void> };

/** Asks the OS for a free port (most benches use fixed ones). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the server as `npm start` runs it (the bundle `npm run build` writes) and waits for /readyz. With `logs`, the
 * server's output is collected there (and shown if it exits before it is ready); otherwise it is dropped.
 */
const START_SCRIPT = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
/** The Node flags of `npm start` (package.json's start script), so that the bench runs the server as users do. */
const START_NODE_FLAGS: string[] = / node ((?:--\S+ )*)apps\/server\/dist\/main\.mjs/.exec(START_SCRIPT)?.[1]?.split(' ').filter(Boolean) ?? [];
/** The environment `npm start` sets before `node` (glibc's malloc settings: ARCHITECTURE "Decisions"). */
const START_ENV: Record<string, string> = Object.fromEntries(
  [...(/^((?:[A-Z_]+=\S+ )*)node /.exec(START_SCRIPT)?.[1] ?? '').matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
);

export async function startPavilion(port: number, env: Record<string, string> = {}, existingDataDir?: string, logs?: string[]): Promise<Started> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'pavilion-bench-'));
  const t0 = performance.now();
  if (!existsSync('apps/server/dist/main.mjs')) throw new Error('Run `npm run build` first (npm run bench does).');
  const child = spawn(process.execPath, [...START_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'apps/server/dist/main.mjs'], {
    // glibc's malloc settings and Node's flags as `npm start` sets them (package.json; ARCHITECTURE "Decisions").
    env: { ...process.env, ...START_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', PAVILION_DEMO: '0', ...env },
    stdio: logs ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  if (logs) for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited${logs ? `:\n${logs.join('')}` : ''}`);
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

// The load generators' HTTP client: node:http with keep-alive. fetch (undici) costs several times the CPU per request,
// and the load generator shares the 2 cores with the server and Postgres.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs JSON and parses the JSON answer. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
