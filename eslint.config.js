import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Module boundaries on the server (docs/architecture.md "Modules"): a module imports only its own
 * schema files (and `people`, the users area's published view), and another module only through
 * that module's `<area>.module.ts`. Tests may look
 * at any table to assert what the database holds.
 */
const serverModules = {
  auth: ['auth'],
  users: ['users'],
  lessons: ['lessons'],
  specifications: ['specifications'],
  scheduling: ['scheduling'],
  system: [],
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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-data/**', 'apps/server/drizzle/**'] },
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
  {
    files: ['**/*.config.{ts,js}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...moduleBoundaries,
);
