import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, type ListQueryInput, textSearchGroup } from '@tutoria/shared';
import { users } from '../db/schema/index.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AppError } from './app-error.ts';
import { type ColumnMap, compileListQuery, finishPage, totalCountColumn } from './list-query.ts';

/** The engine against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
let t: TestApp;
const columns: ColumnMap = {
  fullName: { type: 'text', sql: users.fullName },
  userName: { type: 'text', sql: users.userName },
  role: { type: 'enum', sql: users.role },
  createMoment: { type: 'time', sql: users.createMoment },
};
const NAMES = ['Ann Lee', 'anna Wu', 'ANNIE Ho', '100% Sure', 'under_score', 'Bob Ma', "O'Brien"];

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, fullName] of NAMES.entries()) {
    await buildUser(t.db, { fullName, role: 'Teacher', createMoment: new Date(Date.UTC(2026, 0, 1 + i)) });
  }
});
afterAll(() => t.close());

async function list(input: ListQueryInput, allCap = 100) {
  const compiled = compileListQuery(listQuery.parse(input), {
    columns,
    tiebreaker: users.publicKey,
    allCap,
  });
  const scope = eq(users.role, 'Teacher');
  const rows = await t.db
    .select({ fullName: users.fullName, totalCount: totalCountColumn })
    .from(users)
    .where(and(scope, compiled.where))
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
  const page = await finishPage(rows, compiled, async () => (await t.db.$count(users, and(scope, compiled.where))));
  // The rows keep their count column (finishPage does not copy them); the names are what is compared.
  return { ...page, data: page.data.map(({ fullName }) => ({ fullName })) };
}

describe('list query engine on a real database', () => {
  it('searches case-insensitively in the three spellings the browser sends', async () => {
    const page = await list({ where: [textSearchGroup(['fullName'], 'ann')] });
    expect(page.data.map((r) => r.fullName).sort()).toEqual(['ANNIE Ho', 'Ann Lee', 'anna Wu']);
    expect(page.totalCount).toBe(3);
  });

  it('treats % and _ literally', async () => {
    expect((await list({ where: [[{ column: 'fullName', comparison: 'Contains', operand: '%' }]] })).data).toEqual([
      { fullName: '100% Sure' },
    ]);
    expect((await list({ where: [[{ column: 'fullName', comparison: 'Contains', operand: '_' }]] })).data).toEqual([
      { fullName: 'under_score' },
    ]);
  });

  it('survives SQL in operands and finds quotes literally', async () => {
    const hostile = ["' or 1=1 --", "x'; drop table users; --", '\\', "O'Brien"];
    for (const operand of hostile) {
      const page = await list({ where: [[{ column: 'fullName', comparison: 'Contains', operand }]] });
      expect(page.data.length).toBe(operand === "O'Brien" ? 1 : 0);
    }
    expect(await t.db.$count(users)).toBeGreaterThanOrEqual(NAMES.length);
  });

  it('ANDs groups and ORs conditions', async () => {
    const page = await list({
      where: [
        [
          { column: 'fullName', comparison: 'Equal', operand: 'Bob Ma' },
          { column: 'fullName', comparison: 'Equal', operand: 'Ann Lee' },
        ],
        [{ column: 'fullName', comparison: 'NotEqual', operand: 'Bob Ma' }],
      ],
    });
    expect(page.data).toEqual([{ fullName: 'Ann Lee' }]);
  });

  it('pages newest first with the total from the same query, and past the end', async () => {
    const first = await list({ page: { index: 1, size: 3 } });
    expect(first.data.map((r) => r.fullName)).toEqual(["O'Brien", 'Bob Ma', 'under_score']);
    expect(first.totalCount).toBe(NAMES.length);
    const last = await list({ page: { index: 3, size: 3 } });
    expect(last.data).toEqual([{ fullName: 'Ann Lee' }]);
    const beyond = await list({ page: { index: 9, size: 3 } });
    expect(beyond).toEqual({ data: [], totalCount: NAMES.length });
  });

  it('orders by a named column', async () => {
    const page = await list({ page: { index: 1, size: 2 }, order: [{ column: 'fullName', descending: false }] });
    expect(page.data.map((r) => r.fullName)).toEqual(['100% Sure', 'ANNIE Ho']);
  });

  it('answers all rows for size -1, and refuses past the cap', async () => {
    expect((await list({ page: { index: 1, size: -1 } })).data).toHaveLength(NAMES.length);
    await expect(list({ page: { index: 1, size: -1 } }, 3)).rejects.toBeInstanceOf(AppError);
  });

  it('keeps a list prepared: one shape, other values, each answered right', async () => {
    // More runs than PostgreSQL plans for their values (five) before it may keep a generic plan.
    const searches: [string, number][] = [
      ['ann', 3],
      ['o', 4],
      ['%', 1],
      ['zzz', 0],
      ['b', 2],
      ['a', 4],
      ['ma', 1],
      ['ee', 1],
    ];
    for (const [term, count] of searches) {
      const page = await list({ where: [textSearchGroup(['fullName'], term)] });
      expect([term, page.totalCount]).toEqual([term, count]);
    }
    // The list's statement is among the prepared ones of the session that ran it: PGlite has one
    // session, a PostgreSQL pool several, so the check runs in a transaction (one connection).
    const { orderBy } = compileListQuery(listQuery.parse({}), { columns, tiebreaker: users.publicKey, allCap: 10 });
    const query = t.db.select({ fullName: users.fullName }).from(users).orderBy(...orderBy);
    await query;
    const statements = await t.db.transaction(async (tx) => {
      await tx.select({ fullName: users.fullName }).from(users).orderBy(...orderBy);
      const { rows } = (await tx.execute(sql`select name, statement from pg_prepared_statements`)) as unknown as {
        rows: { name: string; statement: string }[];
      };
      return rows;
    });
    const { sql: text } = query.toSQL();
    expect(statements.find((statement) => statement.statement === text)?.name).toMatch(/^list_\d+$/);
  });
});
