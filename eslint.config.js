import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesPlugin } from './scripts/eslint-boundaries.js';

/**
 * Import boundaries, one rule for both apps (`scripts/eslint-boundaries.js`; docs/architecture.md
 * "Modules own their tables" and "Layers and boundaries"). Each import, `export … from` and
 * `import()` is judged by the file it lands on, whatever its spelling; the areas are the folders of
 * `apps/server/src/modules/` and `apps/web/src/features/`, read when ESLint loads this config.
 * - Server: a module imports only its own schema file and `people.ts`, another module only through
 *   its `<area>.module.ts`; lib/, db/, http/, events/ and plugins/ import no module; access/ (who
 *   reaches whom) imports only db/, http/, lib/ and packages/shared. A module's tests may look at any
 *   table to assert what the database holds.
 * - packages/shared imports neither app.
 * - Browser: app/ sits on top; components/, hooks/ and lib/ import neither features nor app/; a
 *   feature reaches another only as '@/features/<name>' (its index.ts), its own files relatively.
 */
const boundaries = {
  files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
  ignores: ['apps/server/src/modules/**/*.test.ts'],
  plugins: { tutoria: boundariesPlugin },
  rules: { 'tutoria/boundaries': 'error' },
};

/** A page builds only the schemas of the areas it calls (issue 9): no browser file takes the whole contract. */
const wholeContract = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@tutoria/shared',
            importNames: ['contract', 'allEndpoints'],
            message:
              "Import the area's own contract (usersContract, classesContract…): the whole one builds every area's schemas.",
          },
        ],
      },
    ],
  },
};

/** Named exports only, everywhere; the groups below repeat it beside their own selectors. */
const namedExports = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

/**
 * One way to open a transaction (docs/architecture.md "Services"): a module's command runs in
 * `ctx.transaction(…)` (db/transaction.ts), retried on a deadlock and with its events dispatched
 * after commit; a raw `<db>.transaction(…)` or `withRetry(…)` skips one or both. No module file
 * is over 400 lines, counted as `wc -l` counts them: comments and blank lines are read too.
 */
const oneTransaction =
  'Open a transaction with ctx.transaction(…) (db/transaction.ts, modules/module.ts): one per command, retried on a deadlock or serialization failure, its events dispatched after commit.';
const transactionRules = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']:not([callee.object.type='Identifier'][callee.object.name='ctx'])",
    message: oneTransaction,
  },
  { selector: "CallExpression[callee.name='withRetry']", message: oneTransaction },
  { selector: "ImportSpecifier[imported.name='withRetry']", message: oneTransaction },
];
const moduleFiles = {
  files: ['apps/server/src/modules/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-syntax': ['error', namedExports, ...transactionRules],
    'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
  },
};

/**
 * Queries only in repos (docs/architecture.md "Server layers"): outside a `*.repo.ts` file a module
 * runs no statement on the database or an open transaction (`db`, `tx`, `q`, `ctx.db`) and takes
 * none of db/sql.ts's row readers; it calls a repo function instead.
 */
const inRepo = 'Queries live in repos (<name>.repo.ts): call a repo function; another area\'s data comes through its <area>.module.ts.';
const queryCall = '/^(select|selectDistinct|insert|update|delete|execute|query|\\$count)$/';
const moduleNonRepoFiles = {
  files: ['apps/server/src/modules/**/*.ts'],
  ignores: ['**/*.test.ts', '**/*.repo.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      namedExports,
      ...transactionRules,
      { selector: `CallExpression[callee.property.name=${queryCall}][callee.object.name=/^(db|tx|q)$/]`, message: inRepo },
      {
        selector: `CallExpression[callee.property.name=${queryCall}][callee.object.type='MemberExpression'][callee.object.property.name='db']`,
        message: inRepo,
      },
      { selector: "ImportSpecifier[imported.name=/^(selectRows|selectRow)$/]", message: inRepo },
    ],
  },
};

/**
 * Query keys come from one registry (`apps/web/src/lib/query-keys.ts`, docs/architecture.md "Query
 * keys"): a key spelled as an array elsewhere is refused, so refreshing another feature's data is an
 * import of its key family. Tests may make keys of their own for probe queries.
 */
const fromRegistry = "Take the query key from the registry ('@/lib/query-keys'), adding the family there if it is new.";
const webQueryKeys = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: ['apps/web/src/lib/query-keys.ts', '**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      namedExports,
      { selector: "Property[key.name='queryKey'] > ArrayExpression.value", message: fromRegistry },
      {
        selector: "Property[key.name='queryKey'] > :matches(TSAsExpression, TSSatisfiesExpression) > ArrayExpression",
        message: fromRegistry,
      },
      {
        selector: "CallExpression[callee.property.name=/^(get|set|ensure)QueryData$/] > ArrayExpression:first-child",
        message: fromRegistry,
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '.test-data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', namedExports],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  wholeContract,
  webQueryKeys,
  moduleFiles,
  moduleNonRepoFiles,
  {
    files: ['**/*.config.{ts,js}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  boundaries,
);
