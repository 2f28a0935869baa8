import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppContext, type BuildOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';

/** One statement on DATABASE_URL's server over its own connection (CREATE / DROP DATABASE cannot run in a pool's). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, isolated database for one test file: an in-memory PGlite by default, or a new database on the
 * DATABASE_URL server (CI). In a Vitest run the new database is a copy of the run's migrated template
 * (global-setup.ts), named with the run's prefix, and close() leaves it for the run's teardown to drop: a drop deletes
 * ~1,900 files, and while deletions are recent ext4 scans past them for every file the next copy creates (measured:
 * a copy took 1.1 s of kernel CPU between drops, 0.1 s without; each drop 0.3–0.7 s). Outside a run it is dropped on
 * close.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({});
  const runPrefix = process.env.PAVILION_TEST_DB_PREFIX;
  const name = `${runPrefix ?? 'pv_test_'}${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const template = process.env.PAVILION_TEST_DB_TEMPLATE;
  await adminQuery(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      if (!runPrefix) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A tag naming one test run's databases (lower-case letters and digits): its template and its files' copies. It
 * starts with the run's start time (milliseconds, base 36, 8 digits until the year 2059), so that a later run can tell
 * a crashed run's leftovers from a live run's databases (staleTestDatabases).
 */
export const testRunTag = (): string => `${Date.now().toString(36).padStart(8, '0')}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Test runs older than this are over (CI's own limit is 90 minutes): their databases are a crashed run's. */
export const STALE_TEST_RUN_MS = 6 * 60 * 60_000;

/**
 * Of these database names, those a test run made (`pv_test_…`, `pv_e2e_…`, their templates) whose run started more
 * than STALE_TEST_RUN_MS before `now`: a run that was killed never reached its teardown and left them behind.
 */
export function staleTestDatabases(names: string[], now: number): string[] {
  return names.filter((name) => {
    const m = /^pv_(?:test|e2e)_(?:tpl_)?([0-9a-z]{8})[0-9a-z]*(?:_|$)/.exec(name);
    if (!m) return false;
    const started = parseInt(m[1]!, 36);
    return Number.isFinite(started) && now - started > STALE_TEST_RUN_MS;
  });
}

/** Drops the databases earlier test runs left on DATABASE_URL's server when they were killed (staleTestDatabases). */
export async function dropStaleTestDatabases(url: string): Promise<string[]> {
  const stale = staleTestDatabases(await databasesStartingWith(url, 'pv_'), Date.now());
  await dropDatabases(url, stale);
  return stale;
}

/**
 * Drops every database whose name starts with `prefix` (a run's own: its teardown). The prefix is the run's, so
 * another run on the same server keeps its databases.
 */
export async function dropDatabasesWithPrefix(url: string, prefix: string): Promise<number> {
  const names = await databasesStartingWith(url, prefix);
  await dropDatabases(url, names);
  return names.length;
}

/** The names of DATABASE_URL's server's databases that start with `prefix` (letters, digits and _ only). */
async function databasesStartingWith(url: string, prefix: string): Promise<string[]> {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`unsafe database prefix: ${prefix}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [prefix])).rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

/** Drops these databases, two at a time. */
async function dropDatabases(url: string, names: string[]): Promise<void> {
  const queue = [...names];
  const lane = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  await Promise.all([lane(), lane()]);
}

export type TestApp = { app: FastifyInstance; ctx: AppContext; config: AppConfig; close(): Promise<void> };

/**
 * One test database that app instances start on, stop and start again (restart and crash tests): `start` builds a
 * ready app on it (optionally with its own clock); `close` closes the database.
 */
/**
 * A Redis channel prefix of the test file's own: files run side by side on one Redis, and without it each file's
 * instances would answer the others' adapter requests (fetchSockets waits for every instance on the channel).
 */
const testRedisPrefix = () => `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export async function createRestartableApps(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', REDIS_URL: '', REDIS_PREFIX: testRedisPrefix(), ...env });
  return {
    database,
    async start(now?: () => Date) {
      const built = await buildApp(config, { database, logger: false, now });
      await built.app.ready();
      return built;
    },
    close: () => database.close(),
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    REDIS_URL: '',
    REDIS_PREFIX: testRedisPrefix(),
    ...env,
  });
  const database = await createTestDatabase();
  const { app, ctx } = await buildApp(config, { ...options, database, logger: false });
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const HOST_PASSWORD = 'Host#Secure2026';

/** Signs up a fresh organiser through the API and returns its auth record. */
export async function signupOrganiser(app: FastifyInstance, overrides: Partial<Record<string, string>> = {}) {
  const email = overrides.email ?? `host-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    // Each signup from its own address, so the per-IP signup throttle does not decide unrelated tests.
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      firstName: 'Hana',
      lastName: 'Host',
      email,
      password: HOST_PASSWORD,
      confirmPassword: HOST_PASSWORD,
      organisationName: overrides.organisationName ?? 'Org',
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    accessToken: string;
    refreshToken: string;
    userData: { id: string; email: string };
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
