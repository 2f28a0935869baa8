/**
 * bench/leads: lead scans per second from 100 simulated exhibitor phones, beside the bare node:http ceiling.
 *
 * 1. Starts Pavilion as `npm start` runs it (the built bundle) on a fresh database of DATABASE_URL's server.
 * 2. One event with BENCH_ATTENDEES approved, paid registrations (inserted directly: this measures leads, not
 *    checkout); their credentials issued (one check-in device snapshot issues them all, as at a real event);
 *    10 exhibiting companies with 10 staff each (accounts and participations inserted directly, the staff lists
 *    saved through the organiser API); each staff phone signs in through the event login (POST /api/auth/login with
 *    the eventId) and gets its bearer and event access token, as the app's ei/{eventId} does.
 * 2b. Warm-up: each phone scans BENCH_WARMUP_SCANS_PER_PHONE (10) badges kept for it, unmeasured.
 * 3. Closed loop: each phone POSTs /api/eventservices/events/:eventId/booth/leads/scans BENCH_SCANS_PER_PHONE
 *    times back to back: its own badges, and every tenth scan resends the previous scan's nonce (a phone retrying
 *    after a lost answer). Rate = scans / wall time; latency percentiles of all scans.
 * 4. Ceiling: the same loop (same client, same bodies, half the scans) against a bare node:http server that parses
 *    each body and answers with a real scan answer, just before and just after the measured loop.
 * 4b. Open loop: BENCH_OPEN_RATE scans/s (default 500, the goal's rate) offered for BENCH_OPEN_SECONDS (10) across
 *    the phones on schedule, whether or not earlier scans have answered (every tenth again a resent nonce). p99 here
 *    is what a phone sees at that load; the closed loop's p99 is queueing behind 100 back-to-back phones (with 100
 *    clients in a closed loop, p99 ≤ 50 ms needs ≥ 2,000 scans/s by Little's law).
 * 5. Checks: the scan ledger holds one row per distinct nonce (a resent scan counted once); leads = distinct
 *    (company, visitor) pairs.
 * Goals: ≥ 500 scans/s, p99 ≤ 50 ms (at 500 scans/s offered).
 * Run: npm run bench:leads   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import pg from 'pg';
import { checkBaseline, loadAverage } from './baseline.ts';
import { bareJsonServer } from './ceilings.ts';
import { cpuMs, postJson, startPavilion } from './lib.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 10_000);
const PHONES = Number(process.env.BENCH_PHONES ?? 100);
const COMPANIES = 10;
const WARMUP = Number(process.env.BENCH_WARMUP_SCANS_PER_PHONE ?? 10);
const SCANS_PER_PHONE = Number(process.env.BENCH_SCANS_PER_PHONE ?? 60);
const PASSWORD = 'Bench#Secure26';
/** Open-loop phase: a fixed arrival rate over all phones (real staff scan every few seconds, not back to back). */
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 500);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ScanAnswer = { status: number; body: { data?: { isNew: boolean }; code?: string } };

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function main() {
  const database = await scratchDatabase();
  const url = new URL(database.url);
  // TRUST_PROXY: each simulated phone signs in from its own (forwarded) address; logins are rate limited per IP.
  const app = await startPavilion(3980, { DATABASE_URL: url.toString(), JWT_SECRET: 'bench-secret-that-is-at-least-32-characters', TRUST_PROXY: 'true' });
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await db.connect();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${app.url}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
      const json = (await res.json()) as { data: Record<string, unknown> & { [k: string]: unknown }; code?: string };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const signup = await call('POST', '/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'leadhost@example.com', password: PASSWORD, confirmPassword: PASSWORD, organisationName: 'Bench' });
    const auth = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await call('POST', '/api/eventservices/events', { name: 'Lead bench', startDate: '2027-01-01', endDate: '2027-01-02', timeZone: 'UTC', eventMode: 1, eventType: 1 }, auth)).id as string;
    const ticketId = (await call('POST', `/api/eventservices/events/${eventId}/tickets`, { name: 'GA', currency: 'EUR', isFree: true }, auth)).id as string;
    const org = (await db.query('select organisation_id from events where id = $1', [eventId])).rows[0].organisation_id as string;
    await db.query(
      `insert into orders (id, organisation_id, event_id, registration_no, status, payment_status, currency, subtotal, discount, tax, total, lines, buyer_first_name, buyer_email, paid_at)
       select 'o' || g, $1, $2, 'L' || lpad(g::text, 6, '0'), 'paid', 'not_required', 'EUR', 0, 0, 0, 0, '[]', 'Visitor', 'v' || g || '@example.com', now() from generate_series(1, $3) g`,
      [org, eventId, ATTENDEES],
    );
    await db.query(
      `insert into registrations (id, organisation_id, event_id, order_id, ticket_id, first_name, last_name, email, answers, approval_status)
       select 'r' || g, $1, $2, 'o' || g, $3, 'Visitor', g::text, 'v' || g || '@example.com', '{}', 'approved' from generate_series(1, $4) g`,
      [org, eventId, ticketId, ATTENDEES],
    );
    // Credentials: a check-in device's snapshot issues every one; then the QR strings are read back.
    const H = '/api/hospitalityservices/api';
    const areaId = (await call('POST', `${H}/events/${eventId}/areas`, { name: 'Gate', kind: 'gate' }, auth)).id as string;
    const device = await call('POST', `${H}/events/${eventId}/devices`, { name: 'Issuer', kind: 'scanner', areaIds: [areaId] }, auth);
    const paired = await call('POST', `${H}/devices/pair`, { code: device.code }, { 'x-forwarded-for': '10.9.0.1' });
    await call('GET', `${H}/device/snapshot`, undefined, { authorization: `Bearer ${paired.deviceToken as string}` });
    const creds = (await db.query('select token from credentials where event_id = $1 order by registration_id', [eventId])).rows.map((r) => r.token as string);

    // Staff: accounts (the host's password hash, so they can sign in) and participations, straight into the tables.
    await db.query(
      `insert into users (id, email, password_hash, first_name, last_name, user_type, role)
       select 'su' || g, 'staff' || g || '@example.com', (select password_hash from users where email = 'leadhost@example.com'), 'Staff', g::text, 7, 'Exhibitor' from generate_series(1, $1) g`,
      [PHONES],
    );
    await db.query(`insert into event_users (id, organisation_id, event_id, user_id, user_type) select 'eu' || g, $1, $2, 'su' || g, 7 from generate_series(1, $3) g`, [org, eventId, PHONES]);
    const companyIds: string[] = [];
    for (let c = 0; c < COMPANIES; c++) {
      const id = (await call('POST', `/api/eventservices/events/${eventId}/exhibition/companies`, { name: `Company ${c + 1}` }, auth)).id as string;
      companyIds.push(id);
      const emails = Array.from({ length: PHONES }, (_, g) => g).filter((g) => g % COMPANIES === c).map((g) => `staff${g + 1}@example.com`);
      await call('PUT', `/api/eventservices/events/${eventId}/exhibition/companies/${id}/staff`, { emails }, auth);
    }
    const phones: Record<string, string>[] = [];
    for (let g = 0; g < PHONES; g++) {
      const rec = await call('POST', '/api/auth/login', { identifier: `staff${g + 1}@example.com`, password: PASSWORD, eventId }, { 'x-forwarded-for': `10.8.${g}.1` });
      phones.push({ authorization: `Bearer ${rec.accessToken as string}`, 'x-user-access-token': (rec.eventData as { accessCodeToken: string }).accessCodeToken });
    }
    const scanUrl = (base: string) => `${base}/api/eventservices/events/${eventId}/booth/leads/scans`;
    const scan = (base: string, headers: Record<string, string>, body: unknown) => postJson(scanUrl(base), body, headers) as Promise<ScanAnswer>;
    let nonceSeq = 0;
    const nonce = () => `bench${(nonceSeq++).toString(36).padStart(8, '0')}`;

    // ---- warm-up: badges from the end of the list, used nowhere else.
    let sample: unknown = null;
    await Promise.all(
      phones.map(async (headers, g) => {
        for (let i = 0; i < WARMUP; i++) sample = (await scan(app.url, headers, { credential: creds[creds.length - 1 - (g * WARMUP + i)], nonce: nonce() })).body;
      }),
    );

    // The phone's i-th badge: phones spread over the list so each company meets many visitors.
    const badge = (g: number, i: number) => creds[(i * PHONES + g) % (creds.length - PHONES * WARMUP)]!;
    const bareCeiling = async () => {
      const bare = await bareJsonServer(3985, sample);
      const tb = performance.now();
      const n = Math.ceil(SCANS_PER_PHONE / 2);
      await Promise.all(
        phones.map(async (headers, g) => {
          for (let i = 0; i < n; i++) await scan(bare.url, headers, { credential: badge(g, i), nonce: nonce() });
        }),
      );
      bare.close();
      return (PHONES * n) / ((performance.now() - tb) / 1000);
    };
    const bareBefore = await bareCeiling();

    // ---- closed loop: 100 phones, back to back; every tenth scan resends the previous nonce.
    const latencies: number[] = [];
    const results: Record<string, number> = {};
    const sent = new Set<string>();
    const cpu0 = cpuMs(app.child.pid!);
    const t0 = performance.now();
    await Promise.all(
      phones.map(async (headers, g) => {
        let last: { credential: string; nonce: string } | null = null;
        for (let i = 0; i < SCANS_PER_PHONE; i++) {
          const body: { credential: string; nonce: string } = i % 10 === 9 && last ? last : { credential: badge(g, i), nonce: nonce() };
          last = body;
          sent.add(`${g}:${body.nonce}`);
          const started = performance.now();
          const { status, body: answer } = await scan(app.url, headers, body);
          latencies.push(performance.now() - started);
          const key = status === 201 ? (answer.data!.isNew ? 'new lead' : 'known lead') : `HTTP ${status} ${answer.code}`;
          results[key] = (results[key] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = cpuMs(app.child.pid!) - cpu0;
    latencies.sort((a, b) => a - b);
    const bareAfter = await bareCeiling();
    const bareRate = (bareBefore + bareAfter) / 2;

    // ---- open loop: each phone fires on its schedule whether or not earlier scans have answered, on badges after
    // those of the closed loop (wrapping round: a visitor met again is a real scan too).
    const openLatencies: number[] = [];
    const openResults: Record<string, number> = {};
    const interval = (1000 * PHONES) / OPEN_RATE;
    const openStart = performance.now() + 100;
    await Promise.all(
      phones.map(async (headers, g) => {
        const inflight: Promise<void>[] = [];
        let last: { credential: string; nonce: string } | null = null;
        for (let i = 0; i < Math.floor((OPEN_SECONDS * 1000) / interval); i++) {
          const wait = openStart + (g / PHONES) * interval + i * interval - performance.now();
          if (wait > 0) await sleep(wait);
          const body: { credential: string; nonce: string } = i % 10 === 9 && last ? last : { credential: badge(g, SCANS_PER_PHONE + i), nonce: nonce() };
          last = body;
          sent.add(`${g}:${body.nonce}`);
          inflight.push(
            (async () => {
              const started = performance.now();
              const { status, body: answer } = await scan(app.url, headers, body);
              openLatencies.push(performance.now() - started);
              const key = status === 201 ? (answer.data!.isNew ? 'new lead' : 'known lead') : `HTTP ${status} ${answer.code}`;
              openResults[key] = (openResults[key] ?? 0) + 1;
            })(),
          );
        }
        await Promise.all(inflight);
      }),
    );
    const openSeconds = (performance.now() - openStart) / 1000;
    openLatencies.sort((a, b) => a - b);
    const openP99 = pct(openLatencies, 99);

    const ledger = Number((await db.query('select count(*) as n from lead_scans where event_id = $1', [eventId])).rows[0].n);
    const expectedLedger = sent.size + PHONES * WARMUP;
    const total = latencies.length;
    const rate = total / seconds;
    const p99 = pct(latencies, 99);
    console.log(`| Measure (load average ${loadAverage()}) | Result | Goal |`);
    console.log('|---|---|---|');
    console.log(`| Lead scans, ${PHONES} staff phones of ${COMPANIES} companies (bearer + event access token each) | ${rate.toFixed(0)} scans/s (${total} scans in ${seconds.toFixed(2)} s; server CPU ${((1000 * serverCpu) / total).toFixed(0)} µs a scan) | ≥ 500 ${rate >= 500 ? '✓' : '✗'} |`);
    console.log(`| Ceiling: the same loop against a bare node:http server, just before and just after | ${bareRate.toFixed(0)} req/s (${bareBefore.toFixed(0)} and ${bareAfter.toFixed(0)}); Pavilion reaches ${((100 * rate) / bareRate).toFixed(1)} % of it | |`);
    console.log(`| Latency p50 / p95 / p99 | ${pct(latencies, 50).toFixed(1)} / ${pct(latencies, 95).toFixed(1)} / ${p99.toFixed(1)} ms | p99 ≤ 50 ms ${p99 <= 50 ? '✓' : '✗'} |`);
    console.log(
      `| Open loop: ${OPEN_RATE} scans/s offered for ${OPEN_SECONDS} s over ${PHONES} phones | ${(openLatencies.length / openSeconds).toFixed(0)} scans/s answered; p50 / p95 / p99 ${pct(openLatencies, 50).toFixed(1)} / ${pct(openLatencies, 95).toFixed(1)} / ${openP99.toFixed(1)} ms; ${JSON.stringify(openResults)} | p99 ≤ 50 ms ${openP99 <= 50 ? '✓' : '✗'} |`,
    );
    console.log(`| Scan ledger rows (one per distinct nonce) | ${ledger} of ${expectedLedger} expected | equal ${ledger === expectedLedger ? '✓' : '✗'} |`);
    console.log(`| Results | ${JSON.stringify(results)} | |`);
    if (ledger !== expectedLedger || [...Object.keys(results), ...Object.keys(openResults)].some((k) => k.startsWith('HTTP'))) {
      console.error(`BENCH FAILED (leads): ledger ${ledger} vs ${expectedLedger}, results ${JSON.stringify(results)}, open loop ${JSON.stringify(openResults)}`);
      process.exitCode = 1;
    }
    checkBaseline('leads', {
      scansToBareHttp: { value: rate / bareRate, better: 'higher', unit: '(closed-loop lead scans/s ÷ bare node:http req/s)' },
    });
  } finally {
    await db.end().catch(() => {});
    await app.stop();
    await database.drop();
  }
}

runBench(main);
