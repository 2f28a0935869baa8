/**
 * bench/checkin: online scans per second from 100 simulated gates, and the time to sync a 10,000-scan offline batch.
 *
 * 1. Starts Pavilion as `npm start` runs it (the built bundle) on a fresh database of DATABASE_URL's server.
 * 2. One event with BENCH_ATTENDEES approved, paid registrations (inserted directly: this measures check-in, not
 *    checkout), 10 areas, 100 devices (10 gates per area), each paired with its own one-time code and token.
 * 2b. Warm-up: each gate scans BENCH_WARMUP_SCANS_PER_GATE (20) badges kept for it, unmeasured, as a server that
 *    has been open for a minute would be (JIT-compiled code, statements prepared on each pooled connection).
 * 3. Each gate loops POST /api/hospitalityservices/api/device/scans for BENCH_SCANS_PER_GATE scans: its own share
 *    of the credentials, and every fourth scan gates 2k and 2k+1 of an area scan the same badge at the same step
 *    (two gates, one badge, about the same instant). Rate = scans / wall time; latency percentiles of all scans.
 * 4. Double admissions: (area, registration) pairs admitted more than once while no exit was scanned. Must be 0.
 * 5. A 101st device uploads one offline batch of 10,000 scans (POST device/sync); the wall time is reported, then
 *    the same batch again (every scan a duplicate).
 * 4b. Open loop: BENCH_OPEN_RATE scans/s (default 1000, the goal's rate) offered for BENCH_OPEN_SECONDS (10) across the gates on schedule,
 *    on badges not used before; p99 here is the latency a gate sees at that load, not queueing behind back-to-back scans.
 * Goals: ≥ 1,000 scans/s, p99 ≤ 50 ms, 0 double admissions.
 * Run: npm run bench:checkin   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { checkBaseline, loadAverage } from './baseline.ts';
import { bareJsonServer } from './ceilings.ts';
import { cpuMs, postJson, startPavilion } from './lib.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 14_000);
/** Scans per gate before the measured phases, on badges kept for it (JIT, connection-level prepared statements, caches). */
const WARMUP = Number(process.env.BENCH_WARMUP_SCANS_PER_GATE ?? 20);
const GATES = Number(process.env.BENCH_GATES ?? 100);
const AREAS = 10;
const SCANS_PER_GATE = Number(process.env.BENCH_SCANS_PER_GATE ?? 150);
const OFFLINE = 10_000;
/** Open-loop phase: a fixed arrival rate over all gates (real gates scan every few seconds, not back to back). */
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 1000);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const API = '/api/hospitalityservices/api';

