/**
 * bench/badge-pdf: bulk badge PDFs, seconds per 1,000 badges and peak memory.
 *
 * 1. Renderer alone, in this process: 1,000 A6 badges (band, name, category, company, vector QR, a PNG logo) with
 *    pdf-lib, saved; time and peak RSS (process.memoryUsage().rss sampled every 20 ms). Once with Western names
 *    (standard fonts), once with Cyrillic ones (DejaVu subsets embedded).
 * 2. End to end: Pavilion as `npm start` runs it (embedded PGlite, or DATABASE_URL's server when set), N free
 *    registrations in one category, then POST badge-print-jobs for the category and poll the job until done:
 *    time from the request to a downloadable PDF (credentials issued, history and PBADGE_PRINT journey rows
 *    written) and the server process's peak RSS (/proc/<pid>/status, sampled every 50 ms) against its RSS before.
 * Run: npm run bench:badges   (BENCH_BADGES=1000 by default)
 */
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { createBadgeDocument } from '../apps/server/src/modules/badges/badge-pdf.ts';
import { checkBaseline, loadAverage } from './baseline.ts';
import { freePort, rssMb, startPavilion } from './lib.ts';

const N = Number(process.env.BENCH_BADGES ?? 1000);
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const ELEMENTS = [
  { id: 'band', type: 'band', x: 0, y: 0, width: 105, height: 18, color: '#1c7ed6', useCategoryColor: true },
  { id: 'logo', type: 'image', mimeType: 'image/png', dataBase64: PNG_1PX, x: 5, y: 2, width: 14, height: 14 },
  { id: 'name', type: 'text', source: 'fullName', text: '', x: 5, y: 28, width: 95, height: 14, fontSize: 22, fontWeight: 'bold', align: 'center', color: '#000000' },
  { id: 'company', type: 'text', source: 'company', text: '', x: 5, y: 44, width: 95, height: 8, fontSize: 12, fontWeight: 'normal', align: 'center', color: '#333333' },
  { id: 'cat', type: 'text', source: 'categoryName', text: '', x: 5, y: 54, width: 95, height: 8, fontSize: 12, fontWeight: 'bold', align: 'center', color: '#000000' },
  { id: 'qr', type: 'qr', x: 27.5, y: 70, width: 50, height: 50 },
  { id: 'no', type: 'text', source: 'registrationNo', text: '', x: 5, y: 126, width: 95, height: 8, fontSize: 10, fontWeight: 'normal', align: 'center', color: '#000000' },
] as const;

function sampler(read: () => number, everyMs: number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}
const mb = (bytes: number) => bytes / 1024 / 1024;

/** Names per script: Western ones use the standard fonts; Cyrillic ones need the embedded DejaVu subset. */
const NAMES = {
  western: (i: number) => ({ firstName: `Attendee${i}`, lastName: 'Benchmark', company: 'Example Ltd', category: 'Visitor' }),
  cyrillic: (i: number) => ({ firstName: `Участник${i}`, lastName: 'Тестовый', company: 'Пример ООО', category: 'Посетитель' }),
};

async function rendererOnly(script: keyof typeof NAMES) {
  const before = mb(process.memoryUsage().rss);
  const s = sampler(() => mb(process.memoryUsage().rss), 20);
  const t0 = performance.now();
  const doc = await createBadgeDocument({ pageSize: 'A6', elements: ELEMENTS as never, categoryColors: {} }, {});
  for (let i = 0; i < N; i++) {
    await doc.add({
      data: (({ firstName, lastName, company, category }) => ({ firstName, lastName, email: `a${i}@example.com`, contactNo: null, registrationNo: `REG-${String(i).padStart(6, '0')}`, ticketId: 't', ticketName: 'Visitor', categoryId: null, categoryName: category, answers: { company } }))(NAMES[script](i)),
      // A real-length credential: PV1:<event 16>:<registration 16>:<version>:<Ed25519 signature 86>.
      token: `PV1:AbCdEfGhIjKlMnOp:${String(i).padStart(16, 'x')}:1:${'s'.repeat(86)}`,
    });
    if (i % 100 === 99) await new Promise((r) => setImmediate(r));
  }
  const bytes = await doc.save();
  const ms = performance.now() - t0;
  const peak = s.stop();
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  return { ms, peak, before, bytes: bytes.length, pages };
}

