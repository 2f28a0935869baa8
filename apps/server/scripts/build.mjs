// Bundles the server's own code (and @pavilion/domain) into apps/server/dist/main.mjs for `npm start`; every npm
// package stays external and is loaded from node_modules. Running the bundle instead of TypeScript through tsx saves
// about 75 MB of memory and most of the start-up transpiling (docs/PERFORMANCE.md).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { URL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outfile <path>`: the e2e run bundles into a folder of its own (e2e/support/global-setup.ts).
const outArg = process.argv.indexOf('--outfile');
const outfile = outArg > 0 ? process.argv[outArg + 1] : `${root}/dist/main.mjs`;
// `npm start`'s build also makes the embedded data template (src/platform/data-template.ts); the e2e bundle needs none.
const isDefaultBuild = outArg < 0;
rmSync(join(dirname(outfile), 'chunks'), { recursive: true, force: true }); // the last build's chunks (hashed names)
await build({
  // Split: main.ts imports the app lazily, so a first start loads the server's modules while its child initialises the
  // data dir (src/main.ts). The entry keeps its name; the shared code goes to chunks beside it.
  entryPoints: { [basename(outfile, '.mjs')]: `${root}/src/main.ts`, ...(isDefaultBuild ? { 'make-data-template': `${root}/src/make-data-template.ts` } : {}) },
  outdir: dirname(outfile),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Bare imports are npm packages (external), except the workspace's own TypeScript packages (bundled).
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pavilion/') ? null : { path: args.path, external: true }));
      },
    },
  ],
});

if (isDefaultBuild) {
  // A new install's first start copies this data dir (initdb and every migration done) instead of running initdb:
  // about half of that start's CPU (docs/PERFORMANCE.md). Up to date already: the script says so and ends.
  const made = spawnSync(process.execPath, [`${root}/dist/make-data-template.mjs`, `${root}/dist/data-template`], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
