import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The browser's module boundaries are lint errors (eslint.config.js): each case lints one import
 * as if it were written in the named file, in each spelling (static, `export … from`, `import()`),
 * and checks whether the boundary rule refuses it.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

const spellings = (source: string) => [
  `import { thing } from '${source}';\nexport const used = thing;\n`,
  `export { thing } from '${source}';\n`,
  `export * from '${source}';\n`,
  `export const load = () => import('${source}');\n`,
];

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'tutoria/boundaries').map((m) => m.message);
}

const coursesPage = 'apps/web/src/features/courses/pages/courses-page.tsx';
const coursesIndex = 'apps/web/src/features/courses/index.ts';
const deepInClasses = 'apps/web/src/features/classes/components/details/parts/deeper/x.tsx';

// ESLint's first run loads the config and its plugins: slow on a busy machine, so a generous timeout.
describe('browser module boundaries', { timeout: 60_000 }, () => {
  it('covers every folder of features/, and one added tomorrow', async () => {
    const features = readdirSync(fileURLToPath(new URL('../apps/web/src/features', import.meta.url)), {
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const feature of [...features, 'added-tomorrow']) {
      const other = feature === 'users' ? 'lessons' : 'users';
      const file = `apps/web/src/features/${feature}/components/deep/x.tsx`;
      expect(await boundaryErrors(file, spellings(`@/features/${other}/api/x`)[0]!), feature).toHaveLength(1);
      expect(await boundaryErrors(file, spellings(`../../../${other}/api/x`)[0]!), feature).toHaveLength(1);
      expect(await boundaryErrors(file, spellings(`@/features/${other}`)[0]!), feature).toEqual([]);
    }
  });

  it.each([
    ['a deep import of another feature', coursesPage, '@/features/lessons/api/get-lessons'],
    ['another feature’s index.ts spelled out', coursesPage, '@/features/lessons/index'],
    ['its own files through the alias', coursesPage, '@/features/courses/api/get-courses'],
    ['a relative climb into another feature', coursesPage, '../../lessons/components/list-filters'],
    ['a relative climb from a feature’s top file', coursesIndex, '../lessons/index'],
    [
      'a relative climb from a nested folder',
      'apps/web/src/features/classes/components/details/x.tsx',
      '../../../users',
    ],
    ['a climb out of its folder first', coursesIndex, './../lessons'],
    ['a climb that descends into another feature', coursesPage, '../../courses/../lessons/api/get-lessons'],
    ['a relative climb into shared code', coursesPage, '../../../lib/list-params'],
    ['another feature, from a file five folders deep', deepInClasses, '@/features/users/api/users'],
    ['a relative climb from a file five folders deep', deepInClasses, '../../../../../users/api/users'],
    ['a feature importing app/', coursesPage, '@/app/router'],
    ['a feature climbing into app/', deepInClasses, '../../../../../../app/router'],
    ['shared code importing a feature', 'apps/web/src/lib/anything.ts', '@/features/auth'],
    ['shared code climbing into a feature', 'apps/web/src/components/shell/x.tsx', '../../features/auth'],
    [
      'shared code climbing in by a detour',
      'apps/web/src/components/shell/x.tsx',
      './../../lib/../features/auth',
    ],
    ['shared code importing app/', 'apps/web/src/hooks/use-x.ts', '@/app/paths'],
  ])('refuses %s in every spelling', async (_case, file, source) => {
    for (const code of spellings(source)) {
      expect(await boundaryErrors(file, code), code).toHaveLength(1);
    }
  });

  it.each([
    ['another feature through its index.ts', coursesPage, '@/features/lessons'],
    ['a feature’s own files', coursesPage, '../api/get-courses'],
    [
      'its own files from a nested folder',
      'apps/web/src/features/classes/components/details/x.tsx',
      '../../lib/abilities',
    ],
    ['its own files from a file five folders deep', deepInClasses, '../../../../lib/abilities'],
    ['shared code from a feature', coursesPage, '@/hooks/use-server-list'],
    ['shared code from shared code', 'apps/web/src/hooks/use-x.ts', '@/lib/list-params'],
    ['shared code climbing to shared code', 'apps/web/src/hooks/use-x.ts', '../lib/list-params'],
    ['a feature page from app/', 'apps/web/src/app/router.tsx', '@/features/lessons/pages/lessons-page'],
    [
      'a test helper from a feature’s test',
      'apps/web/src/features/classes/components/x.test.tsx',
      '../../../../test/render',
    ],
  ])('allows %s', async (_case, file, source) => {
    for (const code of spellings(source)) {
      expect(await boundaryErrors(file, code), code).toEqual([]);
    }
  });

  it('names the way out in its message', async () => {
    const [message] = await boundaryErrors(coursesPage, spellings('@/features/lessons/catalog')[0]!);
    expect(message).toContain("'@/features/<name>'");
  });

  describe('query keys from the registry', () => {
    const keyErrors = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: file });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const page = 'apps/web/src/features/finance/api/example.ts';

    it.each([
      ['a query’s key', "export const q = { queryKey: ['classes', 'details', 'x'] };\n"],
      ['a key as const', "export const q = { queryKey: ['classes'] as const };\n"],
      [
        'a key built from a family',
        "const all = ['finance'] as const;\nexport const q = { queryKey: [...all, 'charges'] };\n",
      ],
      [
        'an invalidation',
        "import { queryClient } from '@/lib/query-client';\nexport const r = () => queryClient.invalidateQueries({ queryKey: ['classes'] });\n",
      ],
      [
        'setQueryData',
        "import { queryClient } from '@/lib/query-client';\nexport const r = () => queryClient.setQueryData(['auth', 'user'], null);\n",
      ],
    ])('refuses %s spelled as an array', async (_case, code) => {
      const [message] = await keyErrors(page, code);
      expect(message).toContain("'@/lib/query-keys'");
    });

    it('allows keys from the registry, arrays in the registry itself and in tests', async () => {
      const fromRegistry =
        "import { classKeys } from '@/lib/query-keys';\nexport const q = { queryKey: classKeys.details('x') };\n";
      expect(await keyErrors(page, fromRegistry)).toEqual([]);
      const literal = "export const q = { queryKey: ['probe'] };\n";
      expect(await keyErrors('apps/web/src/lib/query-keys.ts', literal)).toEqual([]);
      expect(await keyErrors('apps/web/src/hooks/use-x.test.tsx', literal)).toEqual([]);
    });
  });

  it('refuses the whole contract in the browser', async () => {
    const [result] = await eslint.lintText(
      "import { contract } from '@tutoria/shared';\nexport const c = contract;\n",
      {
        filePath: coursesPage,
      },
    );
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
  });
});
