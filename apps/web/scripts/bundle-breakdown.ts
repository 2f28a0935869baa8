/**
 * What the public registration page's JavaScript is made of, per npm package or per source file, gzipped: the
 * figures of docs/PERFORMANCE.md ("Web bundle"). Needs a build with sourcemaps, which the committed config never
 * makes, so build into a scratch directory:
 *   npx vite build -c apps/web/vite.config.ts --sourcemap --outDir /tmp/pv-sm --emptyOutDir
 *   node --import tsx apps/web/scripts/bundle-breakdown.ts --dist /tmp/pv-sm [--route <manifest key>] [--by package|file]
 *        [--entry-only] [--top <n>]
 *
 * Each chunk's minified bytes are attributed to the source its sourcemap names for them; a group's share is its bytes
 * of each chunk gzipped on their own, scaled so that the groups add up to the chunks' real gzipped size (what
 * check-bundle-budget.ts counts). Shares are estimates: gzip compresses a group better beside the others.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeChunks, staticClosure, type TManifest } from './check-bundle-budget.ts';

type TSourceMap = { sources: string[]; mappings: string };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one mapping segment (base64 VLQ, each relative to the previous segment's). */
export function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = BASE64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The generated code split into runs, each with the index of its source (-1: no source, e.g. Vite's own glue). */
export function attribute(code: string, map: TSourceMap): { source: number; text: string }[] {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const points: { offset: number; source: number }[] = [];
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0]!;
      if (fields.length >= 4) source += fields[1]!;
      points.push({ offset: lineStarts[lineIndex]! + column, source: fields.length >= 4 ? source : -1 });
    }
  });
  const runs: { source: number; text: string }[] = [];
  if (points.length === 0 || points[0]!.offset > 0) runs.push({ source: -1, text: code.slice(0, points[0]?.offset ?? code.length) });
  points.forEach((p, i) => runs.push({ source: p.source, text: code.slice(p.offset, points[i + 1]?.offset ?? code.length) }));
  return runs;
}

/** `react-dom`, `@mantine/core`, or the path inside the repository for Pavilion's own files. */
export function groupOf(source: string, by: 'package' | 'file'): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    return by === 'file' ? `${pkg}: ${parts.slice(pkg.split('/').length).join('/')}` : pkg;
  }
  const own = source.replace(/^(\.\.\/)+/, '');
  const inRepo = own.replace(/^.*?\b(apps|packages)\//, '$1/');
  if (by === 'file') return inRepo;
  return inRepo.replace(/^(apps\/web\/src\/(?:modules\/[^/]+|app\/locales|app|ui))\/.*$/, '$1').replace(/^packages\/domain\/.*$/, 'packages/domain');
}

function main() {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const dist = arg('--dist', '');
  const route = arg('--route', 'src/modules/registration/pages/cart-registration-page.tsx');
  const by = arg('--by', 'package') === 'file' ? 'file' : 'package';
  const top = Number(arg('--top', '40'));
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!dist || !existsSync(manifestPath)) {
    console.error('Give --dist <dir> of a build with sourcemaps: npx vite build -c apps/web/vite.config.ts --sourcemap --outDir /tmp/pv-sm --emptyOutDir');
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as TManifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const keys = args.includes('--entry-only') ? [...staticClosure(manifest, entry)] : routeChunks(manifest, route, false);
  const files = keys.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

  const groups = new Map<string, { raw: number; gzip: number }>();
  let realGzip = 0;
  let separateGzip = 0;
  for (const file of files) {
    const code = readFileSync(join(dist, file), 'utf8');
    if (!existsSync(join(dist, `${file}.map`))) throw new Error(`${file} has no sourcemap: build with --sourcemap.`);
    const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as TSourceMap;
    realGzip += gzipSync(code, { level: 9 }).length;
    const texts = new Map<string, string[]>();
    for (const run of attribute(code, map)) {
      const group = run.source < 0 ? '(Vite and Rollup glue: imports, exports, preload lists)' : groupOf(map.sources[run.source]!, by);
      texts.set(group, [...(texts.get(group) ?? []), run.text]);
    }
    for (const [group, parts] of texts) {
      const text = parts.join('');
      const gzip = gzipSync(text, { level: 9 }).length;
      separateGzip += gzip;
      const sum = groups.get(group) ?? { raw: 0, gzip: 0 };
      groups.set(group, { raw: sum.raw + text.length, gzip: sum.gzip + gzip });
    }
  }
  const scale = realGzip / separateGzip;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${args.includes('--entry-only') ? 'Entry chunk' : route}: ${files.length} chunks, ${kb(realGzip)} gzipped`);
  const rows = [...groups].sort((a, b) => b[1].gzip - a[1].gzip);
  for (const [group, s] of rows.slice(0, top)) console.log(`  ${kb(s.gzip * scale).padStart(9)}  ${kb(s.raw).padStart(9)} min  ${group}`);
  if (rows.length > top) console.log(`  ${kb(rows.slice(top).reduce((n, [, s]) => n + s.gzip * scale, 0)).padStart(9)}  ${rows.length - top} more`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
