import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from './platform/config.ts';
import { firstStartBreakdown, initialiseInChild, isFirstEmbeddedStart } from './first-start.ts';

// The child is a stand-in for the server's own entry: it writes into the staging dir it is given, then exits.
const CHILD = `
import { mkdirSync, writeFileSync } from 'node:fs';
const dir = process.env.PAVILION_FIRST_START_DIR;
mkdirSync(dir + '/base', { recursive: true });
writeFileSync(dir + '/PG_VERSION', '17');
process.exit(Number(process.env.CHILD_EXIT_CODE ?? 0));
`;

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  delete process.env.CHILD_EXIT_CODE;
});

function setUp() {
  root = mkdtempSync(join(tmpdir(), 'pavilion-first-start-'));
  const script = join(root, 'child.mjs');
  writeFileSync(script, CHILD);
  return { dataDir: join(root, 'data'), entry: pathToFileURL(script).href };
}
const config = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined }) as unknown as AppConfig;

describe('first start of an embedded data dir', () => {
  it('is only for an empty or missing DATA_DIR without DATABASE_URL', () => {
    const { dataDir } = setUp();
    expect(isFirstEmbeddedStart(config(dataDir))).toBe(true);
    mkdirSync(dataDir);
    expect(isFirstEmbeddedStart(config(dataDir))).toBe(true);
    writeFileSync(join(dataDir, 'PG_VERSION'), '17');
    expect(isFirstEmbeddedStart(config(dataDir))).toBe(false);
    expect(isFirstEmbeddedStart({ ...config(join(root, 'other')), DATABASE_URL: 'postgres://x' } as AppConfig)).toBe(false);
  });

  it('moves the staging dir into place when the child succeeds, also onto an existing empty dir', async () => {
    const { dataDir, entry } = setUp();
    mkdirSync(dataDir);
    await initialiseInChild(config(dataDir), entry);
    expect(readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'base']);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17');
    expect(readdirSync(root).filter((n) => n.includes('.init-'))).toEqual([]);
  });

  it('leaves DATA_DIR empty and no staging dir behind when the child fails, so the next start begins again', async () => {
    const { dataDir, entry } = setUp();
    process.env.CHILD_EXIT_CODE = '3';
    await expect(initialiseInChild(config(dataDir), entry)).rejects.toThrow(/first start failed \(exit 3\)/);
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(root).filter((n) => n.includes('.init-'))).toEqual([]);
    expect(isFirstEmbeddedStart(config(dataDir))).toBe(true);
  });

  it('logs its phases with wall and CPU, the app build without the database share', () => {
    const p = (wallMs: number, cpuMs: number) => ({ wallMs, cpuMs });
    const line = firstStartBreakdown({ load: p(500, 400), build: p(9000, 8000), demo: p(3000, 2500), close: p(20, 10) }, { open: p(6000, 5500), migrate: p(2000, 1800), migratedBy: 'script', dataDirFrom: 'initdb' });
    expect(line).toBe(
      'First start: modules 500 ms (CPU 400 ms), PGlite initdb 6000 ms (CPU 5500 ms), migrations by script 2000 ms (CPU 1800 ms), ' +
        'the rest of the app 1000 ms (CPU 700 ms), demo 3000 ms (CPU 2500 ms), close 20 ms (CPU 10 ms).',
    );
    const fromTemplate = firstStartBreakdown({ load: p(500, 400), build: p(3000, 2000), demo: p(3000, 2500), close: p(20, 10) }, { open: p(1200, 600), migrate: p(50, 40), migratedBy: 'drizzle', dataDirFrom: 'template' });
    expect(fromTemplate).toContain("PGlite start on the build's data template 1200 ms (CPU 600 ms), migrations by drizzle 50 ms (CPU 40 ms)");
  });
});
