import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Modules talk to each other only through their index.ts (STYLE.md); ui/ never imports modules/.

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'packages/domain/src/reference/*.data.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Foreign keys may name another module's tables; everything else goes through its index.ts.
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index(\\.ts)?$)(?![^/]+\\.tables(\\.ts)?$)',
              message: 'Import another module only through its index.ts',
            },
          ],
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
