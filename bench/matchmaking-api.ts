/**
 * bench/matchmaking-api: the matchmaking top-20 API end to end (GET /api/eventservices/events/{id}/matchmaking/matches,
 * issue 18) for an event of 20,000 participants with matchmaking profiles, beside `pgbench -S` on the same Postgres
 * server, same run (bench/matchmaking measures the pure ranking; this one adds the server: auth and event access,
 * the cached match index with its per-call stamp read, the names of the 20, JSON).
 *
 * 1. Creates a scratch database on DATABASE_URL's server and starts Pavilion on it (the built bundle, as npm start).
 * 2. The organiser and the event through the API; BENCH_PARTICIPANTS (20,000) attendee accounts, participations and
 *    matchmaking profiles in bulk, straight into Postgres (generate_series): 10 interests each from a vocabulary of
 *    300, 0–10 "looking for" and 0–10 "offering" tags each from 150 (some in capitals), a company.
 * 3. BENCH_CALLERS (100) of them sign in through the event login (bearer + event access token, as the app's
 *    ei/{eventId}); each request of the run is the next caller's own top 20.
 * 4. Warm-up (2 s: the first call builds the event's match index), then autocannon with 50 connections and
 *    `pgbench -S -c 50 -j 2` in turns (bench/read-vs-pgbench.ts), BENCH_SECONDS / 2 (5 s) each. p50, p99, req/s, tps.
 * Goal: p99 ≤ 250 ms at 50 connections. Checked against bench/baseline.json: the ratio req/s ÷ pgbench -S tps.
 * Run: npm run bench:matchmaking-api   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; builds the server first)
 */
import pg from 'pg';
import { checkBaseline, loadAverage } from './baseline.ts';
import { startPavilion } from './lib.ts';
import { readVsPgbenchRows, readVsPgbenchS } from './read-vs-pgbench.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const N = Number(process.env.BENCH_PARTICIPANTS ?? 20_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 100);
const CONNECTIONS = 50;
const GOAL_P99_MS = 250;
const PASSWORD = 'Bench#Secure26';

async function main() {
  console.log(`load average at start: ${loadAverage()}`);
  const database = await scratchDatabase();
  const url = database.url;
  // TRUST_PROXY: each caller signs in from its own (forwarded) address; logins are rate limited per IP.
  const app = await startPavilion(3982, { DATABASE_URL: url, JWT_SECRET: 'bench-secret-that-is-at-least-32-characters', TRUST_PROXY: 'true' });
  const db = new pg.Client({ connectionString: url });
  try {
    await db.connect();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${app.url}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
      const json = (await res.json()) as { data: Record<string, unknown> };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const signup = await call('POST', '/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'matchhost@example.com', password: PASSWORD, confirmPassword: PASSWORD, organisationName: 'Bench' });
    const auth = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await call('POST', '/api/eventservices/events', { name: 'Matchmaking bench', startDate: '2027-01-01', endDate: '2027-01-02', timeZone: 'UTC', eventMode: 1, eventType: 1 }, auth)).id as string;
    const org = (await db.query('select organisation_id from events where id = $1', [eventId])).rows[0].organisation_id as string;

    // 20,000 attendees (the host's password hash, so the callers can sign in), their participations and profiles.
    const t0 = performance.now();
    await db.query(
      `insert into users (id, email, password_hash, first_name, last_name, user_type, role)
       select 'mu' || g, 'match' || g || '@example.com', (select password_hash from users where email = 'matchhost@example.com'), 'Attendee', g::text, 4, 'Attendee' from generate_series(1, $1) g`,
      [N],
    );
    await db.query(`insert into event_users (id, organisation_id, event_id, user_id, user_type) select 'me' || g, $1, $2, 'mu' || g, 4 from generate_series(1, $3) g`, [org, eventId, N]);
    // Interests: 10 distinct of 300 (101·k mod 300 differs for k = 1..10); tags: 0–10 of 150, every other one in capitals.
    await db.query(
      `insert into matchmaking_profiles (event_user_id, organisation_id, event_id, user_id, company, interests, looking_for, offering)
       select 'me' || g, $1, $2, 'mu' || g, 'Company ' || (g % 500),
              (select jsonb_agg('Topic ' || ((g * 37 + k * 101) % 300) || ' ' || (array['energy','software','retail','logistics','health'])[1 + ((g * 37 + k * 101) % 300) % 5]) from generate_series(1, 10) k),
              coalesce((select jsonb_agg(case when (g + k) % 2 = 0 then upper('deal' || ((g * 13 + k * 7) % 150)) else 'deal' || ((g * 13 + k * 7) % 150) end) from generate_series(1, g % 11) k), '[]'::jsonb),
              coalesce((select jsonb_agg('deal' || ((g * 29 + k * 11) % 150)) from generate_series(1, (g * 7) % 11) k), '[]'::jsonb)
       from generate_series(1, $3) g`,
      [org, eventId, N],
    );
    await db.query('analyze');
    const seedSeconds = (performance.now() - t0) / 1000;

    const callers: Record<string, string>[] = [];
    const step = Math.max(1, Math.floor(N / CALLERS));
    for (let i = 0; i < CALLERS; i++) {
      const g = 1 + i * step;
      const rec = await call('POST', '/api/auth/login', { identifier: `match${g}@example.com`, password: PASSWORD, eventId }, { 'x-forwarded-for': `10.9.${i % 250}.${1 + Math.floor(i / 250)}` });
      callers.push({ authorization: `Bearer ${rec.accessToken as string}`, 'x-user-access-token': (rec.eventData as { accessCodeToken: string }).accessCodeToken });
    }

    const target = `${app.url}/api/eventservices/events/${eventId}/matchmaking/matches`;
    const t1 = performance.now();
    const first = await fetch(target, { headers: callers[0] });
    const firstMs = performance.now() - t1;
    const doc = (await first.json()) as { data?: { matches: { score: number }[] } };
    if (first.status !== 200 || doc.data?.matches.length !== 20) throw new Error(`the matches answered ${first.status} with ${doc.data?.matches?.length} matches`);

    const r = await readVsPgbenchS({ target, databaseUrl: url, serverPid: app.child.pid!, seconds: SECONDS, connections: CONNECTIONS, callers });

    console.log(`\n| Measure (load average ${loadAverage()}) | Result |`);
    console.log('|---|---|');
    console.log(`| Seeding in bulk (Postgres) | ${N} participants with profiles in ${seedSeconds.toFixed(1)} s; ${CALLERS} callers signed in |`);
    console.log(`| First call (builds the event's match index) | ${firstMs.toFixed(0)} ms |`);
    for (const row of readVsPgbenchRows('Top 20', r, CONNECTIONS)) console.log(row);
    console.log(`| Goal: p99 ≤ ${GOAL_P99_MS} ms at ${CONNECTIONS} connections | ${r.read.p99 <= GOAL_P99_MS ? '✓' : '✗'} |`);
    if (r.read.non2xx > 0 || r.read.errors > 0) {
      console.error('BENCH FAILED (matchmaking-api): the matches answered errors');
      process.exitCode = 1;
    }
    checkBaseline('matchmaking-api', {
      matchesToPgbenchS: { value: r.ratio, better: 'higher', unit: '(top-20 req/s ÷ pgbench -S tps)' },
    });
  } finally {
    await db.end().catch(() => undefined);
    await app.stop();
    await database.drop();
  }
}

runBench(main);
