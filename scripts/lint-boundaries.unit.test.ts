import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The browser's module boundaries are lint errors (eslint.config.js): each case lints one import
 * as if it were written in the named file, and checks whether the boundary rule refuses it.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const code = `import { thing } from '${source}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const coursesPage = 'apps/web/src/features/courses/pages/courses-page.tsx';
const coursesIndex = 'apps/web/src/features/courses/index.ts';

// ESLint's first run loads the type-aware config: slow on a busy machine, so a generous timeout.
describe('browser module boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['a deep import of another feature', coursesPage, '@/features/lessons/api/get-lessons'],
    ['a relative climb into another feature', coursesPage, '../../lessons/components/list-filters'],
    ['a relative climb from a feature’s top file', coursesIndex, '../lessons/index'],
    [
      'a relative climb from a nested folder',
      'apps/web/src/features/classes/components/details/x.tsx',
      '../../../users',
    ],
    ['a feature importing app/', coursesPage, '@/app/router'],
    ['shared code importing a feature', 'apps/web/src/lib/anything.ts', '@/features/auth'],
    ['shared code climbing into a feature', 'apps/web/src/components/shell/x.tsx', '../../features/auth'],
    ['shared code importing app/', 'apps/web/src/hooks/use-x.ts', '@/app/paths'],
  ])('refuses %s', async (_case, file, source) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['another feature through its index.ts', coursesPage, '@/features/lessons'],
    ['a feature’s own files', coursesPage, '../api/get-courses'],
    [
      'its own files from a nested folder',
      'apps/web/src/features/classes/components/details/x.tsx',
      '../../lib/abilities',
    ],
    ['shared code from a feature', coursesPage, '@/hooks/use-server-list'],
    ['shared code from shared code', 'apps/web/src/hooks/use-x.ts', '@/lib/list-params'],
    ['a feature page from app/', 'apps/web/src/app/router.tsx', '@/features/lessons/pages/lessons-page'],
  ])('allows %s', async (_case, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });

  it('names the way out in its message', async () => {
    const [message] = await boundaryErrors(coursesPage, '@/features/lessons/catalog');
    expect(message).toContain("'@/features/<name>'");
  });
});
