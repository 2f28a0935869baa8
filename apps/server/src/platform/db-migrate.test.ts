import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, PGLITE_OPTIONS, newDatabaseScript, openDatabase } from './db.ts';
import { findDataTemplate, makeDataTemplate, templateKey } from './data-template.ts';
import { adminQuery } from '../test/test-app.ts';

/**
 * A new database gets every migration in one script (db.ts newDatabaseScript); these tests hold it to drizzle's own
 * replay: the same catalog (tables, columns, defaults, constraints, indexes, types, functions, triggers, views,
 * sequences, comments) and the same journal rows, and later migrations still apply through drizzle.
 */
const CATALOG = [
  `select 'column' k, table_schema||'.'||table_name||'.'||column_name||' '||data_type||' '||udt_name||' '||is_nullable||' '||coalesce(column_default,'')||' '||coalesce(character_maximum_length::text,'')||' '||coalesce(numeric_precision::text,'')||' '||coalesce(numeric_scale::text,'')||' '||coalesce(is_identity,'')||' '||coalesce(is_generated,'')||' '||coalesce(generation_expression,'') d
     from information_schema.columns where table_schema not in ('pg_catalog','information_schema')`,
  `select 'constraint' k, n.nspname||'.'||c.conrelid::regclass::text||'.'||c.conname||' '||pg_get_constraintdef(c.oid) d
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname not in ('pg_catalog','information_schema')`,
  `select 'index' k, schemaname||' '||indexdef d from pg_indexes where schemaname not in ('pg_catalog','information_schema')`,
  `select 'type' k, n.nspname||'.'||t.typname||' '||t.typtype::text||' '||coalesce((select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),'') d
     from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname not in ('pg_catalog','information_schema','pg_toast') and t.typtype in ('e','d','c') and (t.typtype <> 'c' or t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')`,
  `select 'function' k, pg_get_functiondef(p.oid) d from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog','information_schema')`,
  `select 'trigger' k, pg_get_triggerdef(t.oid) d from pg_trigger t where not t.tgisinternal`,
  `select 'view' k, schemaname||'.'||viewname||' '||definition d from pg_views where schemaname not in ('pg_catalog','information_schema')`,
  `select 'relation' k, n.nspname||'.'||c.relname||' '||c.relkind::text||' '||c.relpersistence::text||' '||coalesce(array_to_string(c.reloptions, ','),'')||' '||coalesce(obj_description(c.oid, 'pg_class'),'') d
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog','information_schema','pg_toast')`,
  `select 'sequence' k, schemaname||'.'||sequencename||' '||data_type||' '||start_value||' '||increment_by||' '||coalesce(last_value::text,'') d from pg_sequences`,
  `select 'column comment' k, c.oid::regclass::text||'.'||a.attname||' '||col_description(c.oid, a.attnum) d
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog','information_schema','pg_toast') and col_description(c.oid, a.attnum) is not null`,
  `select 'extension' k, extname d from pg_extension`,
  `select 'journal' k, hash||' '||created_at d from drizzle.__drizzle_migrations`,
];

type Query = (text: string) => Promise<{ rows: { k: string; d: string }[] }>;
async function catalog(query: Query): Promise<string[]> {
  const out: string[] = [];
  for (const q of CATALOG) for (const r of (await query(q)).rows) out.push(`${r.k}: ${r.d}`);
  return out.sort();
}

/** A copy of the migrations folder whose journal stops `drop` migrations short of the real one: an older install. */
function olderMigrations(root: string, drop: number): string {
  const dir = join(root, 'drizzle');
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, -drop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe('migrating a new database in one script (PGlite)', () => {
  it('makes the same catalog and journal as drizzle replaying every migration, and drizzle then finds nothing to do', async () => {
    const byScript = await openDatabase({});
    expect(byScript.startup.migratedBy).toBe('script');
    const replayed = await PGlite.create();
    await migratePglite(drizzlePglite(replayed), { migrationsFolder: MIGRATIONS_DIR });
    const client = (byScript.db as unknown as { $client: PGlite }).$client;
    const mine = await catalog((q) => client.query(q));
    expect(mine.filter((l) => l.startsWith('journal: ')).length).toBeGreaterThan(60);
    expect(mine.filter((l) => l.startsWith('column: ')).length).toBeGreaterThan(500);
    expect(mine).toEqual(await catalog((q) => replayed.query(q)));
    // drizzle's migrator on the scripted database: nothing left to apply.
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    expect(await catalog((q) => client.query(q))).toEqual(mine);
    await replayed.close();
    await byScript.close();
  }, 240_000);

  it('upgrades an existing data dir through drizzle as before: only the migrations it lacks', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pavilion-migrate-'));
    roots.push(root);
    const dataDir = join(root, 'data');
    const old = await PGlite.create(dataDir);
    await migratePglite(drizzlePglite(old), { migrationsFolder: olderMigrations(root, 3) });
    const before = await old.query<{ n: number }>('select count(*)::int n from drizzle.__drizzle_migrations');
    await old.close();
    const reopened = await openDatabase({ dataDir });
    expect(reopened.isFresh).toBe(false);
    expect(reopened.startup.migratedBy).toBe('drizzle');
    const client = (reopened.db as unknown as { $client: PGlite }).$client;
    const after = await client.query<{ n: number }>('select count(*)::int n from drizzle.__drizzle_migrations');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 3);
    const replayed = await PGlite.create();
    await migratePglite(drizzlePglite(replayed), { migrationsFolder: MIGRATIONS_DIR });
    expect(await catalog((q) => client.query(q))).toEqual(await catalog((q) => replayed.query(q)));
    await replayed.close();
    await reopened.close();
  }, 240_000);

  it('joins the pieces so that a trailing comment cannot swallow the next statement', () => {
    const script = newDatabaseScript(MIGRATIONS_DIR);
    expect(script.startsWith('BEGIN\n;\n')).toBe(true);
    expect(script.endsWith('\n;\nCOMMIT')).toBe(true);
  });
});

