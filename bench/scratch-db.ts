import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The Postgres server the Postgres benches use: DATABASE_URL, or the local one. */
export const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database on PG_BASE's server for one bench run, dropped (connections and all) by `drop`. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pv_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Runs a bench's main; an exception prints and exits 1 (a failed figure sets process.exitCode itself). */
export function runBench(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
