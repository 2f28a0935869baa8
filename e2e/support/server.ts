import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type RunningServer = { url: string; eventId: string; logs: string[]; stop(): Promise<void> };

async function freePort(): Promise<number> {
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
 * Starts the real server (the same entry as `npm start`) with a fresh database and the demo data:
 * a new embedded PGlite dir by default, or a new database on DATABASE_URL's server in CI.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pavilion-e2e-'));
  let dbName: string | null = null;
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl = '';
  if (baseUrl) {
    dbName = `pv_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PAVILION_DEMO: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A first start on PGlite initialises the data dir and tells the demo in a child process first (seconds when idle, a
  // minute on a loaded machine); within the e2e hook timeout (120 s).
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready in 110 s:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const eventId = /\/ei\/([A-Za-z0-9_-]+)/.exec(logs.join(''))?.[1];
  if (!eventId) throw new Error(`demo event id not found in logs:\n${logs.join('')}`);
  return {
    url,
    eventId,
    logs,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName && baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}
