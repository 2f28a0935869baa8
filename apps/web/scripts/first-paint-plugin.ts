import type { Plugin, Rollup } from 'vite';
import { FIRST_PAINT_PAGES, type TFirstPaintManifest } from '../src/app/first-paint.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The chunks a chunk imports statically, itself included (depth-first, each once). */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const dep of chunk.imports) closure(bundle, dep, seen);
  return seen;
}

/**
 * Writes dist/.vite/first-paint.json: for each page of FIRST_PAINT_PAGES (src/app/first-paint.ts), the JavaScript
 * chunks and the styles that page loads beyond what index.html already does, as absolute URLs, for the server to name
 * in index.html (apps/server/src/platform/spa.ts). A page module that is not a chunk of the build fails the build.
 */
export function firstPaintPlugin(root: string): Plugin {
  return {
    name: 'pavilion-first-paint',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const shell = closure(bundle, entry.fileName);
      // The app is built for base '/' (index.html names /assets/...).
      const url = (file: string) => `/${file}`;
      const manifest: TFirstPaintManifest = { pages: [] };
      for (const page of FIRST_PAINT_PAGES) {
        const source = `${root.replace(/\/$/, '')}/${page.page}`;
        const chunk = chunks.find((c) => c.facadeModuleId === source);
        if (!chunk) {
          this.error(`first-paint: ${page.page} (${page.path}) is not a chunk of this build; fix src/app/first-paint.ts`);
        }
        const files = [...closure(bundle, chunk.fileName)].filter((f) => !shell.has(f));
        const styles = new Set<string>();
        for (const f of files) for (const css of (bundle[f] as OutputChunk).viteMetadata?.importedCss ?? []) styles.add(css);
        manifest.pages.push({ path: page.path, modules: files.map(url), styles: [...styles].map(url), ...(page.data ? { data: page.data } : {}) });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/first-paint.json', source: JSON.stringify(manifest, null, 1) });
    },
  };
}
