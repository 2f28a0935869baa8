/**
 * bench/lighthouse: the public phone pages as a phone user feels them (issue 12).
 *
 * 1. `npm run build` (prebench:lighthouse), then Pavilion starts as `npm start` runs it (apps/server/dist/main.mjs)
 *    with its default NODE_ENV (development: the demo is on, and it pays on the local test gateway, which production
 *    does not offer) and a fresh embedded PGlite data dir. The static path does not depend on NODE_ENV: the same
 *    precompressed, long-cached assets are served either way (platform/spa.ts).
 * 2. The demo event id comes from the `/ei/<id>` line of the start-up banner. As the demo organiser, the bench adds a
 *    free ticket to that event and registers one attendee through the public order API: the order's attendee id is
 *    the e-badge id (`/eb/m/{id}`), and the registration page then shows a ticket to pick, as it does for a visitor.
 * 3. Lighthouse 12 (default config = the mobile preset: simulated slow 4G, 4x CPU slowdown, a Moto G Power screen) in
 *    Debian's Chromium, LIGHTHOUSE_RUNS (3) runs per page, each in a new Chromium with empty storage; the median run
 *    (by performance score, then LCP) is reported for `/cart-registration/{eventId}`, `/eb/m/{id}`, `/scanner` and the
 *    attendee app's first tab `/tabs/event-info?eventId={eventId}` (issue 14).
 * 4. A ceiling line in the same run: a bare static HTML page served by node:http, what this machine reaches at best.
 *
 * Goals: performance >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1 on each page; the exit code is 1 when one is
 * missed. Each run's JSON report is kept in LIGHTHOUSE_OUT (default /tmp/pavilion-lighthouse) for its LCP element,
 * layout shifts and the rest.
 * Run: npm run bench:lighthouse (LIGHTHOUSE_RUNS, LIGHTHOUSE_OUT and LIGHTHOUSE_PAGES=cart,scanner narrow it)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { DEFAULT_APP_TABS } from '@pavilion/domain';
import { freePort, startPavilion } from './lib.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const OUT = process.env.LIGHTHOUSE_OUT ?? join(tmpdir(), 'pavilion-lighthouse');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** LIGHTHOUSE_PAGES=cart,scanner measures only the pages whose path contains one of the words (the ceiling always runs). */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const GOALS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

type Figures = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  bytes: number;
  lcpElement: string;
  shifts: number;
  /** The unthrottled load's own first paint, and how many requests had finished by then (see figuresOf). */
  observedFcpMs: number;
  requestsBeforePaint: number;
};
type PageResult = { name: string; path: string; median: Figures; runs: Figures[]; isCeiling: boolean };

/** Pavilion as `npm start` runs it (development, the demo on) on a fresh PGlite data dir; its output is kept. */
async function startProductionServer(): Promise<{ url: string; logs: string[]; stop(): Promise<void> }> {
  if (!existsSync('apps/server/dist/main.mjs')) throw new Error('Run `npm run build` first (npm run bench:lighthouse does).');
  const logs: string[] = [];
  const server = await startPavilion(
    await freePort(),
    { NODE_ENV: 'development', PAVILION_DEMO: '1', SMTP_URL: '', LOG_LEVEL: 'info', JWT_SECRET: process.env.JWT_SECRET ?? 'lighthouse-bench-secret-at-least-32-characters' },
    undefined,
    logs,
  );
  return { url: server.url, logs, stop: () => server.stop() };
}

/** The ceiling: a bare static HTML page (a heading and a paragraph, as small as a page gets) from node:http. */
async function startCeilingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="Ceiling page"><title>Ceiling</title></head><body><main><h1>Pavilion Demo Expo 2027</h1>' +
    '<p>A bare static page served by node:http: what Lighthouse measures on this machine when there is nothing to load.</p></main></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

async function api<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A free ticket on the demo event and one registration through the public order API: its attendee id is an e-badge id. */
async function prepareEvent(base: string, eventId: string): Promise<string> {
  const { accessToken } = await api<{ accessToken: string }>(base, 'POST', '/api/auth/login', ORGANISER);
  const ticket = await api<{ id: string }>(base, 'POST', `/api/eventservices/events/${eventId}/tickets`, { name: 'Visitor pass', currency: 'EUR', isFree: true, price: 0 }, accessToken);
  const email = `lighthouse.${Date.now()}@example.com`;
  const created = await api<{ order: { attendees: { id: string }[] } }>(base, 'POST', `/api/eventservices/public/events/${eventId}/orders`, {
    items: [{ ticketId: ticket.id, quantity: 1 }],
    expectedTotal: 0,
    currency: 'EUR',
    buyer: { firstName: 'Priya', lastName: 'Nair', email },
    attendees: [{ ticketId: ticket.id, firstName: 'Priya', lastName: 'Nair', email }],
  });
  const id = created.order.attendees[0]?.id;
  if (!id) throw new Error('the free order has no attendee');
  // Issue 16: the app's Agenda tab (off in SPEC §2.4's defaults) shown, so its page can be measured.
  const tabs = DEFAULT_APP_TABS.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu: showInMenu || tabName === 'event-agenda', loginRequired, menuBanner, ticketIds: [...ticketIds] }));
  await api(base, 'PUT', `/api/eventservices/events/${eventId}/app-tabs`, { tabs }, accessToken);
  return id;
}