/** With DATABASE_URL, a fresh database on that server (dropped afterwards), as bench/checkout does. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `pv_bench_badges_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

async function endToEnd() {
  const database = await freshDatabase();
  const app = await startPavilion(await freePort(), { JWT_SECRET: 'bench-secret-that-is-at-least-32-characters', ...(database ? { DATABASE_URL: database.url } : {}) });
  try {
    const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { data: T };
      if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const password = 'Host#Secure2026';
    const { accessToken: token } = await call<{ accessToken: string }>('POST', '/api/auth/signup', { firstName: 'Bea', lastName: 'Bench', email: 'bench@example.com', password, confirmPassword: password, organisationName: 'Bench' });
    const eventId = (await call<{ id: string }>('POST', '/api/eventservices/events', { name: 'Badge bench', startDate: '2027-03-01', endDate: '2027-03-03', timeZone: 'Europe/Berlin', venue: 'Hall', eventMode: 1, eventType: 2 }, token)).id;
    const ev = `/api/eventservices/events/${eventId}`;
    const ticketId = (await call<{ id: string }>('POST', `${ev}/tickets`, { name: 'Visitor', currency: 'EUR', isFree: true, maxPerOrder: 100 }, token)).id;
    const categoryId = (await call<{ id: string }>('POST', `${ev}/visitor-categories`, { name: 'Visitor', slug: 'visitor' }, token)).id;
    for (let done = 0; done < N; ) {
      const q = Math.min(100, N - done);
      const attendees = Array.from({ length: q }, (_, k) => ({ firstName: `Attendee${done + k}`, lastName: 'Benchmark', email: `a${done + k}@example.com`, ticketId, answers: {} }));
      await call('POST', `/api/eventservices/public/events/${eventId}/orders`, { items: [{ ticketId, quantity: q }], expectedTotal: 0, currency: 'EUR', buyer: { firstName: 'Bea', lastName: 'Buyer', email: 'buyer@example.com' }, attendees, visitorCategoryId: categoryId });
      done += q;
    }
    const templateId = (await call<{ id: string }>('POST', `${ev}/badge-templates`, { name: 'Bench', pageSize: 'A6', isDefault: true, elements: ELEMENTS }, token)).id;
    await new Promise((r) => setTimeout(r, 1000));
    const pid = app.child.pid!;
    const before = rssMb(pid);
    const s = sampler(() => rssMb(pid), 50);
    const t0 = performance.now();
    const job = await call<{ id: string }>('POST', `${ev}/badge-print-jobs`, { categoryId, templateId }, token);
    let status = '';
    let pages = 0;
    let bytes = 0;
    let parts: { partNo: number }[] = [];
    while (status !== 'done') {
      const j = await call<{ status: string; pages: number; bytes: number; error: string | null; parts: { partNo: number }[] }>('GET', `${ev}/badge-print-jobs/${job.id}`, undefined, token);
      if (j.status === 'failed') throw new Error(`job failed: ${j.error}`);
      ({ status, pages, bytes, parts } = j);
      if (status !== 'done') await new Promise((r) => setTimeout(r, 100));
    }
    const ms = performance.now() - t0;
    const peak = s.stop();
    let downloaded = 0;
    for (const part of parts) {
      const pdf = await fetch(`${app.url}${ev}/badge-print-jobs/${job.id}/download?part=${part.partNo}`, { headers: { authorization: `Bearer ${token}` } });
      downloaded += (await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getPageCount();
    }
    if (downloaded !== N || pages !== N) throw new Error(`expected ${N} pages, got ${downloaded}`);
    return { ms, peak, before, bytes, pages, parts: parts.length };
  } finally {
    await app.stop();
    await database?.drop();
  }
}

async function main() {
  const r = await rendererOnly('western');
  const c = await rendererOnly('cyrillic');
  const e = await endToEnd();
  // The ceiling again after the job, so the ratio compares the job with the renderer around the same moment.
  const r2 = await rendererOnly('western');
  const per1000 = (ms: number) => ((ms / 1000) * (1000 / N)).toFixed(2);
  console.log(`\n| Badge PDF (${N} A6 badges, vector QR) | seconds per 1,000 | peak RSS | RSS before | PDF size | pages |`);
  console.log('|---|---|---|---|---|---|');
  console.log(`| renderer only (pdf-lib, in process) | ${per1000(r.ms)} s | ${r.peak.toFixed(0)} MB | ${r.before.toFixed(0)} MB | ${(r.bytes / 1e6).toFixed(1)} MB | ${r.pages} |`);
  console.log(`| renderer only, Cyrillic names (DejaVu subset embedded) | ${per1000(c.ms)} s | ${c.peak.toFixed(0)} MB | ${c.before.toFixed(0)} MB | ${(c.bytes / 1e6).toFixed(1)} MB | ${c.pages} |`);
  console.log(
    `| bulk job end to end (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}; request → PDF ready, with credentials, history, journey) | ${per1000(e.ms)} s | ${e.peak.toFixed(0)} MB (server) | ${e.before.toFixed(0)} MB | ${(e.bytes / 1e6).toFixed(1)} MB in ${e.parts} part(s) | ${e.pages} |`,
  );
  // The ceiling of the end-to-end job is the renderer alone (same run, same machine load).
  const ceilingMs = (r.ms + r2.ms) / 2;
  console.log(`| end to end as a share of the renderer alone (ceiling, ${per1000(r.ms)} s before and ${per1000(r2.ms)} s after the job); load average ${loadAverage()} | ${((100 * ceilingMs) / e.ms).toFixed(0)} % | |`);
  checkBaseline(`badges-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`, {
    endToEndToRenderer: { value: ceilingMs / e.ms, better: 'higher', unit: '(renderer-only time, before and after ÷ end-to-end time)' },
    endToEndPeakRssMb: { value: e.peak, better: 'lower', unit: 'MB' },
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
