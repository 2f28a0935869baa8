/**
 * The demo's first start (issue 20: ≤ 8 s to /readyz): `npm run bench:first-start` starts the bundle on an empty data
 * dir with PAVILION_DEMO=1 (as `npm start` on a new install) BENCH_RUNS times (default 3) and prints, per run, the
 * time to /readyz, the load average, and the first-start child's own phase line (wall and CPU of its module load,
 * PGlite's initdb, the migrations, the rest of the app, the demo: first-start.ts). On a shared machine compare the CPU.
 */
import { loadavg } from 'node:os';
import { startPavilion } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
for (let i = 0; i < RUNS; i++) {
  const logs: string[] = [];
  const load = loadavg()[0]!.toFixed(2);
  const started = await startPavilion(3931 + i, { PAVILION_DEMO: '1', LOG_LEVEL: 'info' }, undefined, logs);
  await started.stop();
  const line = logs.join('').split('\n').find((l) => l.includes('First start:')) ?? '(no phase line)';
  const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line;
  console.log(`run ${i + 1}: to /readyz ${(started.msToReady / 1000).toFixed(2)} s (load average ${load} at start)\n  ${msg}`);
}
