/**
 * The session attendance catch-up as production runs it on Postgres: a pg-boss cron queue every minute, taken by the
 * app's worker, which runs one pass over check-in's scan ledger. The other tests run passes by hand (no pg-boss).
 */
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { openDatabase, type Database } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { adminQuery } from '../../test/test-app.ts';
import { ATTENDANCE_CATCH_UP_QUEUE } from './index.ts';

// pg-boss needs Postgres: this file always runs on it (CI's DATABASE_URL, or the local one).
const hadUrl = 'DATABASE_URL' in process.env;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const SERVER = process.env.DATABASE_URL;
const name = `pv_catchup_${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}`;

let database: Database | undefined;
let built: Awaited<ReturnType<typeof buildApp>> | undefined;
let boss: PgBoss | undefined;

beforeAll(async () => {
  await adminQuery(SERVER, `CREATE DATABASE ${name}`);
  const target = new URL(SERVER);
  target.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
  // As `npm start` on Postgres: development, so pg-boss carries the jobs.
  built = await buildApp(loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', REDIS_URL: '', SMTP_URL: '', DATABASE_URL: target.toString() }), { database, logger: false });
  await built.app.ready();
  boss = new PgBoss({ connectionString: target.toString() });
  await boss.start();
}, 60_000);
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await built?.app.close();
  await database?.close();
  await adminQuery(SERVER, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (!hadUrl) delete process.env.DATABASE_URL;
});

describe('the session attendance catch-up through pg-boss', () => {
  it('is scheduled every minute, and a run of its queue makes a pass that records where it read the ledger', async () => {
    expect((await boss!.getSchedules()).find((s) => s.name === ATTENDANCE_CATCH_UP_QUEUE)).toMatchObject({ cron: '* * * * *' });
    const cursor = async () => (await database!.db.execute<{ pending: string | null }>(sql`select pending_id as pending from programme_attendance_cursor`)).rows;
    await boss!.send(ATTENDANCE_CATCH_UP_QUEUE, {});
    await expect.poll(cursor, { timeout: 15_000, interval: 200 }).toEqual([{ pending: expect.anything() }]);
  }, 30_000);
});
