/**
 * bench/agenda: the attendee agenda API (GET /api/scheduleservices/api/events/{id}/agenda, the app's `event-agenda`
 * tab) for an event of 1,000 sessions and 400 speakers, beside `pgbench -S` on the same Postgres server, same run
 * (issue 16 "Measured").
 *
 * 1. Creates a scratch database on DATABASE_URL's server and starts Pavilion on it (the built bundle, as npm start).
 * 2. Through the API, as an organiser does: one event over three days, 14 rooms, 8 tracks, BENCH_SPEAKERS (400)
 *    speakers, BENCH_SESSIONS (1,000) sessions of 30 minutes from 08:00 (each with two speakers, never two places at
 *    once), and the Agenda tab shown in the app's menu (it is off in SPEC §2.4's defaults).
 * 3. Warm-up (2 s), then autocannon with 50 connections and `pgbench -S -c 50 -j 2` (pgbench_accounts, scale 1, in
 *    the same database) in turns: agenda, pgbench, agenda, pgbench, BENCH_SECONDS / 2 (5 s) each. Requests/s, p50,
 *    p99, tps; the ratio agenda req/s ÷ pgbench -S tps.
 * Run: npm run bench:agenda   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; builds the server first)
 */
import http from 'node:http';
import { DEFAULT_APP_TABS } from '@pavilion/domain';
import { checkBaseline, loadAverage } from './baseline.ts';
import { postJson, startPavilion } from './lib.ts';
import { readVsPgbenchRows, readVsPgbenchS } from './read-vs-pgbench.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const SPEAKERS = Number(process.env.BENCH_SPEAKERS ?? 400);
const ROOMS = 14;
const TRACKS = 8;
/** 30-minute slots a room has a day (08:00–20:00). */
const SLOTS_A_DAY = 24;
const CONNECTIONS = 50;

