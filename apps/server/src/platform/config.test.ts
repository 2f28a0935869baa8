import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', DATABASE_URL: undefined, REDIS_URL: undefined, MAIL_CLAIM_LEASE_SECONDS: 300 });
    expect(loadConfig({ MAIL_CLAIM_LEASE_SECONDS: '30' }).MAIL_CLAIM_LEASE_SECONDS).toBe(30);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAVILION_DEMO: 'maybe' }, 'PAVILION_DEMO'],
    [{ MAIL_CLAIM_LEASE_SECONDS: '1' }, 'MAIL_CLAIM_LEASE_SECONDS'],
    [{ MAIL_CLAIM_LEASE_SECONDS: 'soon' }, 'MAIL_CLAIM_LEASE_SECONDS'],
    [{ NODE_ENV: 'production', PAVILION_DEMO: '1' }, 'PAVILION_DEMO'],
  ])('refuses %o naming the setting', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('says why the demo is not offered in production, and allows production without it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAVILION_DEMO: 'yes' })).toThrow(/PAVILION_DEMO: the demo pays its orders on the built-in test gateway, which NODE_ENV=production does not offer/);
    expect(loadConfig({ NODE_ENV: 'production', PAVILION_DEMO: '0' })).toMatchObject({ NODE_ENV: 'production', PAVILION_DEMO: false });
    expect(loadConfig({ NODE_ENV: 'production' }).PAVILION_DEMO).toBeUndefined();
    expect(loadConfig({ PAVILION_DEMO: '1' }).PAVILION_DEMO).toBe(true);
  });

  it('makes the server exit 1 with a clear message on a bad value', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '', REDIS_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT');
  });
});
