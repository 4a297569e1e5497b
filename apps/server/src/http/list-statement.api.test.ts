import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, type ListQueryInput, textSearchGroup } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { PREPARED_MARK } from '../db/prepared.ts';
import { users } from '../db/schema/index.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type ColumnMap, compileListQuery, finishPage, totalCountColumn } from './list-query.ts';
import { listStatement, type ListStatementParts, sqlListStatement } from './list-statement.ts';

/** A list's statement built once per shape, against a real database (PGlite, or PostgreSQL). */
let t: TestApp;
const columns: ColumnMap = {
  fullName: { type: 'text', sql: users.fullName },
  role: { type: 'enum', sql: users.role },
  createMoment: { type: 'time', sql: users.createMoment },
};
const NAMES = ['Ann Lee', 'anna Wu', 'ANNIE Ho', '100% Sure', 'under_score', 'Bob Ma', "O'Brien"];
const day = (i: number) => Date.UTC(2026, 0, 1 + i) / 1000;

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, fullName] of NAMES.entries()) {
    await buildUser(t.db, { fullName, role: 'Teacher', createMoment: new Date(day(i) * 1000) });
  }
});
afterAll(() => t.close());

const build = (q: Queryable, parts: ListStatementParts) =>
  q
    .select({ fullName: users.fullName, totalCount: totalCountColumn })
    .from(users)
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .limit(parts.limit)
    .offset(parts.offset);
const page = listStatement(build);

/** The teachers (a filter, so a value of the template) matching `input`'s own conditions. */
async function list(input: ListQueryInput) {
  const parsed = listQuery.parse(input);
  const compiled = compileListQuery(
    { ...parsed, where: [[{ column: 'role', comparison: 'Equal', operand: 'Teacher' }], ...parsed.where] },
    { columns, tiebreaker: users.publicKey, allCap: 100 },
  );
  const rows = await page(t.db, compiled);
  const result = await finishPage(rows, compiled, async () => 0);
  return { names: result.data.map((row) => row.fullName), totalCount: result.totalCount };
}

describe('list statements', () => {
  it('answers each request of one shape with its own values', async () => {
    const searches: [string, string[]][] = [
      ['ann', ['ANNIE Ho', 'anna Wu', 'Ann Lee']],
      ['%', ['100% Sure']],
      ['zzz', []],
      ['b', ["O'Brien", 'Bob Ma']],
      ["' or 1=1 --", []],
      ['ann', ['ANNIE Ho', 'anna Wu', 'Ann Lee']],
      ['_', ['under_score']],
      ['ma', ['Bob Ma']],
    ];
    for (const [term, names] of searches) {
      const answer = await list({ where: [textSearchGroup(['fullName'], term)] });
      expect([term, answer.names, answer.totalCount]).toEqual([term, names, names.length]);
    }
  });

  it('pages with the page as values, and orders by each shape its own way', async () => {
    expect(await list({ page: { index: 1, size: 3 } })).toEqual({
      names: ["O'Brien", 'Bob Ma', 'under_score'],
      totalCount: 7,
    });
    expect((await list({ page: { index: 3, size: 3 } })).names).toEqual(['Ann Lee']);
    // Name order follows the database's collation: each page is checked against the whole list.
    const byName = (descending: boolean, index: number, size: number) =>
      list({ page: { index, size }, order: [{ column: 'fullName', descending }] });
    const ascending = (await byName(false, 1, -1)).names;
    expect(ascending).toHaveLength(7);
    expect((await byName(false, 2, 2)).names).toEqual(ascending.slice(2, 4));
    expect((await byName(true, 1, 2)).names).toEqual(ascending.toReversed().slice(0, 2));
    expect((await byName(true, 3, 3)).names).toEqual(ascending.toReversed().slice(6));
  });

  it('keeps null and time conditions apart from valued ones', async () => {
    const at = (i: number) => ({
      where: [[{ column: 'createMoment', comparison: 'Equal' as const, operand: day(i) }]],
    });
    expect((await list(at(1))).names).toEqual(['anna Wu']);
    expect((await list(at(5))).names).toEqual(['Bob Ma']);
    expect(
      (await list({ where: [[{ column: 'fullName', comparison: 'Equal', operand: null }]] })).names,
    ).toEqual([]);
    expect(
      (await list({ where: [[{ column: 'fullName', comparison: 'NotEqual', operand: null }]] })).totalCount,
    ).toBe(7);
  });

  it('refuses a statement holding a value of its own, which the next caller would be served', async () => {
    const scoped = listStatement((q, parts) => build(q, { ...parts, where: eq(users.role, 'Teacher') }));
    const compiled = compileListQuery(listQuery.parse({}), {
      columns,
      tiebreaker: users.publicKey,
      allCap: 100,
    });
    await expect(scoped(t.db, compiled)).rejects.toThrow(/only its template/);
  });
});

describe('hand-written list statements', () => {
  const statement = sqlListStatement();
  /** The names matching `pattern` within `scope`; `inPlace`: the pattern bound in place, not a placeholder. */
  const names = async (scope: SQL | undefined, pattern: string, inPlace = false) => {
    const rows = await statement<{ fullName: string }>(t.db, {
      key: inPlace ? 'names, the pattern in place' : 'names',
      fixed: scope,
      build: () =>
        sql`select full_name from users where ${and(scope, sql`full_name ilike ${inPlace ? pattern : sql.placeholder('pattern')}`)}
          order by ${sql.raw(PREPARED_MARK)} full_name`,
      values: { pattern },
    });
    // The database's collation orders the names; the answers are compared as sets.
    return rows.map((row) => row.fullName).toSorted();
  };
  const teachers = eq(users.role, 'Teacher');

  it('answers each request of one shape with its own values, and each scope with its own statement', async () => {
    expect(await names(undefined, 'ann%')).toEqual(['ANNIE Ho', 'Ann Lee', 'anna Wu']);
    expect(await names(undefined, 'bob%')).toEqual(['Bob Ma']);
    expect(await names(teachers, 'o%')).toEqual(["O'Brien"]);
    expect(await names(eq(users.fullName, 'Bob Ma'), '%')).toEqual(['Bob Ma']);
    expect(await names(eq(users.fullName, 'Ann Lee'), '%')).toEqual(['Ann Lee']);
  });

  it('keeps no statement holding a value bound in place', async () => {
    expect(await names(undefined, 'bob%', true)).toEqual(['Bob Ma']);
    expect(await names(undefined, 'ann lee', true)).toEqual(['Ann Lee']);
  });
});
