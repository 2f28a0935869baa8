import { mkdirSync, readdirSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';
import { timePhase, type DatabaseStartup } from './phase.ts';
import { copyDataTemplate, templateKey } from './data-template.ts';

export { timePhase, type DatabaseStartup, type Phase } from './phase.ts';

/** One typed handle whatever the driver: PGlite's drizzle session has the same query API as node-postgres'. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the embedded data dir had no database before this start. */
  isFresh: boolean;
  /** What opening took: PGlite's start (initdb on an empty data dir) and the migrations, wall and CPU (the log's phases). */
  startup: DatabaseStartup;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const here = dirname(fileURLToPath(import.meta.url));
/** apps/server/drizzle, seen from the source (src/platform) or from the bundle `npm start` runs (dist/). */
export const MIGRATIONS_DIR = [resolve(here, '../../drizzle'), resolve(here, '../drizzle')].find((d) => existsSync(d)) ?? resolve(here, '../../drizzle');

const JOURNAL_SCHEMA = 'drizzle';
const JOURNAL_TABLE = '__drizzle_migrations';

/**
 * The migrations of a database that has none yet (no drizzle journal table), as ONE script run in one round trip and
 * one transaction: drizzle's own statements in the same order, then the journal rows drizzle's migrator would have
 * written (the same hash and `created_at`), so that later migrations apply through drizzle as always. Replaying 60+
 * migrations statement by statement cost a new install's first start about 0.6 s of CPU more (docs/PERFORMANCE.md).
 * Pieces are joined with a newline before the `;` so that a piece ending in a `--` comment cannot swallow it.
 */
export function newDatabaseScript(migrationsFolder: string): string {
  const migrations = readMigrationFiles({ migrationsFolder });
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const journal = `"${JOURNAL_SCHEMA}"."${JOURNAL_TABLE}"`;
  const parts = [
    'BEGIN',
    `CREATE SCHEMA IF NOT EXISTS "${JOURNAL_SCHEMA}"`,
    `CREATE TABLE IF NOT EXISTS ${journal} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    ...migrations.flatMap((m) => m.sql),
  ];
  if (migrations.length > 0) parts.push(`INSERT INTO ${journal} ("hash", "created_at") VALUES ${migrations.map((m) => `(${quote(m.hash)}, ${m.folderMillis})`).join(', ')}`);
  parts.push('COMMIT');
  return parts.join('\n;\n');
}

/**
 * Migrates `db`: a database without drizzle's journal table gets newDatabaseScript through `exec` (several statements
 * in one round trip); any other goes through drizzle's migrator exactly as before. If the script fails because another
 * instance migrated the same new database meanwhile, drizzle's migrator then finds that instance's journal.
 */
async function migrateDatabase(db: { execute: (q: ReturnType<typeof sql.raw>) => Promise<unknown> }, exec: (text: string) => Promise<unknown>, drizzleMigrate: () => Promise<void>): Promise<DatabaseStartup['migratedBy']> {
  const hasJournal = async () => {
    const res = (await db.execute(sql.raw(`select to_regclass('"${JOURNAL_SCHEMA}"."${JOURNAL_TABLE}"') is not null as present`))) as { rows: { present: boolean }[] };
    return res.rows[0]?.present === true;
  };
  if (!(await hasJournal())) {
    try {
      await exec(newDatabaseScript(MIGRATIONS_DIR));
      return 'script';
    } catch (err) {
      await exec('ROLLBACK').catch(() => undefined);
      if (!(await hasJournal())) throw err;
    }
  }
  await drizzleMigrate();
  return 'drizzle';
}

/** PGlite's default 128 MB of shared buffers dominates idle memory; an embedded single-node install needs far less. */
export const PGLITE_OPTIONS = { postgresqlconf: 'shared_buffers=16MB\nwal_buffers=1MB\n' };

export type DatabaseOptions = {
  databaseUrl?: string;
  /** Embedded data dir; undefined with no databaseUrl means an in-memory PGlite (tests). */
  dataDir?: string;
  /** A new embedded data dir may start as the build's template (default); false: always initdb (making the template). */
  useTemplate?: boolean;
  /** Where to look for that template (default: the build's, dist/data-template). */
  templateDirs?: readonly string[];
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. /readyz reports real outages.
    });
    const db = drizzle(pool, { schema });
    const [migratedBy, migratePhase] = await timePhase(() =>
      migrateDatabase(
        db,
        async (text) => {
          // One connection for the whole script (BEGIN … COMMIT): a pooled query may take any connection.
          const conn = await pool.connect();
          try {
            await conn.query(text);
          } catch (err) {
            await conn.query('ROLLBACK').catch(() => undefined);
            throw err;
          } finally {
            conn.release();
          }
        },
        () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
      ),
    );
    return {
      db,
      kind: 'postgres',
      isFresh: false,
      startup: { open: { wallMs: 0, cpuMs: 0 }, migrate: migratePhase, migratedBy, dataDirFrom: 'existing' },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let isFresh = true;
  let dataDirFrom: DatabaseStartup['dataDirFrom'] = 'memory';
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    isFresh = !existsSync(dir) || readdirSync(dir).length === 0;
    mkdirSync(dir, { recursive: true });
    // A new data dir: the build's template when it matches this install (data-template.ts), else initdb below.
    dataDirFrom = !isFresh ? 'existing' : options.useTemplate !== false && copyDataTemplate(dir, templateKey(MIGRATIONS_DIR, PGLITE_OPTIONS), options.templateDirs) ? 'template' : 'initdb';
  }
  // PGlite's start: WebAssembly compilation, and on an empty data dir its initdb.
  const [client, openPhase] = await timePhase(() => (options.dataDir ? PGlite.create(resolve(options.dataDir), PGLITE_OPTIONS) : PGlite.create(PGLITE_OPTIONS)));
  const db = drizzle(client, { schema });
  const [migratedBy, migratePhase] = await timePhase(() =>
    migrateDatabase(
      db,
      (text) => client.exec(text),
      () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    ),
  );
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    isFresh,
    startup: { open: openPhase, migrate: migratePhase, migratedBy, dataDirFrom },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** SQLSTATEs that mean "could not get the lock in time" or "lost a deadlock": the caller should retry. */
const RETRYABLE = new Set(['55P03', '40P01', '40001']);

/** The SQLSTATE of a driver error, looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function isRetryableLockError(err: unknown): boolean {
  const s = sqlState(err);
  return s !== null && RETRYABLE.has(s);
}

/**
 * Runs one statement again when it lost a deadlock or a serialisation race (rolled back whole, so running it again is
 * safe), up to `attempts` times; any other error, or the last loss, is thrown. Batched writes use it: two batches of
 * one hot path (two instances' gate scans, two lead batches moving the same leads) may lock rows in opposite orders.
 */
export async function retryOnLockLoss<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryableLockError(err)) throw err;
    }
  }
}

export type RawResult = { rows: unknown[] };
type RawClient = { exec?: (q: string) => Promise<RawResult[]>; query: (q: string) => Promise<RawResult | RawResult[]>; totalCount?: number; connect?: () => Promise<PoolClientLike> };
type PoolClientLike = { query: (q: string) => Promise<RawResult | RawResult[]>; release: (destroy?: boolean) => void };
const clientOf = (db: unknown) => (db as { session: { client: RawClient } }).session.client;

/**
 * Runs several statements in one round trip on the connection (or transaction) behind `db`: node-postgres sends a
 * query without parameters with the simple protocol, which accepts several statements; PGlite has exec() for it.
 * Callers build the text with literals only (see registration.repository `lit`).
 */
export async function execMulti(db: unknown, text: string): Promise<RawResult[]> {
  const client = clientOf(db);
  if (typeof client.exec === 'function') return client.exec(text);
  const res = await client.query(text);
  return Array.isArray(res) ? res : [res];
}

/**
 * Runs statements as ONE transaction in ONE round trip (BEGIN; ...; COMMIT on one pooled connection), answering the
 * statements' results without BEGIN's and COMMIT's. An error anywhere aborts the whole transaction; the connection is
 * rolled back before it returns to the pool. On PGlite (one connection, its own transaction lock) the statements run
 * inside a drizzle transaction instead, so no other request's query can slip in between.
 */
export async function execTransactionScript(db: Db, statements: string[]): Promise<RawResult[]> {
  const text = statements.join(';\n');
  const client = clientOf(db);
  if (typeof client.exec === 'function') return db.transaction((tx) => execMulti(tx, text));
  if (typeof client.connect !== 'function' || typeof client.totalCount !== 'number') throw new Error('execTransactionScript needs the pool, not a transaction');
  const conn = await client.connect();
  try {
    const res = await conn.query(`BEGIN;\n${text};\nCOMMIT`);
    conn.release();
    return (Array.isArray(res) ? res : [res]).slice(1, -1);
  } catch (err) {
    let broken = false;
    await conn.query('ROLLBACK').catch(() => (broken = true));
    conn.release(broken);
    throw err;
  }
}

