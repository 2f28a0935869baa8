import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuMs } from './lib.ts';

export type ReadVsPgbench = {
  read: { rps: number; p50: number; p99: number; non2xx: number; errors: number; halves: [number, number] };
  pgbench: { tps: number; latencyMs: number; halves: [number, number] };
  /** Server CPU a read (ms), from the server process's own counters. */
  cpuPerReadMs: number;
  /** read req/s ÷ pgbench -S tps. */
  ratio: number;
  halfSeconds: number;
};

/**
 * A public read API beside its ceiling, `pgbench -S` on the same Postgres server (pgbench_accounts, scale 1, in the
 * app's own database), same run: a 2-second warm-up, then autocannon and pgbench in turns, BENCH_SECONDS / 2 each,
 * twice (read, pgbench, read, pgbench), so a change of the machine's load during the run weighs on both sides alike.
 * The read's p50/p99 are the worse half's. Used by bench/agenda.ts and bench/exhibitors.ts.
 */
export async function readVsPgbenchS(opts: {
  target: string;
  databaseUrl: string;
  serverPid: number;
  seconds: number;
  connections: number;
  /** Signed-in reads (bench/matchmaking-api.ts): each request carries the next of these header sets, in turn. */
  callers?: Record<string, string>[];
}): Promise<ReadVsPgbench> {
  const { target, databaseUrl, connections, callers } = opts;
  // As a phone's browser asks: compressed answers welcome.
  const headers = { 'accept-encoding': 'br, gzip' };
  let turn = 0;
  const requests: autocannon.Request[] | undefined = callers?.length
    ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...(req.headers as Record<string, string> | undefined), ...callers[turn++ % callers.length] } }) }]
    : undefined;
  const run = async (duration: number) => {
    const r = await autocannon({ url: target, connections, duration, headers, ...(requests ? { requests } : {}) });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  };
  await autocannon({ url: target, connections, duration: 2, headers, ...(requests ? { requests } : {}) }); // warm-up: JIT, prepared statements
  const init = spawnSync('pgbench', ['-i', '-s', '1', '-q', databaseUrl], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const pgbenchS = (seconds: number) => {
    const bench = spawnSync('pgbench', ['-n', '-S', '-c', String(connections), '-j', '2', '-T', String(seconds), databaseUrl], { encoding: 'utf8' });
    if (bench.status !== 0) throw new Error(`pgbench failed: ${bench.stderr}`);
    return { tps: Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? 0), latencyMs: Number(/latency average = ([\d.]+) ms/.exec(bench.stdout)?.[1] ?? 0) };
  };
  const halfSeconds = Math.max(1, Math.round(opts.seconds / 2));
  const cpu0 = cpuMs(opts.serverPid);
  const a = await run(halfSeconds);
  const cpu1 = cpuMs(opts.serverPid);
  const pgA = pgbenchS(halfSeconds);
  const cpu2 = cpuMs(opts.serverPid);
  const b = await run(halfSeconds);
  const cpu3 = cpuMs(opts.serverPid);
  const pgB = pgbenchS(halfSeconds);
  const tps = (pgA.tps + pgB.tps) / 2;
  if (!(tps > 0)) throw new Error('pgbench -S ran no transactions (BENCH_SECONDS too short for the connections to start?)');
  const read = { rps: (a.rps + b.rps) / 2, p50: Math.max(a.p50, b.p50), p99: Math.max(a.p99, b.p99), non2xx: a.non2xx + b.non2xx, errors: a.errors + b.errors, halves: [a.rps, b.rps] as [number, number] };
  return {
    read,
    pgbench: { tps, latencyMs: Math.max(pgA.latencyMs, pgB.latencyMs), halves: [pgA.tps, pgB.tps] },
    cpuPerReadMs: (cpu1 - cpu0 + cpu3 - cpu2) / ((a.rps + b.rps) * halfSeconds),
    ratio: read.rps / tps,
    halfSeconds,
  };
}

/** The comparison's rows of a bench's markdown table (`label`: what was read). */
export function readVsPgbenchRows(label: string, r: ReadVsPgbench, connections: number): string[] {
  const { read, pgbench, halfSeconds } = r;
  return [
    `| ${label} read, ${connections} connections, 2 × ${halfSeconds} s | ${read.rps.toFixed(0)} req/s (${read.halves[0].toFixed(0)} and ${read.halves[1].toFixed(0)}); p50 ${read.p50} ms, **p99 ${read.p99} ms** (the worse half); server CPU ${r.cpuPerReadMs.toFixed(1)} ms a read; non-2xx ${read.non2xx}, errors ${read.errors} |`,
    `| pgbench -S, ${connections} clients, same server (ceiling), 2 × ${halfSeconds} s between the reads' halves | ${pgbench.tps.toFixed(0)} tps (${pgbench.halves[0].toFixed(0)} and ${pgbench.halves[1].toFixed(0)}); latency average ${pgbench.latencyMs} ms |`,
    `| Ratio ${label} req/s ÷ pgbench -S tps | ${(r.ratio * 100).toFixed(2)} % |`,
    `| Ratio ${label} p99 ÷ pgbench -S latency average | ${(read.p99 / Math.max(pgbench.latencyMs, 0.001)).toFixed(0)} × |`,
  ];
}