type ScanAnswer = { status: number; body: { data?: { result: string }; code?: string } };
const scan = (base: string, token: string, body: unknown) => postJson(`${base}${API}/device/scans`, body, { authorization: `Bearer ${token}` }) as Promise<ScanAnswer>;

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function main() {
  const database = await scratchDatabase();
  const url = new URL(database.url);
  // TRUST_PROXY: each simulated gate pairs from its own (forwarded) address, as real gates would; the pairing call is rate limited per IP.
  const app = await startPavilion(3970, { DATABASE_URL: url.toString(), JWT_SECRET: 'bench-secret-that-is-at-least-32-characters', TRUST_PROXY: 'true' });
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await db.connect();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${app.url}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
      const json = (await res.json()) as { data: Record<string, unknown> & { [k: string]: unknown }; code?: string };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const signup = await call('POST', '/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'gate@example.com', password: 'Bench#Secure26', confirmPassword: 'Bench#Secure26', organisationName: 'Bench' });
    const auth = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await call('POST', '/api/eventservices/events', { name: 'Gate bench', startDate: '2027-01-01', endDate: '2027-01-02', timeZone: 'UTC', eventMode: 1, eventType: 1 }, auth)).id as string;
    const ticketId = (await call('POST', `/api/eventservices/events/${eventId}/tickets`, { name: 'GA', currency: 'EUR', isFree: true }, auth)).id as string;
    const org = (await db.query('select organisation_id from events where id = $1', [eventId])).rows[0].organisation_id as string;
    // Approved, paid (free) registrations, one order each, straight into the tables.
    await db.query(
      `insert into orders (id, organisation_id, event_id, registration_no, status, payment_status, currency, subtotal, discount, tax, total, lines, buyer_first_name, buyer_email, paid_at)
       select 'o' || g, $1, $2, 'B' || lpad(g::text, 6, '0'), 'paid', 'not_required', 'EUR', 0, 0, 0, 0, '[]', 'Gate', 'g' || g || '@example.com', now() from generate_series(1, $3) g`,
      [org, eventId, ATTENDEES],
    );
    await db.query(
      `insert into registrations (id, organisation_id, event_id, order_id, ticket_id, first_name, last_name, email, answers, approval_status)
       select 'r' || g, $1, $2, 'o' || g, $3, 'Guest', g::text, 'g' || g || '@example.com', '{}', 'approved' from generate_series(1, $4) g`,
      [org, eventId, ticketId, ATTENDEES],
    );
    const areaIds: string[] = [];
    for (let a = 0; a < AREAS; a++) areaIds.push((await call('POST', `${API}/events/${eventId}/areas`, { name: `Hall ${a + 1}`, kind: a === 0 ? 'gate' : 'hall' }, auth)).id as string);
    const gates: { token: string; areaId: string }[] = [];
    for (let g = 0; g <= GATES; g++) {
      const areaId = areaIds[g % AREAS]!;
      const created = await call('POST', `${API}/events/${eventId}/devices`, { name: `Gate ${g + 1}`, kind: 'scanner', areaIds: g === GATES ? areaIds : [areaId] }, auth);
      const paired = await call('POST', `${API}/devices/pair`, { code: created.code }, { 'x-forwarded-for': `10.1.${g}.1` });
      gates.push({ token: paired.deviceToken as string, areaId });
    }
    const offlineDevice = gates.pop()!;
    // Issues every credential (the device snapshot does), then reads the QR strings back for the simulated badges.
    const t0s = performance.now();
    const snapshot = await call('GET', `${API}/device/snapshot`, undefined, { authorization: `Bearer ${offlineDevice.token}` });
    const snapshotMs = performance.now() - t0s;
    const creds = (await db.query('select token from credentials where event_id = $1 order by registration_id', [eventId])).rows.map((r) => r.token as string);

    // ---- warm-up: every gate scans WARMUP badges from the end of the list (used nowhere else), not measured
    const warmupBadges = Math.min(GATES * WARMUP, Math.floor(creds.length / 4));
    let sample: unknown = null; // one real scan answer, for the ceiling's bare server
    await Promise.all(
      gates.map(async (gate, g) => {
        for (let i = 0; i < WARMUP; i++) {
          const k = g * WARMUP + i;
          if (k < warmupBadges) sample = (await scan(app.url, gate.token, { credential: creds[creds.length - 1 - k], areaId: gate.areaId, direction: 'in' })).body;
        }
      }),
    );

    const perArea = GATES / AREAS;
    // ---- ceiling: the same closed loop (same client, same request bodies, half the scans) against a bare node:http
    // server in its own process that parses each body and answers with a real scan answer, just before and just after
    // the measured loop: what this machine allowed around that moment.
    const bareCeiling = async () => {
      const bare = await bareJsonServer(3975, sample);
      const tb = performance.now();
      const n = Math.ceil(SCANS_PER_GATE / 2);
      await Promise.all(
        gates.map(async (gate, g) => {
          for (let i = 0; i < n; i++) await scan(bare.url, gate.token, { credential: creds[(i * perArea + g) % creds.length], areaId: gate.areaId, direction: 'in' });
        }),
      );
      bare.close();
      return (GATES * n) / ((performance.now() - tb) / 1000);
    };
    const bareBefore = await bareCeiling();

    // ---- online: 100 gates
    const latencies: number[] = [];
    const results: Record<string, number> = {};
    const cpu0 = cpuMs(app.child.pid!);
    const t0 = performance.now();
    const mono0 = process.hrtime.bigint() / 1000n; // µs on the monotonic clock a --cpu-prof profile's timestamps use
    await Promise.all(
      gates.map(async (gate, g) => {
        const j = Math.floor(g / AREAS); // this gate's index among its area's gates
        for (let i = 0; i < SCANS_PER_GATE; i++) {
          const mine = (i * perArea + j) % creds.length;
          // Every fourth scan, gates 2k and 2k+1 of an area scan the same badge at the same step.
          const idx = i % 4 === 3 ? (i * perArea + (j & ~1)) % creds.length : mine;
          const started = performance.now();
          const { status, body } = await scan(app.url, gate.token, { credential: creds[idx], areaId: gate.areaId, direction: 'in' });
          latencies.push(performance.now() - started);
          const key = status === 200 ? body.data!.result : `HTTP ${status} ${body.code}`;
          results[key] = (results[key] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = cpuMs(app.child.pid!) - cpu0;
    if (process.env.BENCH_NODE_ARGS?.includes('--cpu-prof')) console.log(`closed loop, monotonic µs (to cut the server's CPU profile): ${mono0} ${process.hrtime.bigint() / 1000n}`);
    latencies.sort((a, b) => a - b);

    const bareAfter = await bareCeiling();
    const bareRate = (bareBefore + bareAfter) / 2;

    // ---- open loop: each gate fires on its schedule whether or not earlier scans have answered, on badges the
    // closed loop did not use, so the latency is what a gate sees at that offered load.
    const openLatencies: number[] = [];
    const openErrors: Record<string, number> = {};
    const interval = (1000 * GATES) / OPEN_RATE;
    const firstFresh = Math.min(creds.length - 1, SCANS_PER_GATE * perArea + 1);
    const openStart = performance.now() + 100;
    await Promise.all(
      gates.map(async (gate, g) => {
        const inflight: Promise<void>[] = [];
        for (let i = 0; i < Math.floor((OPEN_SECONDS * 1000) / interval); i++) {
          const wait = openStart + (g / GATES) * interval + i * interval - performance.now();
          if (wait > 0) await sleep(wait);
          const idx = firstFresh + ((i * GATES + g) % (creds.length - warmupBadges - firstFresh));
          inflight.push(
            (async () => {
              const started = performance.now();
              const { status, body } = await scan(app.url, gate.token, { credential: creds[idx], areaId: gate.areaId, direction: 'in' });
              openLatencies.push(performance.now() - started);
              if (status !== 200) openErrors[`HTTP ${status} ${body.code}`] = (openErrors[`HTTP ${status} ${body.code}`] ?? 0) + 1;
            })(),
          );
        }
        await Promise.all(inflight);
      }),
    );
    const openSeconds = (performance.now() - openStart) / 1000;
    openLatencies.sort((a, b) => a - b);
    const total = latencies.length;
    const doubles = Number(
      (
        await db.query(
          `select count(*) as n from (select area_id, registration_id from checkin_scans where event_id = $1 and result = 'admitted' group by 1, 2 having count(*) > 1) x`,
          [eventId],
        )
      ).rows[0].n,
    );

    // ---- offline: one 10,000-scan batch (in then out, so every scan changes presence), then the replay
    const base = Date.now() - 3_600_000;
    const batch = Array.from({ length: OFFLINE }, (_, k) => {
      const reg = Math.floor(k / 2) % creds.length;
      return {
        nonce: randomUUID(),
        deviceTime: new Date(base + k * 100).toISOString(),
        credential: creds[(reg + 7) % creds.length],
        areaId: areaIds[(reg % (AREAS - 1)) + 1],
        direction: k % 2 ? 'out' : 'in',
        localResult: k % 2 ? 'exited' : 'admitted',
      };
    });
    const headers = { authorization: `Bearer ${offlineDevice.token}` };
    const t1 = performance.now();
    const sync = await call('POST', `${API}/device/sync`, { scans: batch }, headers);
    const syncMs = performance.now() - t1;
    const t2 = performance.now();
    const replay = await call('POST', `${API}/device/sync`, { scans: batch }, headers);
    const replayMs = performance.now() - t2;

    const rate = total / seconds;
    const p99 = pct(latencies, 99);
    console.log(`| Measure (load average ${loadAverage()}) | Result | Goal |`);
    console.log('|---|---|---|');
    console.log(`| Online scans, ${GATES} gates (own device token each), ${AREAS} areas | ${rate.toFixed(0)} scans/s (${total} scans in ${seconds.toFixed(2)} s; server CPU ${((1000 * serverCpu) / total).toFixed(0)} µs a scan) | ≥ 1,000 ${rate >= 1000 ? '✓' : '✗'} |`);
    console.log(`| Ceiling: the same loop against a bare node:http server, just before and just after | ${bareRate.toFixed(0)} req/s (${bareBefore.toFixed(0)} and ${bareAfter.toFixed(0)}); Pavilion reaches ${((100 * rate) / bareRate).toFixed(1)} % of it | |`);
    console.log(`| Latency p50 / p95 / p99 | ${pct(latencies, 50).toFixed(1)} / ${pct(latencies, 95).toFixed(1)} / ${p99.toFixed(1)} ms | p99 ≤ 50 ms ${p99 <= 50 ? '✓' : '✗'} |`);
    const openP99 = pct(openLatencies, 99);
    console.log(
      `| Open loop: ${OPEN_RATE} scans/s offered for ${OPEN_SECONDS} s over ${GATES} gates | ${(openLatencies.length / openSeconds).toFixed(0)} scans/s answered; p50 / p95 / p99 ${pct(openLatencies, 50).toFixed(1)} / ${pct(openLatencies, 95).toFixed(1)} / ${openP99.toFixed(1)} ms${Object.keys(openErrors).length ? `; errors ${JSON.stringify(openErrors)}` : ''} | p99 ≤ 50 ms ${openP99 <= 50 ? '✓' : '✗'} |`,
    );
    console.log(`| Double admissions | ${doubles} | 0 ${doubles === 0 ? '✓' : '✗'} |`);
    console.log(`| Results | ${JSON.stringify(results)} | |`);
    console.log(`| Offline sync, ${OFFLINE} scans in one batch | ${(syncMs / 1000).toFixed(2)} s (server ${sync.ms} ms; applied ${sync.applied}, conflicts ${sync.conflicts}) | |`);
    console.log(`| Same batch replayed | ${(replayMs / 1000).toFixed(2)} s (applied ${replay.applied}, duplicates ${replay.duplicates}) | 0 applied ${replay.applied === 0 ? '✓' : '✗'} |`);
    console.log(`| Full device snapshot, ${ATTENDEES} credentials (first call issues them) | ${(snapshotMs / 1000).toFixed(2)} s, ${(snapshot.credentials as unknown[]).length} credentials | |`);
    if (doubles !== 0 || replay.applied !== 0) {
      console.error(`BENCH FAILED (checkin): ${doubles} double admissions, ${replay.applied} replayed scans applied`);
      process.exitCode = 1;
    }
    checkBaseline('checkin', {
      scansToBareHttp: { value: rate / bareRate, better: 'higher', unit: '(closed-loop scans/s ÷ bare node:http req/s)' },
    });
  } finally {
    await db.end().catch(() => {});
    await app.stop();
    await database.drop();
  }
}

runBench(main);