function figuresOf(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id];
  const lcpDetails = audit('largest-contentful-paint-element')?.details as { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined;
  const node = lcpDetails?.items?.[0]?.items?.[0]?.node;
  const shiftDetails = audit('layout-shifts')?.details as { items?: unknown[] } | undefined;
  // Lighthouse simulates the slow phone from the unthrottled load it observed: every request that had finished by the
  // observed first paint is counted as needed for it. A page whose server-made first view paints before its scripts
  // have arrived gets a simulated FCP of the HTML alone; if the machine is so busy that the scripts land first, of all
  // of them (docs/PERFORMANCE.md "The page's first view from the server").
  const observed = (audit('metrics')?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN;
  const requests = (audit('network-requests')?.details as { items?: { networkEndTime?: number }[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
    fcpMs: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
    bytes: audit('total-byte-weight')?.numericValue ?? Number.NaN,
    lcpElement: node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 120) : '(not reported by this Chromium)',
    shifts: shiftDetails?.items?.length ?? 0,
    observedFcpMs: observed,
    requestsBeforePaint: requests.filter((r) => (r.networkEndTime ?? Infinity) <= observed).length,
  };
}

/**
 * One Lighthouse run in a new Chromium (empty profile), performance category only. A run whose trace came out broken
 * (NO_NAVSTART and the like, seen when the machine is busy) is run again, twice at most.
 */
async function runOnce(url: string, file: string, attempt = 1): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  let error: string | null = null;
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
    if (!result.lhr.runtimeError) return figuresOf(result.lhr);
    error = `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`;
  } finally {
    await chrome.kill();
  }
  if (attempt >= 3) throw new Error(`Lighthouse: ${error} (${url})`);
  console.error(`  (run again: ${error})`);
  return runOnce(url, file, attempt + 1);
}

/** The median run: runs sorted by score (then by LCP, lower is better), the middle one. */
function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function measure(name: string, base: string, path: string, isCeiling = false): Promise<PageResult> {
  const runs: Figures[] = [];
  const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
  for (let i = 1; i <= RUNS; i++) {
    const figures = await runOnce(`${base}${path}`, join(OUT, `${slug}-${i}.json`));
    runs.push(figures);
    console.error(`  ${name} run ${i}: score ${figures.score}, LCP ${figures.lcpMs.toFixed(0)} ms, TBT ${figures.tbtMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}; observed first paint ${figures.observedFcpMs.toFixed(0)} ms after ${figures.requestsBeforePaint} requests; LCP element: ${figures.lcpElement}; layout shifts: ${figures.shifts}`);
  }
  return { name, path, median: medianRun(runs), runs, isCeiling };
}

function misses(f: Figures): string[] {
  const out: string[] = [];
  if (f.score < GOALS.score) out.push(`performance ${f.score} < ${GOALS.score}`);
  if (f.lcpMs > GOALS.lcpMs) out.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > 2.5 s`);
  if (f.tbtMs > GOALS.tbtMs) out.push(`TBT ${f.tbtMs.toFixed(0)} ms > 200 ms`);
  if (f.cls > GOALS.cls) out.push(`CLS ${f.cls.toFixed(3)} > 0.1`);
  return out;
}

function table(results: PageResult[]): string {
  const rows = [
    '| page | performance (goal ≥ 90) | LCP (≤ 2.5 s) | TBT (≤ 200 ms) | CLS (≤ 0.1) | FCP | transfer | goals |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const f = r.median;
    const missed = misses(f);
    const verdict = r.isCeiling ? 'ceiling' : missed.length ? `missed: ${missed.join(', ')}` : 'met';
    rows.push(`| ${r.isCeiling ? 'ceiling: bare static HTML (node:http)' : `\`${r.name}\``} | ${f.score} | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.tbtMs.toFixed(0)} ms | ${f.cls.toFixed(3)} | ${(f.fcpMs / 1000).toFixed(2)} s | ${(f.bytes / 1024).toFixed(1)} KB | ${verdict} |`);
  }
  return rows.join('\n');
}

async function main() {
  if (!existsSync(CHROME)) throw new Error(`${CHROME} is missing: run \`bash scripts/ensure-chromium.sh\` (or set CHROME_PATH).`);
  mkdirSync(OUT, { recursive: true });
  const server = await startProductionServer();
  const ceiling = await startCeilingServer();
  try {
    const eventId = /\/ei\/([A-Za-z0-9_-]+)/.exec(server.logs.join(''))?.[1];
    if (!eventId) throw new Error(`demo event id not found in the server output:\n${server.logs.join('')}`);
    const ebadgeId = await prepareEvent(server.url, eventId);
    const results: PageResult[] = [];
    results.push(await measure('ceiling', ceiling.url, '', true));
    const pages: Array<[string, string]> = [
      ['/cart-registration/{eventId}', `/cart-registration/${eventId}`],
      ['/eb/m/{id}', `/eb/m/${ebadgeId}`],
      ['/scanner', '/scanner'],
      // Issue 14: the attendee app's first tab (event-info by default, no login) as a visitor's phone opens it.
      ['/tabs/event-info?eventId={eventId}', `/tabs/event-info?eventId=${eventId}`],
      // Issue 16: the Agenda tab of the demo's programme, as an anonymous visitor's phone opens it.
      ['/tabs/event-agenda?eventId={eventId}', `/tabs/event-agenda?eventId=${eventId}`],
    ];
    for (const [name, path] of pages) {
      if (!PAGES || PAGES.some((word) => name.includes(word))) results.push(await measure(name, server.url, path));
    }
    const load = loadavg().map((l) => l.toFixed(2)).join(', ');
    console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile preset (simulated slow 4G, 4x CPU), Chromium at ${CHROME}; load average ${load}; reports in ${OUT}\n`);
    console.log(table(results));
    const failed = results.filter((r) => !r.isCeiling && misses(r.median).length > 0);
    if (failed.length) {
      console.log(`\nGoals missed on ${failed.map((r) => r.name).join(', ')}.`);
      process.exitCode = 1;
    } else {
      console.log('\nEvery page meets the goals.');
    }
  } finally {
    await ceiling.close();
    await server.stop();
  }
}

await main();
