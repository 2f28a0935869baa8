/**
 * Import of exhibiting companies from XLSX (issue 15): the wall time of `POST …/exhibition/companies/import` with a
 * 2,000-row workbook (each row with a category, country, website, email and a rich-text profile) and how far it raises
 * the process's peak memory, beside its ceiling in the same run: SheetJS reading the same workbook alone, plus the
 * same 2,000 rows written by one bare multi-row insert. The same rows as CSV are timed too. The app runs in this
 * process on a fresh database (Postgres when DATABASE_URL is set, else in-memory PGlite).
 *
 *   npm run bench:company-import          (COMPANY_IMPORT_N=2000 by default)
 */
import { loadavg } from 'node:os';
import * as XLSX from '@e965/xlsx';
import { buildApp } from '../apps/server/src/app.ts';
import { exhibitionCompanies } from '../apps/server/src/modules/exhibition/exhibition.tables.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { bearer, createTestDatabase, signupOrganiser } from '../apps/server/src/test/test-app.ts';
import { createEvent } from '../apps/server/src/modules/registration/registration.fixtures.ts';

const N = Number(process.env.COMPANY_IMPORT_N ?? 2000);
const COUNTRIES = ['IN', 'DE', 'FR', 'US', 'JP', 'BR', 'KE', 'AE'];
const CATEGORIES = ['Automation', 'Food', 'Health', 'Energy', 'Textiles', 'Logistics'];

const header = ['Company', 'Category', 'Country', 'Website', 'Email', 'Profile'];
const rows = Array.from({ length: N }, (_, i) => [
  `Bench Company ${String(i).padStart(5, '0')}`,
  CATEGORIES[i % CATEGORIES.length]!,
  COUNTRIES[i % COUNTRIES.length]!,
  `https://company-${i}.example`,
  `sales${i}@company-${i}.example`,
  `<p>Company ${i} makes <strong>things</strong> for trade visitors: ${'parts, tools and services; '.repeat(6)}</p>`,
]);

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function main() {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Companies');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const csv = [header, ...rows].map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n');

  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long', REDIS_URL: '', SMTP_URL: '' });
  const { app } = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const host = await signupOrganiser(app);
    const H = bearer(host.accessToken);
    const importInto = async (eventId: string, payload: Record<string, string>) => {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/exhibition/companies/import`, headers: H, payload });
      const ms = performance.now() - started;
      if (res.statusCode !== 201 || res.json().data.created !== N) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return ms;
    };
    const events = [await createEvent(app, host.accessToken), await createEvent(app, host.accessToken), await createEvent(app, host.accessToken), await createEvent(app, host.accessToken)];
    const body = { xlsxBase64: xlsx.toString('base64') };

    const rssBefore = rssMb();
    const peakBefore = peakRssMb();
    const firstMs = await importInto(events[0]!, body);
    const peakAfter = peakRssMb();
    const secondMs = await importInto(events[1]!, body);
    const csvMs = await importInto(events[2]!, { csv });

    // The ceiling: SheetJS reading the workbook alone, and one bare insert of the same rows (no validation, no profile
    // sanitising), on the same database.
    const parseStarted = performance.now();
    const parsed = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(xlsx, { type: 'buffer', dense: true }).Sheets.Companies!, { header: 1, raw: false });
    const parseMs = performance.now() - parseStarted;
    if (parsed.length !== N + 1) throw new Error(`parsed ${parsed.length} rows`);
    const organisationId = (await database.db.select({ o: exhibitionCompanies.organisationId }).from(exhibitionCompanies).limit(1))[0]!.o;
    const insertStarted = performance.now();
    await database.db.transaction(async (tx) => {
      const values = rows.map((r) => ({ id: newId(), organisationId, eventId: events[3]!, createdBy: host.userData.id, name: r[0]!, nameKey: r[0]!.toLowerCase(), category: r[1]!, countryCode: r[2]!, website: r[3]!, contactEmail: r[4]!, profileHtml: r[5]! }));
      for (let i = 0; i < values.length; i += 500) await tx.insert(exhibitionCompanies).values(values.slice(i, i + 500));
    });
    const insertMs = performance.now() - insertStarted;
    const ceilingMs = parseMs + insertMs;

    const db = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
    console.log(`company import (${db}, ${N} rows, workbook ${(xlsx.length / 1024).toFixed(0)} KB, CSV ${(csv.length / 1024).toFixed(0)} KB)`);
    console.log(`  XLSX import, first (loads the reader): ${firstMs.toFixed(0)} ms; again: ${secondMs.toFixed(0)} ms; the same rows as CSV: ${csvMs.toFixed(0)} ms`);
    console.log(`  memory: RSS ${rssBefore.toFixed(0)} MB before; the first XLSX import raised the process's peak RSS by ${(peakAfter - peakBefore).toFixed(0)} MB (peak ${peakAfter.toFixed(0)} MB)`);
    console.log(`  ceiling: SheetJS read ${parseMs.toFixed(0)} ms + one bare insert ${insertMs.toFixed(0)} ms = ${ceilingMs.toFixed(0)} ms; the import (again) at ${((ceilingMs / secondMs) * 100).toFixed(0)} % of the ceiling's speed`);
    console.log(`  load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
