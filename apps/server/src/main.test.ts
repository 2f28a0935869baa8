import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDataTemplate, templateKey } from './platform/data-template.ts';
import { MIGRATIONS_DIR, PGLITE_OPTIONS } from './platform/db.ts';

describe('main', () => {
  it('starts on an empty data dir, prints the demo login and gate code, serves /readyz and shuts down gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pavilion-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development', PAVILION_DEMO: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      // The first start initialises the data dir and tells the whole demo in a child process first.
      const deadline = Date.now() + 150_000;
      let port: string | undefined;
      while (!port) {
        port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`not started:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(out).toContain('organiser@demo.pavilion / Organiser@2026');
      // `npm test` builds first, so the data dir is a copy of the build's template (data-template.ts) when it matches
      // this checkout's migrations; without a build (or after a new migration) initdb makes it.
      const fromTemplate = findDataTemplate(templateKey(MIGRATIONS_DIR, PGLITE_OPTIONS)) !== null;
      expect(out).toContain(fromTemplate ? "PGlite start on the build's data template" : 'PGlite initdb');
      expect(out).toMatch(/Gate scanner: open http:\/\/localhost:\d+\/scanner and enter the code [0-9A-Z]{4}-[0-9A-Z]{4}/);
      // The staging dir became the data dir: nothing is left beside it.
      expect(readdirSync(dataDir)).toContain('PG_VERSION');
      expect(readdirSync(dirname(dataDir)).filter((n) => n.startsWith(`.${basename(dataDir)}.init-`))).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('shutting down');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
