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

  it('keeps shared code downwards: lib, db, http, events and plugins import no module', async () => {
    for (const [file, code] of [
      ['apps/server/src/lib/example.ts', "import { people } from '../modules/users/users.module.ts';\nexport const x = people;\n"],
      ['apps/server/src/db/example.ts', "import * as repo from '../modules/lessons/lessons.repo.ts';\nexport const x = repo;\n"],
      ['apps/server/src/db/schema/example.ts', "import { people } from '../../modules/users/users.module.ts';\nexport const x = people;\n"],
      ['apps/server/src/http/example.ts', "import { people } from '../modules/users/users.module.ts';\nexport const x = people;\n"],
      ['apps/server/src/events/example.ts', "import { people } from '../modules/users/users.module.ts';\nexport const x = people;\n"],
      ['apps/server/src/plugins/example.ts', "import { people } from '../modules/users/users.module.ts';\nexport const x = people;\n"],
    ]) {
      expect(await problems(file!, code!)).toContain('no-restricted-imports');
    }
    const allowed = "import { selectRows } from '../db/sql.ts';\nexport const x = selectRows;\n";
    expect(await problems('apps/server/src/lib/example.ts', allowed)).toEqual([]);
  });

  it('keeps packages/shared below both apps', async () => {
    for (const code of [
      "import { buildApp } from '../../../apps/server/src/app.ts';\nexport const x = buildApp;\n",
      "import { api } from '@tutoria/web/src/lib/api.ts';\nexport const x = api;\n",
      "import { buildApp } from '@tutoria/server';\nexport const x = buildApp;\n",
    ]) {
      expect(await problems('packages/shared/src/example.ts', code)).toContain('no-restricted-imports');
    }
    const allowed = "import { z } from 'zod';\nexport const x = z;\n";
    expect(await problems('packages/shared/src/example.ts', allowed)).toEqual([]);
  });
});
