import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Module boundaries on the server (docs/architecture.md "Modules"): a module imports only its own
 * schema files (and `people`, the users area's published view), and another module only through
 * that module's `<area>.module.ts`. Tests may look at any table to assert what the database holds.
 */
const serverModules = {
  auth: ['auth'],
  users: ['users'],
  lessons: ['lessons'],
  specifications: ['specifications'],
  scheduling: ['scheduling'],
  system: [],
  // Notifications (issue 12)
  notifications: ['notifications'],
  // finance (issue 11)
  finance: ['finance'],
  // academic records (issue 10)
  academic: ['academic'],
  // progress stage: course plans and applications (issue 12)
  progress: ['progress'],
  // surveys (issue 12)
  surveys: ['surveys'],
};

const moduleBoundaries = Object.entries(serverModules).map(([area, tables]) => ({
  files: [`apps/server/src/modules/${area}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^\\.\\./\\.\\./db/schema/(?!(${[...tables, 'people'].join('|')})\\.ts$)`,
            message: `The ${area} module reads only its own tables; another area's data comes through that area's <area>.module.ts.`,
          },
          {
            regex: `^\\.\\./(?!${area}/)[\\w-]+/(?![\\w-]+\\.module\\.ts$)`,
            message: "Another module is reached only through its <area>.module.ts (its services and read ports), never its repo, service or routes files.",
          },
        ],
      },
    ],
  },
}));

/**
 * Shared code only downwards (docs/architecture.md "Server layers"): the server's lib/, db/, http/,
 * events/ and plugins/ serve every module and import none; packages/shared serves both apps and
 * imports neither.
 */
const sharedDownwards = [
  {
    files: ['apps/server/src/{lib,db,http,events,plugins}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+modules(/|$)',
              message: 'Shared server code never imports a module: a module plugs into it (a port, a registration).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^((\\.\\./)+apps(/|$)|@tutoria/(server|web)(/|$))',
              message: 'packages/shared sits below both apps and imports neither.',
            },
          ],
        },
      ],
    },
  },
];

/**
 * The browser's boundaries (docs/architecture.md, Browser): app/ may use everything; a feature
 * uses shared code (components/, hooks/, lib/) and reaches another feature only through its
 * index.ts; shared code uses neither features nor app. `no-restricted-imports` sees the import
 * text, so a relative import is judged by how far it climbs from the file's folder.
 */
const web = 'apps/web/src';
const toApp = {
  regex: '^(@/|(\\.\\./)+)app(/|$)',
  message: 'app/ sits on top: move what is shared into components/, hooks/ or lib/.',
};
const intoFeature = {
  regex: '^@/features/[^/]+/',
  message:
    "Import another feature through its index.ts ('@/features/<name>'), a feature's own files relatively.",
};
const toFeatures = {
  regex: '^(@/|(\\.\\./)+)features(/|$)',
  message: 'Shared code never imports a feature: move what both need into components/, hooks/ or lib/.',
};
/** A relative import climbing out of its feature (`depth` folders below the feature's own). */
const outOfFeature = (depth) => ({
  regex: `^(\\.\\./){${depth + 1},}`,
  message:
    "Reach another feature as '@/features/<name>' and shared code as '@/components', '@/hooks' or '@/lib'.",
});
/** A page builds only the schemas of the areas it calls (issue 9): no browser file takes the whole contract. */
const wholeContract = [
  {
    name: '@tutoria/shared',
    importNames: ['contract', 'allEndpoints'],
    message: "Import the area's own contract (usersContract, classesContract…): the whole one builds every area's schemas.",
  },
];
const webBoundaries = [
  {
    files: [`${web}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: wholeContract }] },
  },
  {
    files: [`${web}/{components,hooks,lib}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: wholeContract, patterns: [toApp, toFeatures] }] },
  },
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`${web}/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: wholeContract, patterns: [toApp, intoFeature, outOfFeature(depth)] },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '.test-data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
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
  ...webBoundaries,
  {
    files: ['**/*.config.{ts,js}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...moduleBoundaries,
  ...sharedDownwards,
);
