import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and web files wait on Postgres and sockets as much as they compute: one worker more than the cores keeps both
// cores busy (Vitest's default is one less than the cores, a single worker on a 2-core CI machine).
const WORKERS = availableParallelism() + 1;

// Three projects: `unit` (domain, server routes on PGlite or DATABASE_URL), `web` (the web app's logic and
// components) and `e2e` (Playwright journeys in Debian's Chromium against a real server). npm test runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // On DATABASE_URL: one migrated template database per run, copied for each file (test/global-setup.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: WORKERS,
          // Files share a worker process (each still builds its own app on its own database): importing the server
          // once per worker instead of once per file. A file that changes process.env puts it back in its afterAll.
          isolate: false,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          maxWorkers: WORKERS,
          // As unit: files share each worker's imports (React, Mantine, i18next: 49 s of imports for 5 s of tests
          // when every file imported them anew). A file that sets up a DOM or globals puts them back in its afterAll.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // The demo is told once per run; each file's server starts on a copy of it (e2e/support/server.ts).
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Three files at a time, each with its own server, database and Chromium: one file alone left a quarter of
          // the two cores idle (its waits on the server, the mail sink and the browser); two cut the phase from 758 s
          // to 558 s, and with 59 files still left 15 % idle; three cut it from 658 s to 568 s on the same quiet
          // machine (docs/PERFORMANCE.md, "The test run itself"). A poll waits up to 15 s for the page to get there
          // (Vitest's default is 1 s, which a busy machine misses); a poll that passes stops at once.
          maxWorkers: 3,
          // Files share each worker's imports (Playwright, axe, pg: about 1.6 s a file); each still has its own server,
          // database and browser.
          isolate: false,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
