import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_MARK } from './prepared.ts';
import { keepMarkedStatementsPrepared } from './prepared-pglite.ts';

/** PGlite's `query` keeping marked statements prepared answers as PGlite's own `query` does. */
let plain: PGlite;
let prepared: PGlite;
const text = `select id, at, data, tags from t where id >= $1 order by ${PREPARED_MARK} id limit $2`;

beforeAll(async () => {
  [plain, prepared] = await Promise.all([PGlite.create(), PGlite.create()]);
  keepMarkedStatementsPrepared(prepared);
  for (const db of [plain, prepared]) {
    await db.exec(`create table t (id int primary key, at timestamptz, data jsonb, tags text[]);
      insert into t values (1, '2026-11-25T10:00:00Z', '{"a": 1}', '{x,y}'), (2, null, null, '{}');`);
  }
});
afterAll(async () => {
  await Promise.all([plain.close(), prepared.close()]);
});

describe('keepMarkedStatementsPrepared', () => {
  it('answers the same rows, fields and types, in both row modes, run after run', async () => {
    for (const [from, limit] of [
      [1, 10],
      [2, 10],
      [1, 1],
    ] as const) {
      for (const rowMode of ['object', 'array'] as const) {
        const expected = await plain.query(text, [from, limit], { rowMode });
        expect(await prepared.query(text, [from, limit], { rowMode })).toEqual(expected);
      }
    }
    const { rows } = await prepared.query<{ name: string }>('select name from pg_prepared_statements');
    expect(rows).toEqual([{ name: expect.stringMatching(/^list_\d+$/) }]);
  });

  it('fails as PGlite fails, with its error code, and keeps working afterwards', async () => {
    await expect(prepared.query(text, ['abc', 10])).rejects.toMatchObject({ code: '22P02' });
    await expect(prepared.query(`select nope from t order by ${PREPARED_MARK} id`)).rejects.toMatchObject({
      code: '42703',
    });
    expect((await prepared.query(text, [2, 10])).rows).toEqual([{ id: 2, at: null, data: null, tags: [] }]);
  });

  it('leaves statements without the mark, and transactions, to PGlite', async () => {
    await prepared.query('select 1');
    await prepared.transaction(async (tx) => {
      expect((await tx.query(text, [1, 5])).rows).toHaveLength(2);
    });
    const { rows } = await prepared.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
