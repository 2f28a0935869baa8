import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, dropDatabasesWithPrefix, dropStaleTestDatabases, STALE_TEST_RUN_MS, testRunTag } from '../../apps/server/src/test/test-app.ts';
import { launchServerProcess, type DemoTemplate } from './server.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo, told once for the whole e2e run (see startServer). */
    e2eDemoTemplate: DemoTemplate | null;
    /** The server bundle every file's server runs (see serverEntry). */
    e2eServerEntry: string;
    /** The run's prefix for the files' databases, all dropped by this setup's teardown (see startServer). */
    e2eDbPrefix: string;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * Tells the demo once per e2e run: a server starts on a new database (or data dir), seeds the demo and stops. Each
 * file's startServer then starts on a copy of it (`CREATE DATABASE … TEMPLATE`, or a copied PGlite dir), as a second
 * start of `npm start` would, instead of telling the demo again (seconds per file). The newcomer's journey still
 * starts on an empty database, as a first-time user's does.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The servers run the bundle `npm start` runs, built once from the current source into a folder of this run (two
  // runs side by side do not overwrite each other's), instead of transpiling the TypeScript on every start.
  // What a killed run left behind (its server bundle, its databases) goes once that run is long over.
  const serverDir = join(process.cwd(), 'apps', 'server');
  for (const name of readdirSync(serverDir)) {
    const path = join(serverDir, name);
    if (name.startsWith('.e2e-build-') && Date.now() - statSync(path).mtimeMs > STALE_TEST_RUN_MS) rmSync(path, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) await dropStaleTestDatabases(process.env.DATABASE_URL);
  const buildDir = mkdtempSync(join(serverDir, '.e2e-build-'));
  const entry = join(buildDir, 'main.mjs');
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--outfile', entry], { stdio: 'inherit' });
  process.env.PAVILION_E2E_SERVER_ENTRY = entry;
  project.provide('e2eServerEntry', entry);
  const baseUrl = process.env.DATABASE_URL;
  const run = testRunTag();
  const dbPrefix = `pv_e2e_${run}_`;
  project.provide('e2eDbPrefix', dbPrefix);
  let template: DemoTemplate;
  if (baseUrl) {
    const dbName = `pv_e2e_tpl_${run}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${dbName}`);
    const u = new URL(baseUrl);
    u.pathname = `/${dbName}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'pavilion-e2e-tpl-'));
    const server = await launchServerProcess({ DATABASE_URL: u.toString(), DATA_DIR: dataDir });
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    template = { kind: 'postgres', name: dbName };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'pavilion-e2e-tpl-'));
    const server = await launchServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await server.stop();
    template = { kind: 'pglite', dataDir };
  }
  project.provide('e2eDemoTemplate', template);
  return async () => {
    rmSync(buildDir, { recursive: true, force: true });
    if (template.kind === 'postgres' && baseUrl) {
      await dropDatabasesWithPrefix(baseUrl, dbPrefix);
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${template.name} WITH (FORCE)`);
    } else if (template.kind === 'pglite') {
      rmSync(template.dataDir, { recursive: true, force: true });
    }
  };
}
