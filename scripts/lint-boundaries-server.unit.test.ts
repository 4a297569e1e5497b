import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

// ESLint's first run loads the type-aware config: slow on a busy machine, so a generous timeout.
describe('server module boundaries (lint)', { timeout: 60_000 }, () => {
  const inLessons = 'apps/server/src/modules/lessons/lessons.example.ts';

  it('refuses another module’s table, repo or service', async () => {
    for (const code of [
      "import { users } from '../../db/schema/users.ts';\nexport const x = users;\n",
      "import { users } from '../../db/schema/index.ts';\nexport const x = users;\n",
      "import * as repo from '../users/users.repo.ts';\nexport const x = repo;\n",
      "import { createUsersService } from '../users/users.service.ts';\nexport const x = createUsersService;\n",
    ]) {
      expect(await problems(inLessons, code)).toContain('no-restricted-imports');
    }
  });

  it('allows its own tables and another module’s public module file', async () => {
    for (const code of [
      "import { lessons } from '../../db/schema/lessons.ts';\nexport const x = lessons;\n",
      "import { people } from '../users/users.module.ts';\nexport const x = people;\n",
      "import { people } from '../../db/schema/people.ts';\nexport const x = people;\n",
      "import { lessonSummaries } from './lessons.repo.ts';\nexport const x = lessonSummaries;\n",
    ]) {
      expect(await problems(inLessons, code)).toEqual([]);
    }
  });

  it('lets tests read any table to assert what the database holds', async () => {
    const code = "import { users } from '../../db/schema/users.ts';\nexport const x = users;\n";
    expect(await problems('apps/server/src/modules/lessons/lessons.api.test.ts', code)).toEqual([]);
  });
});
