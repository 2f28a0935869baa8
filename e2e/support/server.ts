import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../apps/server/src/platform/ids.ts';
import { adminQuery } from '../../apps/server/src/test/test-app.ts';
import { inject } from 'vitest';

export type RunningServer = {
  url: string;
  eventId: string;
  logs: string[];
  stop(): Promise<void>;
  /** `kill -9`: the process dies at once, mid-request or mid-job, as in a crash. */
  kill(): Promise<void>;
};
/** A server started by startServer: `relaunch` starts the same entry again on the same database (after stop or kill). */
export type RestartableServer = RunningServer & { relaunch(env?: Record<string, string>): Promise<RunningServer> };

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

export type DemoTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; dataDir: string };

/**
 * Starts the real server (the same entry as `npm start`) on a database of its own with the demo in it: a copy of the
 * run's demo template (e2e/support/global-setup.ts: the demo told once per run), as a second start of `npm start`
 * finds it. `fresh: true` starts on an empty database instead and tells the demo itself, as a first start does (the
 * newcomer's journey). A new database on DATABASE_URL's server in CI, else a PGlite data dir.
 */
export async function startServer(env: Record<string, string> = {}, options: { fresh?: boolean } = {}): Promise<RestartableServer> {
  const template = options.fresh ? null : inject('e2eDemoTemplate');
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl = '';
  let dataDir: string;
  if (baseUrl) {
    const dbName = `${inject('e2eDbPrefix')}${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    await adminQuery(baseUrl, template?.kind === 'postgres' ? `CREATE DATABASE ${dbName} TEMPLATE ${template.name}` : `CREATE DATABASE ${dbName}`);
    const u = new URL(baseUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    dataDir = mkdtempSync(join(tmpdir(), 'pavilion-e2e-'));
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'pavilion-e2e-'));
    if (template?.kind === 'pglite') cpSync(template.dataDir, dataDir, { recursive: true });
  }
  const server = await launchServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env });
  return {
    ...server,
    async stop() {
      // The database stays until the run's teardown drops every one of the run's (global-setup.ts): a drop between
      // files slows the next file's copy several times over (apps/server/src/test/test-app.ts says why).
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    relaunch: (more = {}) => launchServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env, ...more }),
  };
}

/** The run's server bundle (global-setup.ts), in the global setup itself or in a test file. */
function serverEntry(): string {
  return process.env.PAVILION_E2E_SERVER_ENTRY ?? inject('e2eServerEntry');
}

/** Spawns the server bundle with the demo on, waits for /readyz and reads the demo event id from its banner. */
export async function launchServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverEntry()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PAVILION_DEMO: '1',
      NODE_ENV: 'development',
      // Warnings and errors only: a journey's few thousand request lines cost its server about a second of CPU, and
      // the demo banner (the only line the journeys read) is printed on its own.
      LOG_LEVEL: 'warn',
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
  const exited = () => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
  const eventId = /\/ei\/([A-Za-z0-9_-]+)/.exec(logs.join(''))?.[1];
  if (!eventId) throw new Error(`demo event id not found in logs:\n${logs.join('')}`);
  return {
    url,
    eventId,
    logs,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}
