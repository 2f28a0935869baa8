/**
 * Size budget of the public registration page (issue "Registration, ticketing, orders and payments"): the JavaScript
 * a phone downloads to show `cart-registration/{eventId}` must stay at or under 150 KB gzipped.
 *
 * Run after a build that writes Vite's manifest:
 *   npx vite build --manifest -c apps/web/vite.config.ts   (or set build.manifest: true in vite.config.ts)
 *   node --import tsx apps/web/scripts/check-bundle-budget.ts [--route <source path>] [--budget <KB>] [--route-budget <KB>]
 *        [--route-only] [--dist <dir>] [--verbose]
 *
 * Two checks: the whole page (entry + route closure, --budget, default 150 KB) and what the route adds on top of the
 * always-loaded shell (--route-budget, default 60 KB). --route-only runs the second alone (then --budget is its limit).
 * npm test runs both, the whole page with the ratchet of docs/PERFORMANCE.md ("Public registration page") until the
 * 150 KB goal is met. --dist measures another build directory (e.g. `npx vite build --outDir /tmp/x`).
 * --allow-data permits the countries / time-zone tables (international-reg only).
 *
 * What counts: the entry chunk (index.html's script) and every chunk it imports statically, plus the route's lazy
 * chunk and its static imports: exactly what the browser fetches before the page can render. Lazy imports inside
 * the page (e.g. the countries table of a form's country question) are not counted; they load only when used.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type TManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type TManifest = Record<string, TManifestChunk>;

/** The manifest keys of a chunk and all chunks it imports statically (depth-first, each once). */
export function staticClosure(manifest: TManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key]!.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** Chunks the route needs: entry + static imports + the route chunk + its static imports (or only what the route adds). */
export function routeChunks(manifest: TManifest, routeSource: string, isRouteOnly = false): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest.');
  if (!manifest[routeSource]) throw new Error(`Route module ${routeSource} is not a chunk of this build.`);
  const shell = staticClosure(manifest, entry);
  const keys = staticClosure(manifest, routeSource, new Set(shell));
  return isRouteOnly ? [...keys].filter((k) => !shell.has(k)) : [...keys];
}

/**
 * Code a public registration page must never load (issue: no dashboard, Mantine charts, tiptap or the big domain
 * data files), recognised by strings that survive minification.
 */
export const FORBIDDEN_MARKERS: readonly { what: string; marker: string }[] = [
  { what: 'organiser dashboard shell', marker: 'shell.toggleNav' },
  { what: 'Mantine charts / recharts', marker: 'recharts' },
  { what: 'tiptap editor', marker: 'tiptap' },
  { what: 'countries table', marker: 'Afghanistan' },
  { what: 'time-zone table', marker: 'Pacific/Chatham' },
  // app/router.tsx adds these with the first signed-in route (locales/en-dashboard.ts, app/signed-in-routes.tsx).
  { what: 'login and dashboard strings', marker: 'Sign in to Pavilion' },
  { what: 'signed-in route table', marker: 'app/white-label' },
];

type TRow = { file: string; gzip: number };

function measure(dist: string, files: string[]): TRow[] {
  return files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length })).sort((a, b) => b.gzip - a.gzip);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Prints the rows and returns whether their total is within the budget. */
function report(title: string, rows: TRow[], budgetKb: number, isVerbose: boolean): boolean {
  const total = rows.reduce((n, r) => n + r.gzip, 0);
  console.log(title);
  for (const r of isVerbose ? rows : rows.slice(0, 8)) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file}`);
  if (!isVerbose && rows.length > 8) console.log(`  ${kb(rows.slice(8).reduce((n, r) => n + r.gzip, 0)).padStart(9)}  ${rows.length - 8} smaller chunks`);
  console.log(`  ${kb(total).padStart(9)}  total (budget ${budgetKb} KB)`);
  if (total > budgetKb * 1024) console.error(`Over budget by ${kb(total - budgetKb * 1024)}.`);
  return total <= budgetKb * 1024;
}

function main() {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const route = arg('--route', 'src/modules/registration/pages/cart-registration-page.tsx');
  const isRouteOnly = args.includes('--route-only');
  const budgetKb = Number(arg('--budget', isRouteOnly ? '60' : '150'));
  const routeBudgetKb = Number(arg('--route-budget', '60'));
  const isVerbose = args.includes('--verbose');
  const dist = arg('--dist', join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}. Build with a manifest first: npx vite build --manifest -c apps/web/vite.config.ts`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as TManifest;
  const jsOf = (keys: string[]) => keys.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const files = jsOf(routeChunks(manifest, route, false));
  const routeFiles = jsOf(routeChunks(manifest, route, true));
  const allowData = args.includes('--allow-data');
  const found = FORBIDDEN_MARKERS.filter((m) => !(allowData && (m.what.includes('countries') || m.what.includes('time-zone')))).filter((m) =>
    files.some((f) => readFileSync(join(dist, f), 'utf8').includes(m.marker)),
  );
  let isOk = true;
  if (!isRouteOnly) isOk = report(`JavaScript of ${route}, app shell included (gzipped):`, measure(dist, files), budgetKb, isVerbose) && isOk;
  const routeBudget = isRouteOnly ? budgetKb : routeBudgetKb;
  isOk = report(`JavaScript the route adds to the app shell (gzipped):`, measure(dist, routeFiles), routeBudget, isVerbose) && isOk;
  for (const f of found) console.error(`Loads the ${f.what}, which public registration pages must not.`);
  if (found.length > 0 || !isOk) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
