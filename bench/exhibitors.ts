/**
 * bench/exhibitors: the attendee's exhibitor list (GET /api/eventservices/public/events/{id}/exhibitors, the app's
 * Exhibitors tab: the first page of 50, each company with its booths) for an event of 2,000 exhibiting companies, each
 * holding a booth, beside `pgbench -S` on the same Postgres server, same run (issue 15 "Measured").
 *
 * 1. Creates a scratch database on DATABASE_URL's server and starts Pavilion on it (the built bundle, as npm start).
 * 2. Through the API, as an organiser does: one event, BENCH_COMPANIES (2,000) companies imported from one CSV (each
 *    with a category, country, website, email and profile), then a 2 × 2 booth for each on the halls' 40 × 24 grids
 *    (240 a hall), given to it.
 * 3. The read beside pgbench -S (bench/read-vs-pgbench.ts): 50 connections, BENCH_SECONDS (10) in two halves each.
 * Run: npm run bench:exhibitors   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; builds the server first)
 */
import http from 'node:http';
import { DEFAULT_APP_TABS } from '@pavilion/domain';
import { checkBaseline, loadAverage } from './baseline.ts';
import { postJson, startPavilion } from './lib.ts';
import { readVsPgbenchRows, readVsPgbenchS } from './read-vs-pgbench.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2000);
const CONNECTIONS = 50;
const COUNTRIES = ['IN', 'DE', 'FR', 'US', 'JP', 'BR', 'KE', 'AE'];
const CATEGORIES = ['Automation', 'Food', 'Health', 'Energy', 'Textiles', 'Logistics'];
/** 2 × 2 booths on a 40 × 24 grid: 20 columns × 12 rows a hall. */
const BOOTHS_A_ROW = 20;
const BOOTHS_A_HALL = 240;

function send(method: 'PUT', url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const payload = JSON.stringify(body);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ method, hostname: u.hostname, port: u.port, path: u.pathname, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  console.log(`load average at start: ${loadAverage()}`);
  const database = await scratchDatabase();
  const url = database.url;
  const app = await startPavilion(3982, { DATABASE_URL: url, JWT_SECRET: 'bench-secret-that-is-at-least-32-characters' });
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await postJson(`${app.url}${path}`, body, headers);
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: Record<string, unknown> }).data;
    };
    const put = async (path: string, body: unknown, headers: Record<string, string>) => {
      const status = await send('PUT', `${app.url}${path}`, body, headers);
      if (status >= 300) throw new Error(`${path}: ${status}`);
    };
    const signup = await post('/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'exhibitors@example.com', password: 'Bench#Secure26', confirmPassword: 'Bench#Secure26', organisationName: 'Bench' });
    const auth = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await post('/api/eventservices/events', { name: 'Exhibitors bench', startDate: '2027-03-01', endDate: '2027-03-03', timeZone: 'Asia/Kolkata', venue: 'Expo centre', eventMode: 2, eventType: 2 }, auth)).id as string;
    const ex = `/api/eventservices/events/${eventId}/exhibition`;

    const t0 = performance.now();
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const csv = [
      'Company,Category,Country,Website,Email,Profile',
      ...Array.from({ length: COMPANIES }, (_, i) =>
        [`Bench Company ${String(i).padStart(5, '0')}`, CATEGORIES[i % CATEGORIES.length]!, COUNTRIES[i % COUNTRIES.length]!, `https://company-${i}.example`, `sales${i}@company-${i}.example`, `<p>Company ${i} makes <strong>things</strong> for trade visitors.</p>`]
          .map(quote)
          .join(','),
      ),
    ].join('\n');
    const imported = await post(`${ex}/companies/import`, { csv }, auth);
    if (imported.created !== COMPANIES) throw new Error(`the import answered ${JSON.stringify(imported).slice(0, 200)}`);
    const importSeconds = (performance.now() - t0) / 1000;
    const ids: string[] = [];
    for (let page = 1; ids.length < COMPANIES; page++) {
      const res = await fetch(`${app.url}${ex}/companies?page=${page}&pageSize=100`, { headers: auth });
      const items = ((await res.json()) as { data: { items: { id: string }[] } }).data.items;
      if (items.length === 0) break;
      ids.push(...items.map((c) => c.id));
    }
    const t1 = performance.now();
    for (let i = 0; i < ids.length; i++) {
      const cell = i % BOOTHS_A_HALL;
      const booth = await post(
        `${ex}/booths`,
        { hall: `Hall ${1 + Math.floor(i / BOOTHS_A_HALL)}`, number: `B${i + 1}`, sizeSqm: 9, stallType: i % 3 === 0 ? 'raw' : 'shell', price: 1500, x: (cell % BOOTHS_A_ROW) * 2, y: Math.floor(cell / BOOTHS_A_ROW) * 2, w: 2, h: 2 },
        auth,
      );
      await put(`${ex}/booths/${booth.id as string}/holder`, { companyId: ids[i] }, auth);
    }
    const boothSeconds = (performance.now() - t1) / 1000;
    // The Exhibitors tab is shown in the app's menu (its data route follows the tab's rules).
    const tabs = DEFAULT_APP_TABS.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu: showInMenu || tabName === 'exhibitors', loginRequired, menuBanner, ticketIds: [...ticketIds] }));
    await put(`/api/eventservices/events/${eventId}/app-tabs`, { tabs }, auth);

    const target = `${app.url}/api/eventservices/public/events/${eventId}/exhibitors`;
    const first = await fetch(target);
    const body = await first.text();
    const doc = JSON.parse(body) as { data: { items: { booths: unknown[] }[]; total: number } };
    if (first.status !== 200 || doc.data.total !== COMPANIES || doc.data.items.length !== 50 || doc.data.items.some((c) => c.booths.length !== 1)) {
      throw new Error(`the list answered ${first.status} with ${doc.data?.total} companies, ${doc.data?.items?.length} on the page`);
    }

    const r = await readVsPgbenchS({ target, databaseUrl: url, serverPid: app.child.pid!, seconds: SECONDS, connections: CONNECTIONS });
    console.log(`\n| Measure (load average ${loadAverage()}) | Result |`);
    console.log('|---|---|');
    console.log(`| Seeding through the API | ${COMPANIES} companies imported from CSV in ${importSeconds.toFixed(1)} s; ${ids.length} booths placed and given in ${boothSeconds.toFixed(1)} s |`);
    console.log(`| First page | 50 of ${doc.data.total} companies with their booths, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB JSON |`);
    for (const row of readVsPgbenchRows('Exhibitor list', r, CONNECTIONS)) console.log(row);
    if (r.read.non2xx > 0 || r.read.errors > 0) {
      console.error('BENCH FAILED (exhibitors): the list answered errors');
      process.exitCode = 1;
    }
    checkBaseline('exhibitors', { exhibitorsToPgbenchS: { value: r.ratio, better: 'higher', unit: '(exhibitor list req/s ÷ pgbench -S tps)' } });
  } finally {
    await app.stop();
    await database.drop();
  }
}

runBench(main);
