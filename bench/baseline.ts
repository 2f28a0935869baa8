/**
 * The last recorded bench figures (bench/baseline.json, mirrored by the tables of docs/PERFORMANCE.md) and the check
 * every bench ends with: a figure more than 25 % worse than its recorded value fails the run (exit code 1) with a
 * line that says which. Figures that depend on how loaded the machine is are recorded as ratios to a ceiling measured
 * in the same run (pgbench, a bare node:http server), so another engineer's build does not fail a bench by itself.
 *
 * Server CPU per request is printed by each bench but not checked: on this 2-core machine it grows with the load
 * (syscalls and cache misses cost more when other processes share the cores; 185–388 µs a scan for the same code).
 *
 * BENCH_RECORD=1 writes this run's figures as the new baseline (after a change that moves them on purpose).
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const FILE = new URL('./baseline.json', import.meta.url);
/** How much worse than recorded a figure may be before the bench fails. */
export const TOLERANCE = 0.25;

/** `higher`: a rate or a ratio (worse when lower); `lower`: a time or a size (worse when higher). */
export type Figure = { value: number; better: 'higher' | 'lower'; unit: string };
type Recorded = { recorded: string; commit: string; loadAverage: string; figures: Record<string, { value: number; better: 'higher' | 'lower'; unit: string }> };

function readAll(): Record<string, Recorded> {
  try {
    return JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, Recorded>;
  } catch {
    return {};
  }
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/**
 * Compares this run's figures with the recorded ones, prints one line per figure, and sets a non-zero exit code when
 * one is more than TOLERANCE worse. Returns the failures.
 */
export function checkBaseline(bench: string, figures: Record<string, Figure>): string[] {
  const all = readAll();
  const before = all[bench];
  const failures: string[] = [];
  console.log(`\nBaseline (bench/baseline.json, ${bench}; load average now ${loadAverage()}${before ? `, recorded ${before.recorded} at ${before.commit} with load ${before.loadAverage}` : ', none recorded yet'}):`);
  for (const [name, f] of Object.entries(figures)) {
    const old = before?.figures[name];
    if (!old) {
      console.log(`  ${name}: ${fmt(f.value)} ${f.unit} (no recorded figure)`);
      continue;
    }
    const worse = f.better === 'higher' ? f.value < old.value * (1 - TOLERANCE) : f.value > old.value * (1 + TOLERANCE);
    const change = old.value === 0 ? 0 : ((f.value - old.value) / old.value) * 100;
    console.log(`  ${name}: ${fmt(f.value)} ${f.unit} vs recorded ${fmt(old.value)} (${change >= 0 ? '+' : ''}${change.toFixed(0)} %, ${f.better} is better)${worse ? '  <-- REGRESSION' : ''}`);
    if (worse) failures.push(`${name} = ${fmt(f.value)} ${f.unit}, more than ${TOLERANCE * 100} % ${f.better === 'higher' ? 'below' : 'above'} the recorded ${fmt(old.value)}`);
  }
  if (process.env.BENCH_RECORD === '1') {
    let commit = 'unknown';
    try {
      commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      /* not a git checkout */
    }
    all[bench] = { recorded: new Date().toISOString().slice(0, 10), commit, loadAverage: loadAverage(), figures: Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, { value: round(f.value), better: f.better, unit: f.unit }])) };
    writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
    console.log(`  recorded as the new baseline (BENCH_RECORD=1)`);
  } else if (failures.length > 0) {
    for (const f of failures) console.error(`BENCH REGRESSION (${bench}): ${f}`);
    process.exitCode = 1;
  }
  return failures;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(3).replace(/\.?0+$/, ''));
