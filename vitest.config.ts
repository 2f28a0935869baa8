import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web app runs on Preact's React compatibility layer (ARCHITECTURE.md "Web runtime"); its tests run on it too.
// Libraries that import React (Mantine, React Router, react-i18next, TanStack Query) are inlined so the aliases reach
// their imports as well, instead of Node loading the real react from node_modules.
const preactAliases = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat$1' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's shim for React 17 is CommonJS too; preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
  // Under Node, React Router's package maps to its CommonJS build, whose require('react') no alias reaches.
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
];

// Three projects: `unit` (domain, server routes on PGlite or DATABASE_URL), `web` (the web app's logic and
// components) and `e2e` (Playwright journeys in Debian's Chromium against a real server). npm test runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
        resolve: { alias: preactAliases },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          server: { deps: { inline: true } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
