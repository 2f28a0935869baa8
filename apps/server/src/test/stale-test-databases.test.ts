import { describe, expect, it } from 'vitest';
import { STALE_TEST_RUN_MS, staleTestDatabases, testRunTag } from './test-app.ts';

/** The tag a run started at `ms` would have (its time, then a random part). */
const tagAt = (ms: number) => `${ms.toString(36).padStart(8, '0')}k3x9`;

describe('staleTestDatabases', () => {
  const now = Date.UTC(2026, 10, 29, 3, 0);
  const old = tagAt(now - STALE_TEST_RUN_MS - 60_000);
  const recent = tagAt(now - 30 * 60_000);

  it("picks a killed run's databases (templates and copies of both projects) once the run is over 6 hours old", () => {
    const names = [`pv_test_tpl_${old}`, `pv_test_${old}_abc123`, `pv_e2e_tpl_${old}`, `pv_e2e_${old}_xyz`, `pv_test_tpl_${recent}`, `pv_test_${recent}_abc`, `pv_e2e_${recent}_q`];
    expect(staleTestDatabases(names, now)).toEqual([`pv_test_tpl_${old}`, `pv_test_${old}_abc123`, `pv_e2e_tpl_${old}`, `pv_e2e_${old}_xyz`]);
  });

  it('never picks a database that is not a test run’s', () => {
    expect(staleTestDatabases(['test', 'postgres', 'pavilion', 'pv_bench_checkout', `pv_other_${old}`, 'pv_test_', 'pv_test_short'], now)).toEqual([]);
  });

  it("reads a fresh tag as a live run's", () => {
    const tag = testRunTag();
    expect(tag).toMatch(/^[0-9a-z]{9,}$/);
    expect(staleTestDatabases([`pv_test_${tag}_f1`], Date.now())).toEqual([]);
    expect(staleTestDatabases([`pv_test_${tag}_f1`], Date.now() + STALE_TEST_RUN_MS + 1000)).toEqual([`pv_test_${tag}_f1`]);
  });
});
