/**
 * bench/matchmaking: one participant's top 20 among 20,000 participants with 10 interests each (issue 18).
 *
 * 1. Builds BENCH_PARTICIPANTS (20,000) participants from a fixed seed: 10 interests each from a vocabulary of 300,
 *    and 0–10 "looking for" and "offering" tags each from a vocabulary of 150 (mixed wordings and cases, so the keys
 *    do real work). Indexes them once (`buildMatchIndex`); the time and the heap are reported.
 * 2. Ceiling, same run: the same loop over the same candidates with a trivial scorer (score = the candidate's
 *    interest count, keep the best 20 by a sorted insert): the cost of visiting 20,000 objects and keeping a top 20.
 * 3. Measured: `rankMatches` (scores, ties by id, explanations of the 20) for BENCH_QUERIES (1,000) different
 *    participants, after BENCH_WARMUP (100) unmeasured ones; p50/p99/max per ranking.
 * Goal: p99 ≤ 50 ms. The check against bench/baseline.json is the ratio p99 / ceiling p99 (lower is better).
 * Run: npm run bench:matchmaking   (no server, no database: the ranking is a pure function of packages/domain)
 */
import { buildMatchIndex, rankMatches, type MatchIndex, type TMatchInput } from '../packages/domain/src/meetings/matchmaking.ts';
import { checkBaseline, loadAverage } from './baseline.ts';

const N = Number(process.env.BENCH_PARTICIPANTS ?? 20_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
const GOAL_P99_MS = 50;

let seed = 20_261_126;
// mulberry32: a small seeded generator with a long period (an LCG in doubles loses bits and repeats early).
const rnd = () => {
  let z = (seed = (seed + 0x6d2b79f5) | 0);
  z = Math.imul(z ^ (z >>> 15), z | 1);
  z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
  return ((z ^ (z >>> 14)) >>> 0) / 4_294_967_296;
};
const int = (n: number) => Math.floor(rnd() * n);
const SUFFIX = ['', 's', 'ing', ' services', 'ers'];
const interestVocab = Array.from({ length: 300 }, (_, i) => `Topic ${i} ${['energy', 'software', 'retail', 'logistics', 'health'][i % 5]}`);
const tagVocab = Array.from({ length: 150 }, (_, i) => `deal${i}`);
const pickDistinct = (vocab: string[], n: number, dress = false) => {
  const set = new Set<string>();
  while (set.size < n) set.add(vocab[int(vocab.length)]!);
  return [...set].map((t) => (dress ? `${rnd() < 0.5 ? t.toUpperCase() : t}${SUFFIX[int(SUFFIX.length)]}` : t));
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The same pass over the same flat index, the score being just the tag count: what visiting 20,000 costs. */
function trivialTop(index: MatchIndex, limit: number): number[] {
  const { starts, profiles } = index;
  const top: number[] = [];
  const scores: number[] = [];
  for (let i = 0; i < profiles.length; i++) {
    let score = 0;
    for (let j = starts[i]!, end = starts[i + 1]!; j < end; j++) score += 1;
    if (top.length === limit && score <= scores[limit - 1]!) continue;
    let k = top.length === limit ? limit - 1 : top.length;
    while (k > 0 && score > scores[k - 1]!) {
      top[k] = top[k - 1]!;
      scores[k] = scores[k - 1]!;
      k--;
    }
    top[k] = i;
    scores[k] = score;
  }
  return top;
}

function measure(label: string, fn: (i: number) => unknown): { p50: number; p99: number; max: number } {
  for (let i = 0; i < WARMUP; i++) fn(i);
  const times: number[] = [];
  let sink = 0;
  for (let q = 0; q < QUERIES; q++) {
    const t0 = performance.now();
    const out = fn(WARMUP + q) as unknown[];
    times.push(performance.now() - t0);
    sink += out.length;
  }
  times.sort((a, b) => a - b);
  const r = { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1]! };
  console.log(`${label.padEnd(34)} p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  max ${r.max.toFixed(2)} ms  (${sink} results)`);
  return r;
}

globalThis.gc?.();
const heap0 = process.memoryUsage().heapUsed;
const raw = Array.from({ length: N }, (_, i) => ({
  id: `eu-${String(i).padStart(6, '0')}`,
  interests: pickDistinct(interestVocab, 10),
  lookingFor: pickDistinct(tagVocab, int(11), true),
  offering: pickDistinct(tagVocab, int(11), true),
}));
const tPrep = performance.now();
const index = buildMatchIndex(raw);
const prepMs = performance.now() - tPrep;
globalThis.gc?.();
const heapMb = (process.memoryUsage().heapUsed - heap0) / 1024 / 1024;

console.log(`bench/matchmaking: ${N} participants, 10 interests each, top 20, ${QUERIES} rankings (load average ${loadAverage()})`);
console.log(`build the index (all)               ${prepMs.toFixed(1)} ms; heap of raw list + index ${heapMb.toFixed(1)} MB${globalThis.gc ? '' : ' (run with --expose-gc for a steadier figure)'}`);
const who = (i: number): TMatchInput => raw[(i * 7919) % N]!;
const ceiling = measure('ceiling: same loop, trivial scorer', (_i) => trivialTop(index, 20));
const real = measure('rankMatches (top 20, explained)', (i) => rankMatches(index, who(i), 20));
const sample = rankMatches(index, who(1), 20)[0];
console.log(`example: ${sample?.id} score ${sample?.score}: ${sample?.explanation}`);

const ratio = real.p99 / ceiling.p99;
console.log(`\n| Measure | Result | Goal |\n|---|---|---|`);
console.log(`| rankMatches p99 | ${real.p99.toFixed(2)} ms | ≤ ${GOAL_P99_MS} ms |`);
console.log(`| ceiling (trivial scorer) p99 | ${ceiling.p99.toFixed(2)} ms | |`);
console.log(`| ratio p99 / ceiling p99 | ${ratio.toFixed(2)} | |`);
console.log(`| heap of 20,000 raw profiles + index | ${heapMb.toFixed(1)} MB | |`);
const failures = checkBaseline('matchmaking', { p99ToCeiling: { value: Number(ratio.toFixed(2)), better: 'lower', unit: 'ratio' } });
if (real.p99 > GOAL_P99_MS) {
  console.log(`GOAL MISSED: p99 ${real.p99.toFixed(2)} ms > ${GOAL_P99_MS} ms`);
  process.exitCode = 1;
}
if (failures.length) process.exitCode = 1;