/** PUT with a JSON body (lib.ts has POST only). */
function putJson(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const payload = JSON.stringify(body);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ method: 'PUT', hostname: u.hostname, port: u.port, path: u.pathname, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Slot `s` of the programme: day (1–3 March 2027) and time, 30 minutes long. */
function slotTimes(s: number): { start: string; end: string } {
  const day = 1 + Math.floor(s / SLOTS_A_DAY);
  const minutes = 8 * 60 + (s % SLOTS_A_DAY) * 30;
  const at = (m: number) => `2027-03-${pad(day)}T${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  return { start: at(minutes), end: at(minutes + 30) };
}

async function main() {
  if (SESSIONS > ROOMS * SLOTS_A_DAY * 3) throw new Error(`at most ${ROOMS * SLOTS_A_DAY * 3} sessions fit the three days`);
  // A speaker's two sessions are SPEAKERS / 2 sessions apart: at least a room's row, so never at the same time.
  if (SPEAKERS / 2 < ROOMS || SPEAKERS % 2 !== 0) throw new Error(`BENCH_SPEAKERS must be even and at least ${ROOMS * 2}`);
  console.log(`load average at start: ${loadAverage()}`);
  const database = await scratchDatabase();
  const url = database.url;
  const app = await startPavilion(3981, { DATABASE_URL: url, JWT_SECRET: 'bench-secret-that-is-at-least-32-characters' });
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await postJson(`${app.url}${path}`, body, headers);
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: Record<string, unknown> }).data;
    };
    const signup = await post('/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'agenda@example.com', password: 'Bench#Secure26', confirmPassword: 'Bench#Secure26', organisationName: 'Bench' });
    const auth = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await post('/api/eventservices/events', { name: 'Agenda bench', startDate: '2027-03-01', endDate: '2027-03-03', timeZone: 'Europe/Berlin', venue: 'Hall 1', eventMode: 2, eventType: 2 }, auth)).id as string;
    const ev = `/api/scheduleservices/api/events/${eventId}`;

    const t0 = performance.now();
    const rooms: string[] = [];
    for (let i = 0; i < ROOMS; i++) rooms.push((await post(`${ev}/rooms`, { name: `Room ${i + 1}`, capacity: 100 + i * 10 }, auth)).id as string);
    const tracks: string[] = [];
    for (let i = 0; i < TRACKS; i++) tracks.push((await post(`${ev}/tracks`, { name: `Track ${i + 1}`, colour: `#${(0x1e90ff + i * 0x111111).toString(16).slice(-6)}` }, auth)).id as string);
    const speakers: string[] = [];
    for (let i = 0; i < SPEAKERS; i++) {
      speakers.push(
        (await post(`${ev}/speakers`, { name: `Speaker ${i + 1}`, title: 'Engineer', company: `Company ${i % 50}`, bio: `Speaker ${i + 1} works on the energy transition and has spoken at many events. `.repeat(3).trim(), links: [`https://speaker${i + 1}.example`], email: null }, auth)).id as string,
      );
    }
    // Session i: room i mod 14 at slot ⌊i / 14⌋; speakers i and i + 200 (mod 400), whose other sessions are 14 or
    // more slots away, so no speaker is in two places at once (the API would refuse it with 409).
    for (let i = 0; i < SESSIONS; i++) {
      const { start, end } = slotTimes(Math.floor(i / ROOMS));
      await post(
        `${ev}/sessions`,
        {
          title: `Session ${i + 1}: storage, grids and cities`,
          descriptionHtml: '<p>What we learned building it, what failed and what we would do again.</p>',
          sessionType: i % 10 === 9 ? 'panel' : 'talk',
          trackId: tracks[i % TRACKS],
          roomId: rooms[i % ROOMS],
          start,
          end,
          speakerIds: [speakers[i % SPEAKERS]!, speakers[(i + SPEAKERS / 2) % SPEAKERS]!],
          capacity: 100,
          bookingRequired: i % 4 === 0,
        },
        auth,
      );
    }
    // The Agenda tab is off in the spec's defaults: the organiser shows it.
    const tabs = DEFAULT_APP_TABS.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu: showInMenu || tabName === 'event-agenda', loginRequired, menuBanner, ticketIds: [...ticketIds] }));
    const saved = await putJson(`${app.url}/api/eventservices/events/${eventId}/app-tabs`, { tabs }, auth);
    if (saved !== 200) throw new Error(`showing the Agenda tab answered ${saved}`);
    const seedSeconds = (performance.now() - t0) / 1000;

    const target = `${app.url}${ev}/agenda`;
    const first = await fetch(target);
    const body = await first.text();
    const doc = JSON.parse(body) as { data: { sessions: unknown[]; speakers: unknown[] } };
    if (first.status !== 200 || doc.data.sessions.length !== SESSIONS || doc.data.speakers.length !== SPEAKERS) {
      throw new Error(`the agenda answered ${first.status} with ${doc.data?.sessions?.length} sessions and ${doc.data?.speakers?.length} speakers`);
    }

    const r = await readVsPgbenchS({ target, databaseUrl: url, serverPid: app.child.pid!, seconds: SECONDS, connections: CONNECTIONS });

    console.log(`\n| Measure (load average ${loadAverage()}) | Result |`);
    console.log('|---|---|');
    console.log(`| Seeding through the API | ${ROOMS} rooms, ${TRACKS} tracks, ${SPEAKERS} speakers, ${SESSIONS} sessions in ${seedSeconds.toFixed(1)} s |`);
    console.log(`| Agenda document | ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB JSON (${first.headers.get('content-encoding') ?? 'no compression'}) |`);
    for (const row of readVsPgbenchRows('Agenda', r, CONNECTIONS)) console.log(row);
    if (r.read.non2xx > 0 || r.read.errors > 0) {
      console.error('BENCH FAILED (agenda): the agenda answered errors');
      process.exitCode = 1;
    }
    const ratio = r.ratio;
    checkBaseline('agenda', {
      agendaToPgbenchS: { value: ratio, better: 'higher', unit: '(agenda req/s ÷ pgbench -S tps)' },
    });
  } finally {
    await app.stop();
    await database.drop();
  }
}

runBench(main);
