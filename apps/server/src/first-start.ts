import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './platform/config.ts';
import { timePhase, type DatabaseStartup, type Phase } from './platform/phase.ts';

/**
 * The first start of an embedded (PGlite) data dir: initdb, every migration and the demo run in a child process, in a
 * staging dir that becomes DATA_DIR only once all of it succeeded. PGlite's WebAssembly heap grows to about 750 MB
 * during initdb and the migrations and never shrinks; ending the child hands that memory back, so the server then
 * opens the data dir as a restart does (about 240 MB idle instead of about 800 MB). A worker thread is not enough:
 * the process kept about 125 MB of the worker's malloc arenas. A failed first start leaves DATA_DIR empty, and the
 * next start tries again from scratch.
 */
const STAGING_ENV = 'PAVILION_FIRST_START_DIR';

/** True in the child that initialises a first start. */
export function isFirstStartChild(): boolean {
  return Boolean(process.env[STAGING_ENV]);
}

export function isFirstEmbeddedStart(config: AppConfig): boolean {
  if (config.DATABASE_URL) return false;
  const dir = resolve(config.DATA_DIR);
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export async function initialiseInChild(config: AppConfig, entryUrl: string): Promise<void> {
  const dir = resolve(config.DATA_DIR);
  const staging = join(dirname(dir), `.${basename(dir)}.init-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    // The same entry (main.ts under tsx, or the bundle) with the same Node flags, told to initialise the staging dir;
    // but V8's default young generation: the serving process keeps a small one for its idle memory (`npm start`'s
    // --max-semi-space-size), while the child, which ends, would only pay for it in more frequent collections.
    const flags = process.execArgv.filter((f) => !f.startsWith('--max-semi-space-size'));
    const child = spawn(process.execPath, [...flags, fileURLToPath(entryUrl)], { env: { ...process.env, [STAGING_ENV]: staging }, stdio: 'inherit' });
    await new Promise<void>((done, fail) => {
      child.once('error', fail);
      child.once('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`first start failed (exit ${code ?? signal})`))));
    });
    moveDir(staging, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Staging → DATA_DIR: one rename when possible; entry by entry when DATA_DIR is a mount point or on another disk. */
function moveDir(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    if (existsSync(to)) rmdirSync(to); // only ever an empty dir here (isFirstEmbeddedStart)
    renameSync(from, to);
    return;
  } catch {
    // fall through: keep `to` and move its future contents in
  }
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    try {
      renameSync(join(from, entry), join(to, entry));
    } catch {
      cpSync(join(from, entry), join(to, entry), { recursive: true });
    }
  }
}

/** The child's side: build the whole app on the staging dir (migrations), tell the demo if wanted, close. */
export async function runFirstStartChild(config: AppConfig): Promise<void> {
  const [[{ buildApp }, { seedDemoIfWanted }], load] = await timePhase(() => Promise.all([import('./app.ts'), import('./modules/demo/index.ts')]));
  const [{ app, ctx }, build] = await timePhase(async () => {
    const built = await buildApp({ ...config, DATA_DIR: process.env[STAGING_ENV]! });
    await built.app.ready();
    return built;
  });
  const [, demo] = await timePhase(() => seedDemoIfWanted(ctx, app.log, { announce: false }));
  const [, close] = await timePhase(() => app.close());
  app.log.info(firstStartBreakdown({ load, build, demo, close }, ctx.database.startup));
}

/** The first start's phases in one log line, wall and CPU each (docs/PERFORMANCE.md "First start with the demo"). */
export function firstStartBreakdown(phases: { load: Phase; build: Phase; demo: Phase; close: Phase }, db: DatabaseStartup): string {
  const f = (p: Phase) => `${p.wallMs} ms (CPU ${p.cpuMs} ms)`;
  const rest = { wallMs: phases.build.wallMs - db.open.wallMs - db.migrate.wallMs, cpuMs: phases.build.cpuMs - db.open.cpuMs - db.migrate.cpuMs };
  return (
    `First start: modules ${f(phases.load)}, PGlite ${db.dataDirFrom === 'template' ? "start on the build's data template" : 'initdb'} ${f(db.open)}, ` +
    `migrations by ${db.migratedBy} ${f(db.migrate)}, ` +
    `the rest of the app ${f(rest)}, demo ${f(phases.demo)}, close ${f(phases.close)}.`
  );
}
