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
 * DATABASE_URL server (CI), dropped again on close. In a Vitest run the new database is a copy of the run's migrated
 * template (global-setup.ts); the migrator then finds nothing left to apply.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({});
  const name = `pv_test_${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const template = process.env.PAVILION_TEST_DB_TEMPLATE;
  await adminQuery(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
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