describe("a new embedded data dir from the build's template (data-template.ts)", () => {
  it('starts as a copy of the template made by initdb and the migrations: the same catalog, and it works as a new one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pavilion-template-'));
    roots.push(root);
    const templateDir = join(root, 'data-template');
    const key = templateKey(MIGRATIONS_DIR, PGLITE_OPTIONS);
    const make = () => makeDataTemplate(templateDir, key, async (dataDir) => (await openDatabase({ dataDir, useTemplate: false })).close());
    expect(await make()).toBe(true);
    expect(await make()).toBe(false); // up to date: the build's second run does nothing

    const fresh = await openDatabase({ dataDir: join(root, 'data'), templateDirs: [templateDir] });
    expect(fresh.startup.dataDirFrom).toBe('template');
    expect(fresh.isFresh).toBe(true); // the demo is still created on it
    expect(fresh.startup.migratedBy).toBe('drizzle');
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const replayed = await PGlite.create();
    await migratePglite(drizzlePglite(replayed), { migrationsFolder: MIGRATIONS_DIR });
    expect(await catalog((q) => client.query(q))).toEqual(await catalog((q) => replayed.query(q)));
    await client.exec(`insert into organisations (id, name) values ('o1', 'Copied')`);
    expect((await client.query<{ name: string }>(`select name from organisations`)).rows).toEqual([{ name: 'Copied' }]);
    await replayed.close();
    await fresh.close();
    // The template itself is untouched by what the copy wrote.
    const again = await openDatabase({ dataDir: join(root, 'data-2'), templateDirs: [templateDir] });
    const second = (again.db as unknown as { $client: PGlite }).$client;
    expect((await second.query<{ n: number }>(`select count(*)::int n from organisations`)).rows[0]!.n).toBe(0);
    await again.close();
  }, 240_000);

  it('is not used when it was made for other migrations, other settings or nothing at all', () => {
    const root = mkdtempSync(join(tmpdir(), 'pavilion-template-key-'));
    roots.push(root);
    const key = templateKey(MIGRATIONS_DIR, PGLITE_OPTIONS);
    expect(templateKey(MIGRATIONS_DIR, PGLITE_OPTIONS)).toBe(key);
    expect(templateKey(olderMigrations(root, 1), PGLITE_OPTIONS)).not.toBe(key);
    expect(templateKey(MIGRATIONS_DIR, { postgresqlconf: 'shared_buffers=32MB\n' })).not.toBe(key);
    const dir = join(root, 'tpl');
    mkdirSync(join(dir, 'pgdata'), { recursive: true });
    writeFileSync(join(dir, 'pgdata', 'PG_VERSION'), '17');
    expect(findDataTemplate(key, [dir])).toBeNull(); // no key file: a half-written template
    writeFileSync(join(dir, 'key'), 'made-by-an-older-build');
    expect(findDataTemplate(key, [dir])).toBeNull();
    writeFileSync(join(dir, 'key'), key);
    expect(findDataTemplate(key, [join(root, 'missing'), dir])).toBe(join(dir, 'pgdata'));
  });
});

const url = process.env.DATABASE_URL;
describe.runIf(url)('migrating a new database in one script (Postgres)', () => {
  it('makes the same catalog and journal as drizzle, and an existing database upgrades through drizzle', async () => {
    const suffix = `${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const names = [`pv_mig_script_${suffix}`, `pv_mig_replay_${suffix}`, `pv_mig_old_${suffix}`];
    const at = (name: string) => {
      const u = new URL(url!);
      u.pathname = `/${name}`;
      return u.toString();
    };
    for (const n of names) await adminQuery(url!, `CREATE DATABASE ${n}`);
    try {
      const byScript = await openDatabase({ databaseUrl: at(names[0]!), poolSize: 2 });
      expect(byScript.startup.migratedBy).toBe('script');
      await byScript.close();
      const replay = new pg.Pool({ connectionString: at(names[1]!), max: 1 });
      await migratePg(drizzlePg(replay), { migrationsFolder: MIGRATIONS_DIR });
      const root = mkdtempSync(join(tmpdir(), 'pavilion-migrate-'));
      roots.push(root);
      const oldPool = new pg.Pool({ connectionString: at(names[2]!), max: 1 });
      await migratePg(drizzlePg(oldPool), { migrationsFolder: olderMigrations(root, 2) });
      await oldPool.end();
      const upgraded = await openDatabase({ databaseUrl: at(names[2]!), poolSize: 2 });
      expect(upgraded.startup.migratedBy).toBe('drizzle');
      await upgraded.close();

      const pools = [new pg.Pool({ connectionString: at(names[0]!), max: 1 }), replay, new pg.Pool({ connectionString: at(names[2]!), max: 1 })];
      const [mine, theirs, old] = await Promise.all(pools.map((p) => catalog((q) => p.query(q))));
      expect(mine!.filter((l) => l.startsWith('journal: ')).length).toBeGreaterThan(60);
      expect(mine).toEqual(theirs);
      expect(old).toEqual(theirs);
      for (const p of pools) await p.end();
    } finally {
      for (const n of names) await adminQuery(url!, `DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    }
  }, 240_000);
});
