import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Modules talk to each other only through their index.ts (STYLE.md); ui/ never imports modules/.

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/server/.e2e-build-*/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'packages/domain/src/reference/*.data.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-control-regex': 'off',
    },
  },
  // A server module reaches another only through its index.ts (its service, its port, its events). Its tables are
  // its own: only a table file may name another module's table, for a foreign key (issue 13).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index(\\.ts)?$)',
              message: "Import another module only through its index.ts (its tables are its own: ask its port)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index(\\.ts)?$)(?![^/]+\\.tables(\\.ts)?$)',
              message: "A table file may import another module's table file (a foreign key), nothing else of it",
            },
          ],
        },
      ],
    },
  },
  // The composition root and the platform see a module only through its index.ts too (schema.ts gathers every
  // table file for drizzle-kit's migrations).
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\./|\\.\\./)modules/[^/]+/(?!index(\\.ts)?$)', message: 'Import a module only through its index.ts' }] },
      ],
    },
  },
  // Libraries a server at rest never calls are loaded on first use, through platform/libraries.ts (idle memory,
  // docs/PERFORMANCE.md): elsewhere on the server they are imported for their types only.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/libraries.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['pdf-lib', 'qrcode', 'ics', 'stripe', 'nodemailer'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it with platform/libraries.ts on first use (import type is fine)',
          })),
        },
      ],
    },
  },
  // The web mirrors it: a module file reaches another module only through '../<b>/index.ts' (a lazy import() of a
  // page by the router is app/'s own business, and no-restricted-imports does not look at import() expressions).
  // One block per folder depth, so that exactly enough '../' to climb to modules/ names another module.
  ...[1, 2, 3, 4, 5].map((depth) => ({
    files: [`apps/web/src/modules/${'*/'.repeat(depth)}*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // The modals host mounts after the page: a confirmation sent before it listens would be lost.
          paths: [{ name: '@mantine/modals', message: "Use openConfirmModal of app/confirm-modal.ts: it waits for the lazily mounted host" }],
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index(\\.ts)?$)`,
              message: 'Import another web module only through its index.ts',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./modules/[^/]+/(?!index(\\.ts)?$)', message: 'app/ imports a module through its index.ts (pages: lazy import())' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: 'modules/', message: 'ui/ never imports modules/' }] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
