import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
/** Every area, as the rule sees them: the folders of modules/ (no list kept by hand). */
const serverAreas = readdirSync(path.join(root, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const eslint = new ESLint({ cwd: root });

/** The boundary rule's messages for `code` as if it were the file at `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'tutoria/boundaries').map((m) => m.message);
}

/** One import of `source`, in each spelling the rule must see: static, `export … from`, `import()`. */
const spellings = (source: string) => [
  `import { x } from '${source}';\nexport const y = x;\n`,
  `export { x } from '${source}';\n`,
  `export * from '${source}';\n`,
  `export const load = () => import('${source}');\n`,
  `export type X = typeof import('${source}');\n`,
];

// ESLint's first run loads the config and its plugins: slow on a busy machine, so a generous timeout.
describe('server module boundaries (lint)', { timeout: 60_000 }, () => {
  const inLessons = 'apps/server/src/modules/lessons/lessons.example.ts';
  const deepInLessons = 'apps/server/src/modules/lessons/parts/deeper/example.ts';

  it.each([
    ['another area’s schema file', inLessons, '../../db/schema/users.ts'],
    ['the schema index', inLessons, '../../db/schema/index.ts'],
    ['the schema folder', inLessons, '../../db/schema'],
    ['another module’s repo', inLessons, '../users/users.repo.ts'],
    ['another module’s service, without extension', inLessons, '../users/users.service'],
    ['another module’s folder', inLessons, '../users'],
    ['a path that climbs out of its folder first', inLessons, './../users/users.repo.ts'],
    ['a path through modules/', inLessons, '../../modules/users/users.repo.ts'],
    ['a path that climbs and descends', inLessons, '../scheduling/../users/users.repo.ts'],
    ['a file deep in another module', inLessons, '../notifications/channels/channels.repo.ts'],
    ['another module’s inner file, from deep inside an area', deepInLessons, '../../../users/users.repo.ts'],
    ['another area’s tables, from deep inside an area', deepInLessons, '../../../../db/schema/users.ts'],
    ['a table through a climbing path', inLessons, '../../db/../db/schema/./finance.ts'],
  ])('refuses %s in every spelling', async (_case, file, source) => {
    for (const code of spellings(source)) {
      expect(await refusals(file, code), code).toHaveLength(1);
    }
  });

  it('refuses another area’s tables and inner files from every folder of modules/, reminders and system included', async () => {
    expect(serverAreas).toEqual(expect.arrayContaining(['reminders', 'system']));
    for (const area of [...serverAreas, 'an-area-added-tomorrow']) {
      const other = area === 'users' ? 'lessons' : 'users';
      const file = `apps/server/src/modules/${area}/example.ts`;
      expect(await refusals(file, spellings(`../../db/schema/${other}.ts`)[0]!), area).toHaveLength(1);
      expect(await refusals(file, spellings(`../${other}/${other}.repo.ts`)[0]!), area).toHaveLength(1);
      expect(await refusals(file, spellings(`../${other}/${other}.module.ts`)[0]!), area).toEqual([]);
    }
  });

  it('names the way out', async () => {
    const [tables] = await refusals(inLessons, spellings('../../db/schema/users.ts')[0]!);
    expect(tables).toBe(
      "The lessons module reads only its own tables; another area's data comes through that area's <area>.module.ts.",
    );
    const [inner] = await refusals(inLessons, spellings('../users/users.repo.ts')[0]!);
    expect(inner).toContain('<area>.module.ts');
  });

  it.each([
    ['its own tables', inLessons, '../../db/schema/lessons.ts'],
    ['people, the view every module may read', inLessons, '../../db/schema/people.ts'],
    ['another module’s module file', inLessons, '../users/users.module.ts'],
    [
      'another module’s module file through a climbing path',
      inLessons,
      '../scheduling/../users/users.module.ts',
    ],
    ['its own files', inLessons, './lessons.repo.ts'],
    ['its own files from deep inside', deepInLessons, '../../lessons.repo.ts'],
    ['its own tables from deep inside', deepInLessons, '../../../../db/schema/lessons.ts'],
    ['shared code', inLessons, '../../db/sql.ts'],
    ['the module context', inLessons, '../module.ts'],
    ['the access layer', inLessons, '../../access/reach.ts'],
    ['packages/shared', inLessons, '@tutoria/shared'],
  ])('allows %s', async (_case, file, source) => {
    for (const code of spellings(source)) {
      expect(await refusals(file, code), code).toEqual([]);
    }
  });

  it('lets tests read any table to assert what the database holds', async () => {
    for (const code of spellings('../../db/schema/users.ts')) {
      expect(await refusals('apps/server/src/modules/lessons/lessons.api.test.ts', code)).toEqual([]);
    }
  });

  it.each([
    ['lib', 'apps/server/src/lib/example.ts', '../modules/users/users.module.ts'],
    ['lib, deep inside', 'apps/server/src/lib/jobs/example.ts', '../../modules/users/users.module.ts'],
    ['db', 'apps/server/src/db/example.ts', '../modules/lessons/lessons.repo.ts'],
    ['db/schema', 'apps/server/src/db/schema/example.ts', '../../modules/users/users.module.ts'],
    ['http', 'apps/server/src/http/example.ts', './../modules/users/users.module.ts'],
    ['events', 'apps/server/src/events/example.ts', '../lib/../modules/users/users.module.ts'],
    ['plugins', 'apps/server/src/plugins/example.ts', '../modules/module.ts'],
  ])('keeps shared code downwards: %s imports no module', async (_case, file, source) => {
    for (const code of spellings(source)) {
      expect(await refusals(file, code), code).toEqual([
        'Shared server code never imports a module: a module plugs into it (a port, a registration).',
      ]);
    }
    expect(await refusals(file, spellings('../db/sql.ts')[0]!)).toEqual([]);
  });

  describe('the access layer (who reaches whom)', () => {
    const inAccess = 'apps/server/src/access/example.ts';

    it.each([
      ['a module', '../modules/users/users.module.ts'],
      ['a module’s repo', '../modules/scheduling/classes.repo.ts'],
      ['the module context', '../modules/module.ts'],
      ['the event bus', '../events/event-bus.ts'],
      ['a plugin', '../plugins/auth.ts'],
    ])('refuses %s', async (_case, source) => {
      for (const code of spellings(source)) {
        expect(await refusals(inAccess, code), code).toHaveLength(1);
      }
    });

    it.each([
      ['any area’s tables', '../db/schema/scheduling.ts'],
      ['the schema index', '../db/schema/index.ts'],
      ['db/', '../db/sql.ts'],
      ['http/', '../http/app-error.ts'],
      ['lib/', '../lib/time.ts'],
      ['its own files', './reach.repo.ts'],
      ['packages/shared', '@tutoria/shared'],
    ])('allows %s', async (_case, source) => {
      expect(await refusals(inAccess, spellings(source)[0]!)).toEqual([]);
    });
  });

  describe('one way to open a transaction', () => {
    const syntaxErrors = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const service = (body: string) =>
      `import type { ModuleContext } from '../module.ts';\nexport async function f(ctx: ModuleContext) {\n${body}\n}\n`;

    it.each([
      ['the database’s', 'await ctx.db.transaction(async (tx) => tx);'],
      ['a destructured database’s', 'const { db } = ctx;\nawait db.transaction(async (tx) => tx);'],
      [
        'a savepoint in an open one',
        'await ctx.transaction(async (tx) => tx.transaction(async (inner) => inner));',
      ],
    ])('refuses %s transaction in a module, pointing to ctx.transaction', async (_case, body) => {
      const [message] = await syntaxErrors(deepInLessons, service(body));
      expect(message).toContain('ctx.transaction(…)');
    });

    it('refuses withRetry, imported or called', async () => {
      const code =
        "import { withRetry } from '../../db/transaction.ts';\nexport const run = () => withRetry(async () => 1);\n";
      expect(await syntaxErrors(inLessons, code)).toHaveLength(2);
    });

    it('allows the context’s transaction, by its name or destructured', async () => {
      const body =
        'await ctx.transaction(async (tx) => tx);\nconst { transaction } = ctx;\nawait transaction(async (tx) => tx);';
      expect(await syntaxErrors(inLessons, service(body))).toEqual([]);
    });

    it('leaves tests and shared code alone', async () => {
      const body = 'await ctx.db.transaction(async (tx) => tx);';
      expect(
        await syntaxErrors('apps/server/src/modules/lessons/lessons.api.test.ts', service(body)),
      ).toEqual([]);
      expect(await syntaxErrors('apps/server/src/db/example.ts', service(body))).toEqual([]);
    });
  });

  describe('queries only in repos', () => {
    const syntaxErrors = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const service = (body: string) =>
      `import type { ModuleContext } from '../module.ts';\nexport async function f(ctx: ModuleContext, q: ModuleContext['db']) {\n${body}\n}\n`;

    it.each([
      ['a select on the database', 'const { db } = ctx;\nawait db.select().from(x);'],
      ['a count on the context’s database', 'await ctx.db.$count(x);'],
      ['an insert in an open transaction', 'await ctx.transaction(async (tx) => tx.insert(x).values({}));'],
      ['an update through a Queryable', 'await q.update(x).set({});'],
      ['a raw statement', 'await q.execute(sql`select 1`);'],
    ])('refuses %s outside a repo, pointing to the repo', async (_case, body) => {
      const [message] = await syntaxErrors(deepInLessons, service(body));
      expect(message).toContain('Queries live in repos');
    });

    it('refuses taking the row readers of db/sql.ts outside a repo', async () => {
      const code = "import { selectRows, selectRow } from '../../db/sql.ts';\nexport const readers = [selectRows, selectRow];\n";
      expect(await syntaxErrors(inLessons, code)).toHaveLength(2);
    });

    it('allows the same in a repo, and calls of a service or a Map named otherwise', async () => {
      const body = 'await q.select().from(x);\nawait ctx.db.$count(x);';
      expect(await syntaxErrors('apps/server/src/modules/lessons/lessons.repo.ts', service(body))).toEqual([]);
      const calls = 'const lessons = new Map();\nlessons.delete(1);\nawait ctx.store.delete("k");';
      expect(await syntaxErrors(inLessons, service(calls))).toEqual([]);
    });
  });

  it('refuses a module file over 400 lines, tests aside', async () => {
    const long = `${'export const x = 1;\n'}${'// a line\n'.repeat(400)}`;
    const rules = async (file: string) =>
      (await eslint.lintText(long, { filePath: path.join(root, file) }))[0]!.messages.map((m) => m.ruleId);
    expect(await rules(deepInLessons)).toContain('max-lines');
    expect(await rules('apps/server/src/modules/lessons/lessons.api.test.ts')).not.toContain('max-lines');
  });

  it('keeps packages/shared below both apps', async () => {
    for (const source of [
      '../../../apps/server/src/app.ts',
      './../../../apps/web/src/lib/api.ts',
      '@tutoria/web/src/lib/api.ts',
      '@tutoria/server',
    ]) {
      for (const code of spellings(source)) {
        expect(await refusals('packages/shared/src/example.ts', code), code).toEqual([
          'packages/shared sits below both apps and imports neither.',
        ]);
      }
    }
    expect(await refusals('packages/shared/src/example.ts', spellings('zod')[0]!)).toEqual([]);
    expect(
      await refusals('packages/shared/src/contract/example.ts', spellings('../schemas/common.ts')[0]!),
    ).toEqual([]);
  });
});
