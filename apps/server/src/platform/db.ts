import { mkdirSync, readdirSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';

/** One typed handle whatever the driver: PGlite's drizzle session has the same query API as node-postgres'. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the embedded data dir had no database before this start. */
  isFresh: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const here = dirname(fileURLToPath(import.meta.url));
/** apps/server/drizzle, seen from the source (src/platform) or from the bundle `npm start` runs (dist/). */
export const MIGRATIONS_DIR = [resolve(here, '../../drizzle'), resolve(here, '../drizzle')].find((d) => existsSync(d)) ?? resolve(here, '../../drizzle');

export type DatabaseOptions = {
  databaseUrl?: string;
  /** Embedded data dir; undefined with no databaseUrl means an in-memory PGlite (tests). */
  dataDir?: string;
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
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'postgres',
      isFresh: false,
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
  let client;
  // PGlite's default 128 MB of shared buffers dominates idle memory; an embedded single-node install needs far less.
  const pgliteOptions = { postgresqlconf: 'shared_buffers=16MB\nwal_buffers=1MB\n' };
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    isFresh = !existsSync(dir) || readdirSync(dir).length === 0;
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, pgliteOptions);
  } else {
    client = await PGlite.create(pgliteOptions);
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    isFresh,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
