/**
 * bench/public-read: the public registration read (GET /api/eventservices/public/events/{id}/registration) beside
 * `pgbench -S` (a primary-key SELECT per transaction) on the same Postgres server, same run.
 *
 * 1. Creates a scratch database on DATABASE_URL's server and starts Pavilion on it (the built bundle, as npm start).
 * 2. One event with three tickets (two sharing a 500-seat quota, one unlimited), a form, and BENCH_ORDERS (40) orders,
 *    so the read counts live seats.
 * 3. Warm-up (2 s), then autocannon with 50 connections and `pgbench -S -c 50 -j 2` (pgbench_accounts, scale 1, in
 *    the same database) in turns: reads, pgbench, reads, pgbench, BENCH_SECONDS / 2 (5 s) each. Requests/s, p99, tps.
 * 4. The same read with If-None-Match (what a CDN or a browser revalidating sends): 304s/s, in turns with its ceiling,
 *    a bare node:http server answering the same 304 (Pavilion's 304 costs the request's overhead and one version check
 *    that concurrent reads share, no document).
 * 5. Open loop (autocannon overallRate) at half the goal's rate (10 % of pgbench -S), then at half the read's own
 *    measured rate: p99.
 * Goals: the read ≥ 20 % of pgbench -S; p99 ≤ 20 ms at half that rate.
 * Run: npm run bench:public-read   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { checkBaseline, loadAverage } from './baseline.ts';
import { bareNotModifiedServer } from './ceilings.ts';
import { cpuMs, postJson, startPavilion } from './lib.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 40);
const CONNECTIONS = 50;

async function run(opts: autocannon.Options) {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, statuses: r.statusCodeStats };
}

async function main() {
  console.log(`load average at start: ${loadAverage()}`);
  const database = await scratchDatabase();
  const url = database.url;
  const app = await startPavilion(3980, { DATABASE_URL: url, JWT_SECRET: 'bench-secret-that-is-at-least-32-characters' });
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await postJson(`${app.url}${path}`, body, headers);
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: Record<string, unknown> }).data;
    };
    const signup = await post('/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'read@example.com', password: 'Bench#Secure26', confirmPassword: 'Bench#Secure26', organisationName: 'Bench' });
    const auth = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await post('/api/eventservices/events', { name: 'Read bench', startDate: '2027-01-01', endDate: '2027-01-02', timeZone: 'UTC', venue: 'Hall 1', eventMode: 1, eventType: 1 }, auth)).id as string;
    const ga = (await post(`/api/eventservices/events/${eventId}/tickets`, { name: 'General admission', currency: 'EUR', isFree: true, description: 'Entry to all halls on both days.' }, auth)).id as string;
    const day = (await post(`/api/eventservices/events/${eventId}/tickets`, { name: 'Day pass', currency: 'EUR', isFree: true }, auth)).id as string;
    await post(`/api/eventservices/events/${eventId}/tickets`, { name: 'Unlimited', currency: 'EUR', isFree: true }, auth);
    await post(`/api/eventservices/events/${eventId}/quotas`, { name: 'Halls', capacity: 500, ticketIds: [ga, day] }, auth);
    await post(`/api/eventservices/events/${eventId}/forms`, { name: 'Visitor form', ticketIds: [], fields: [{ key: 'company', label: 'Company', type: 'text', required: false }] }, auth).catch((err) => console.log(`(no form: ${(err as Error).message.slice(0, 120)})`));
    for (let i = 0; i < ORDERS; i++) {
      const email = `buyer${i}@example.com`;
      await post(`/api/eventservices/public/events/${eventId}/orders`, { items: [{ ticketId: ga, quantity: 1 }], expectedTotal: 0, currency: 'EUR', buyer: { firstName: 'Buyer', lastName: String(i), email }, attendees: [{ ticketId: ga, firstName: 'Buyer', lastName: String(i), email }] });
    }
    const target = `${app.url}/api/eventservices/public/events/${eventId}/registration`;
    const first = await fetch(target);
    const etag = first.headers.get('etag') ?? '';
    const doc = (await first.json()) as { data: { tickets: { available: number | null }[] } };
    if (first.status !== 200 || !etag) throw new Error(`the read answered ${first.status} without an ETag`);

    await autocannon({ url: target, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, prepared statements
    const init = spawnSync('pgbench', ['-i', '-s', '1', '-q', url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    // pgbench -S on the same server, in the same database, never at the same time as the reads. Reads and pgbench
    // alternate in two halves each, so a change of the machine's load during the run weighs on both sides alike.
    const pgbenchS = (seconds: number) => {
      const bench = spawnSync('pgbench', ['-n', '-S', '-c', String(CONNECTIONS), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' });
      if (bench.status !== 0) throw new Error(`pgbench failed: ${bench.stderr}`);
      return Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? 0);
    };
    const halfSeconds = Math.max(1, Math.round(SECONDS / 2));
    const cpu0 = cpuMs(app.child.pid!);
    const fullA = await run({ url: target, duration: halfSeconds });
    const tpsA = pgbenchS(halfSeconds);
    const cpu1 = cpuMs(app.child.pid!);
    const fullB = await run({ url: target, duration: halfSeconds });
    const cpuPerRead = (cpu1 - cpu0 + cpuMs(app.child.pid!) - cpu1) / ((fullA.rps + fullB.rps) * halfSeconds);
    const tpsB = pgbenchS(halfSeconds);
    const full = { rps: (fullA.rps + fullB.rps) / 2, p50: Math.max(fullA.p50, fullB.p50), p99: Math.max(fullA.p99, fullB.p99), non2xx: fullA.non2xx + fullB.non2xx };
    const tps = (tpsA + tpsB) / 2;
    // The 304's ceiling is a bare node:http server answering the same 304 (per-request overhead only), in turns with
    // Pavilion's 304s as the reads alternate with pgbench.
    const bare = await bareNotModifiedServer(3981, etag);
    const bareA = await run({ url: `${bare.url}/api/eventservices/public/events/${eventId}/registration`, headers: { 'if-none-match': etag }, duration: halfSeconds });
    const revalidateA = await run({ url: target, headers: { 'if-none-match': etag }, duration: halfSeconds });
    const bareB = await run({ url: `${bare.url}/api/eventservices/public/events/${eventId}/registration`, headers: { 'if-none-match': etag }, duration: halfSeconds });
    const revalidateB = await run({ url: target, headers: { 'if-none-match': etag }, duration: halfSeconds });
    bare.close();
    const revalidate = { rps: (revalidateA.rps + revalidateB.rps) / 2, p99: Math.max(revalidateA.p99, revalidateB.p99), statuses: revalidateA.statuses };
    const bare304 = (bareA.rps + bareB.rps) / 2;

    // The goal's rate: half of 20 % of pgbench -S. Then half of what the read reached, a harder one when it beats the goal.
    const goalHalf = Math.max(1, Math.round((0.2 * tps) / 2));
    const open = await run({ url: target, overallRate: goalHalf });
    const half = Math.max(1, Math.round(full.rps / 2));
    const openHalf = await run({ url: target, overallRate: half });
    const ratio = full.rps / tps;
    console.log(`\n| Measure (load average ${loadAverage()}) | Result | Goal |`);
    console.log('|---|---|---|');
    console.log(`| Public registration read, ${CONNECTIONS} connections, 2 × ${halfSeconds} s | ${full.rps.toFixed(0)} req/s (${fullA.rps.toFixed(0)} and ${fullB.rps.toFixed(0)}; p50 ${full.p50} ms, p99 ${full.p99} ms, the worse half; server CPU ${(cpuPerRead * 1000).toFixed(0)} µs a read; non-2xx ${full.non2xx}) | |`);
    console.log(`| The same with If-None-Match (304), 2 × ${halfSeconds} s | ${revalidate.rps.toFixed(0)} req/s (p99 ${revalidate.p99} ms; ${JSON.stringify(revalidate.statuses)}) | |`);
    console.log(`| Bare node:http answering the same 304 (ceiling), 2 × ${halfSeconds} s in turns with it | ${bare304.toFixed(0)} req/s (${bareA.rps.toFixed(0)} and ${bareB.rps.toFixed(0)}); Pavilion's 304s reach ${((revalidate.rps / bare304) * 100).toFixed(1)} % of it | |`);
    console.log(`| pgbench -S, ${CONNECTIONS} clients, same server (ceiling), 2 × ${halfSeconds} s between the reads' halves | ${tps.toFixed(0)} tps (${tpsA.toFixed(0)} and ${tpsB.toFixed(0)}) | |`);
    console.log(`| Ratio | ${(ratio * 100).toFixed(1)} % | ≥ 20 % ${ratio >= 0.2 ? '✓' : '✗'} |`);
    console.log(`| Open loop at half the goal's rate (10 % of pgbench -S: ${goalHalf} req/s) | ${open.rps.toFixed(0)} req/s answered; p50 ${open.p50} ms, p99 ${open.p99} ms | p99 ≤ 20 ms ${open.p99 <= 20 ? '✓' : '✗'} |`);
    console.log(`| Open loop at half the read's own rate (${half} req/s) | ${openHalf.rps.toFixed(0)} req/s answered; p50 ${openHalf.p50} ms, p99 ${openHalf.p99} ms | |`);
    console.log(`| Document | ${doc.data.tickets.length} tickets, ${first.headers.get('content-length') ?? '?'} bytes, ${first.headers.get('cache-control')}; ${first.headers.get('cdn-cache-control')} | |`);
    if (full.non2xx > 0 || revalidate.statuses?.['304'] === undefined) {
      console.error('BENCH FAILED (public-read): the read answered errors, or no 304 to If-None-Match');
      process.exitCode = 1;
    }
    checkBaseline('public-read', {
      readToPgbenchS: { value: ratio, better: 'higher', unit: '(read req/s ÷ pgbench -S tps)' },
      // A 304 is mostly per-request overhead: its ceiling is the bare server's 304, not pgbench (0.58–0.91 of it by run).
      revalidateToBare304: { value: revalidate.rps / bare304, better: 'higher', unit: "(304 req/s ÷ bare node:http's 304 req/s)" },
    });
  } finally {
    await app.stop();
    await database.drop();
  }
}

runBench(main);
