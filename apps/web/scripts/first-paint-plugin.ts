import postcss from 'postcss';
import { runnerImport, type Plugin, type Rollup } from 'vite';
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
 * The rules of `css` a first view needs: every rule but those naming a Mantine class (`.m_…`) outside `classes`
 * (component rules the view does not use) and those for the dark colour scheme (the public pages are light:
 * index.html sets it), empty at-rules dropped.
 */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  const isDark = (selector: string) => /data-mantine-color-scheme=["']?dark/.test(selector);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !isDark(selector) && [...selector.matchAll(/\.(m_[0-9a-f]+)/g)].every((m) => classes.has(m[1]!)));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes?.length === 0) at.remove();
  });
  return root.toString();
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
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const shell = closure(bundle, entry.fileName);
      // The app is built for base '/' (index.html names /assets/...).
      const url = (file: string) => `/${file}`;
      // The first views' texts and theme (scripts/first-paint-views.ts) import the app's locale files, which import the
      // workspace's TypeScript packages: loaded through Vite's module runner, not the config loader.
      const { module: views } = await runnerImport<typeof import('./first-paint-views.ts')>(`${root.replace(/\/$/, '')}/scripts/first-paint-views.ts`, { configFile: false, logLevel: 'silent' });
      const manifest: TFirstPaintManifest = { themeCss: views.FIRST_VIEW_THEME_CSS, pages: [] };
      const cssOf = (file: string) => {
        const asset = bundle[file];
        return asset?.type === 'asset' ? String(asset.source) : '';
      };
      const classes = new Set<string>(views.FIRST_VIEW_CLASSES);
      const shellCss = [...shell].flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
      const shellCritical = criticalCss(shellCss.map(cssOf).join('\n'), classes);
      for (const page of FIRST_PAINT_PAGES) {
        const source = `${root.replace(/\/$/, '')}/${page.page}`;
        const chunk = chunks.find((c) => c.facadeModuleId === source);
        if (!chunk) {
          this.error(`first-paint: ${page.page} (${page.path}) is not a chunk of this build; fix src/app/first-paint.ts`);
        }
        const files = [...closure(bundle, chunk.fileName)].filter((f) => !shell.has(f));
        const styles = new Set<string>();
        for (const f of files) for (const css of (bundle[f] as OutputChunk).viteMetadata?.importedCss ?? []) styles.add(css);
        // A page with a first view carries the CSS it needs (the app's stylesheet cut to the view's classes, and the
        // page's own styles), which the server inlines so the view paints before the stylesheets are in.
        const markup = page.view ? views.FIRST_VIEW_MARKUP[page.view] : undefined;
        const view = page.view ? { kind: page.view, strings: views.FIRST_VIEW_STRINGS[page.view], css: shellCritical + [...styles].map(cssOf).join('\n'), ...(markup ? { markup } : {}) } : undefined;
        manifest.pages.push({
          path: page.path,
          modules: files.map(url),
          styles: [...styles].map(url),
          ...(page.data ? { data: page.data } : {}),
          ...(view ? { view } : {}),
          ...(page.query ? { query: page.query } : {}),
          ...(page.signedOutOnly ? { signedOutOnly: true } : {}),
        });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/first-paint.json', source: JSON.stringify(manifest, null, 1) });
    },
  };
}
