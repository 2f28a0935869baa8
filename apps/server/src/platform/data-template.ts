import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * A new embedded data dir starts as a copy of a template (issue 20: the demo's first start within 8 s): a PGlite data
 * dir on which initdb and every migration already ran, made once by the server's build (`npm run build`, which
 * `npm start` runs first) rather than at every first start. initdb was about half of a first start's CPU; copying the
 * ~1,800 files takes a fraction of it (docs/PERFORMANCE.md "First start with the demo"). The template is used only
 * when its key matches this install exactly: the PGlite version, PGlite's settings and every migration's hash; else
 * (a source checkout never built, a migration added since the build) the data dir is made by initdb as before.
 */
const here = dirname(fileURLToPath(import.meta.url));
/** apps/server/dist/data-template, seen from the source (src/platform), the bundle's chunks (dist/chunks) or dist/. */
const CANDIDATES = [resolve(here, '../../dist/data-template'), resolve(here, '../data-template'), resolve(here, 'data-template')];
const PGDATA = 'pgdata';
const KEY = 'key';

/** What a data dir made by this install depends on; a template made for another key is never used. */
export function templateKey(migrationsFolder: string, pgliteOptions: unknown): string {
  const require = createRequire(import.meta.url);
  const pglitePackage = JSON.parse(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`pglite ${pglitePackage.version}\n${JSON.stringify(pgliteOptions)}\n`);
  for (const m of readMigrationFiles({ migrationsFolder })) hash.update(`${m.folderMillis} ${m.hash}\n`);
  return hash.digest('hex');
}

/** The template's data dir when one matches `key`, else null. */
export function findDataTemplate(key: string, candidates: readonly string[] = CANDIDATES): string | null {
  for (const dir of candidates) {
    try {
      if (readFileSync(join(dir, KEY), 'utf8') === key && existsSync(join(dir, PGDATA, 'PG_VERSION'))) return join(dir, PGDATA);
    } catch {
      // no template there
    }
  }
  return null;
}

/** Copies the template's data dir into `dataDir` (empty or missing); false when there is no matching template. */
export function copyDataTemplate(dataDir: string, key: string, candidates?: readonly string[]): boolean {
  const template = findDataTemplate(key, candidates);
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/**
 * Makes the template at `outDir` (the build's): `initialise` runs initdb and the migrations on the empty data dir it
 * is given and closes it. Written beside the old one and swapped in with its key last, so a reader sees a whole
 * template or none. Answers false when the one there already matches.
 */
export async function makeDataTemplate(outDir: string, key: string, initialise: (dataDir: string) => Promise<void>): Promise<boolean> {
  if (findDataTemplate(key, [outDir])) return false;
  const work = `${outDir}.new-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await initialise(join(work, PGDATA));
    rmSync(outDir, { recursive: true, force: true });
    renameSync(work, outDir);
    writeFileSync(join(outDir, KEY), key);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
