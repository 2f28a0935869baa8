// Bundles the server's own code (and @pavilion/domain) into apps/server/dist/main.mjs for `npm start`; every npm
// package stays external and is loaded from node_modules. Running the bundle instead of TypeScript through tsx saves
// about 75 MB of memory and most of the start-up transpiling (docs/PERFORMANCE.md).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outfile <path>`: the e2e run bundles into a folder of its own (e2e/support/global-setup.ts).
const outArg = process.argv.indexOf('--outfile');
const outfile = outArg > 0 ? process.argv[outArg + 1] : `${root}/dist/main.mjs`;
rmSync(join(dirname(outfile), 'chunks'), { recursive: true, force: true }); // the last build's chunks (hashed names)
await build({
  // Split: main.ts imports the app lazily, so a first start loads the server's modules while its child initialises the
  // data dir (src/main.ts). The entry keeps its name; the shared code goes to chunks beside it.
  entryPoints: { [basename(outfile, '.mjs')]: `${root}/src/main.ts` },
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
