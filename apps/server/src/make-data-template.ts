import { resolve } from 'node:path';
import { makeDataTemplate, templateKey } from './platform/data-template.ts';
import { MIGRATIONS_DIR, PGLITE_OPTIONS, openDatabase } from './platform/db.ts';

/**
 * `node dist/make-data-template.mjs <dir>` (scripts/build.mjs, after bundling): the embedded data template a new
 * install's first start copies instead of running initdb and every migration (platform/data-template.ts). Its own
 * process, so PGlite's initdb memory goes back when it ends. Nothing to do when the template there matches.
 */
const outDir = resolve(process.argv[2] ?? 'dist/data-template');
const started = performance.now();
const made = await makeDataTemplate(outDir, templateKey(MIGRATIONS_DIR, PGLITE_OPTIONS), async (dataDir) => {
  const database = await openDatabase({ dataDir, useTemplate: false });
  await database.close();
});
console.log(made ? `Embedded data template made in ${Math.round(performance.now() - started)} ms: ${outDir}` : `Embedded data template up to date: ${outDir}`);
