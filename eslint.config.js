import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      'packages/db/migrations/**',
      'e2e/artifacts/**',
      '**/*.js',
      '**/*.mjs',
      // Hand-written declarations of the plain .mjs scripts above (no tsconfig owns them all).
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object with a derived union.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `@bhasha/<workspace>/testing` is a workspace's declared test-support entry.
              group: ['@bhasha/*/*', '!@bhasha/*/testing'],
              message: 'Import other workspaces through their package entry.',
            },
          ],
        },
      ],
    },
  },
  {
    // Queries live in repositories: elsewhere the server may hold a `Database` or an opaque `SQL`
    // condition (types), never build a query, name a table or write raw SQL.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'Queries belong in a *.repository.ts file.',
            },
            {
              name: '@bhasha/db',
              allowTypeImports: true,
              allowImportNames: ['createDb', 'restrictToOwner'],
              message: 'Tables and queries belong in a *.repository.ts file.',
            },
          ],
          patterns: [
            {
              group: ['@bhasha/*/*', '!@bhasha/*/testing'],
              message: 'Import other workspaces through their package entry.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object with a derived union.' },
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']",
          message: 'Raw SQL belongs in a *.repository.ts file.',
        },
        {
          selector: "TSAsExpression[typeAnnotation.typeName.name='Database']",
          message: 'A transaction is already a Database: use withTransaction (lib/with-transaction.ts).',
        },
      ],
    },
  },
  {
    // The dashboard and the snippet run in browsers: they may never reach server or database code.
    files: ['apps/web/**/*.{ts,tsx}', 'apps/snippet/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `@bhasha/engine/browser` is the engine's entry for browsers: its pure checks, no codecs.
              group: ['@bhasha/server', '@bhasha/db', '@bhasha/mt', '@bhasha/*/*', '!@bhasha/engine/browser'],
              message: 'Browser code may import only @bhasha/contract and @bhasha/engine.',
            },
            {
              group: ['**/apps/server/**', '**/packages/db/**', '**/packages/mt/**'],
              message: 'Browser code may not reach server code.',
            },
            {
              group: ['pg', 'pg-boss', 'fastify', 'drizzle-orm', '@electric-sql/pglite'],
              message: 'Server-only dependency.',
            },
          ],
        },
      ],
    },
  },
  {
    // The snippet's tests run in Node and drive Chromium: besides the browser entries they may use
    // the shared test support (headless Chromium options).
    files: ['apps/snippet/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@bhasha/server',
                '@bhasha/db',
                '@bhasha/mt',
                '@bhasha/*/*',
                '!@bhasha/contract/testing',
              ],
              message:
                'Snippet tests may import @bhasha/contract, @bhasha/engine and @bhasha/contract/testing.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests read answers through `inject().json()`, which is `any` by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
