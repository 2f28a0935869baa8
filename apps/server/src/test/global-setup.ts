import { openDatabase } from '../platform/db.ts';
import { adminQuery, dropDatabasesWithPrefix, dropStaleTestDatabases, testRunTag } from './test-app.ts';

/**
 * The unit project's one migrated database per run, on DATABASE_URL's server (CI): every test file's database is a
 * copy of it (`CREATE DATABASE … TEMPLATE`, test-app.ts createTestDatabase) instead of running all migrations again
 * (about 0.8 s of Postgres work each); they are all dropped when the run ends. Without DATABASE_URL each file
 * migrates its own in-memory PGlite, as before. Databases that killed runs left behind (over 6 hours old) are dropped
 * first, the e2e project's too.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  // A run that was killed never dropped its databases: a later run does, once that run is long over.
  const stale = await dropStaleTestDatabases(url);
  if (stale.length > 0) console.log(`Dropped ${stale.length} databases that killed test runs left behind`);
  const run = testRunTag();
  const name = `pv_test_tpl_${run}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
  await database.close();
  // The workers start after this setup and inherit the environment.
  process.env.PAVILION_TEST_DB_TEMPLATE = name;
  // The files' databases are named with the run's prefix and dropped here, at the end (test-app.ts says why).
  const prefix = `pv_test_${run}_`;
  process.env.PAVILION_TEST_DB_PREFIX = prefix;
  return async () => {
    await dropDatabasesWithPrefix(url, prefix);
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
