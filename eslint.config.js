import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** platform/db: the Drizzle schema, tenant-scoped transactions, the pool. */
const databaseLayer = ['**/platform/db', '**/platform/db/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'apps/server/migrations/**',
      'bench/results/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Rules that need types: a promise nobody awaits loses its error (an unhandled rejection kills the server,
    // a failed mutation in the web goes unnoticed). One TypeScript program per workspace tsconfig.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Config files and plain-JS scripts sit outside every workspace tsconfig (no allowJs; the bundle-budget
          // test imports a .mjs that tsc would refuse), so TypeScript's default project types them.
          allowDefaultProject: [
            '*.js',
            'vitest.config.ts',
            'scripts/*.mjs',
            'e2e/*.mjs',
            'apps/server/bin/*.mjs',
            'apps/web/*.cjs',
            'apps/web/vitest.config.ts',
            'apps/web/scripts/*.{mjs,ts}',
          ],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // React Router's navigate() returns a promise under a data router that settles when the navigation is
          // done and never rejects (a failing route shows its errorElement), so calling it as a statement is
          // the intended use; everything else that floats is a finding.
          allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
        },
      ],
      // checksVoidReturn stays on for JSX attributes too: an async onClick is rare here, and where one exists
      // its rejection must be handled, not dropped by React.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Testing Library's getBy/findBy already throw when nothing matches, so expect(…).toBeTruthy() on their
    // result adds nothing: say what the element shows instead (its text, value, state, href).
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['', 'AwaitExpression > '].map((awaited) => ({
          selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/] > MemberExpression > CallExpression[callee.name='expect'] > ${awaited}CallExpression:matches([callee.property.name=/^(get|find)(All)?By/], [callee.name=/^(get|find)(All)?By/])`,
          message: 'getBy/findBy already throw when nothing matches: assert what the element shows instead.',
        })),
      ],
    },
  },
  {
    // platform/ is the machinery every module uses; it must not reach into business modules.
    files: ['apps/server/src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/modules/**'] }] },
  },
  {
    // ARCHITECTURE §2: a resolver calls services, never the database directly.
    files: ['apps/server/src/**/*.graphql.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: databaseLayer, message: 'A resolver calls its service; the database layer belongs to services.' },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg'],
              message: 'A resolver calls its service, not the database.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web talks to the server over GraphQL only: it imports packages/domain and generated types.
    files: ['apps/web/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: databaseLayer, message: 'The web never reaches the database layer.' },
            {
              // apps/server by workspace name, by path from the root, or relative from apps/web (../../server/src).
              group: [
                '@canvass/server',
                '@canvass/server/**',
                '**/apps/server',
                '**/apps/server/**',
                '**/server/src/**',
              ],
              message: 'The web imports packages/domain and generated types, never apps/server.',
            },
          ],
        },
      ],
    },
  },
);
