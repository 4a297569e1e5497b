import { PgDialect, pgTable, text, timestamp, uuid, integer, boolean } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { listQuery } from '@tutoria/shared';
import { AppError } from './app-error.ts';
import { sql } from 'drizzle-orm';
import { columnsFor, compileListQuery, escapeLike, fromGetListQuery, joinsFor, keyColumn, type ColumnMap } from './list-query.ts';
import { PREPARED_MARK } from '../db/prepared.ts';

const table = pgTable('things', {
  id: uuid('id').primaryKey(),
  name: text('name'),
  hours: integer('hours'),
  active: boolean('active'),
  createdAt: timestamp('created_at'),
});
const columns: ColumnMap = {
  name: { type: 'text', sql: table.name },
  hours: { type: 'number', sql: table.hours },
  active: { type: 'boolean', sql: table.active },
  createMoment: { type: 'time', sql: table.createdAt },
  secret: { type: 'text', sql: table.name, sortable: false },
};
const dialect = new PgDialect();
const compile = (input: unknown, allCap = 100) =>
  compileListQuery(listQuery.parse(input), {
    columns,
    defaultOrder: [{ column: 'createMoment', descending: true }],
    tiebreaker: table.id,
    allCap,
  });
const render = (input: unknown) => {
  const c = compile(input);
  return c.where ? dialect.sqlToQuery(c.where) : undefined;
};
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
  return 'none';
};

describe('list query engine (DESIGN §4)', () => {
  it('defaults to page 1 of 10, newest first', () => {
    const c = compile({});
    expect(c).toMatchObject({ limit: 10, offset: 0, isAll: false });
    // The order's first term carries the mark that keeps the list's statement prepared.
    expect(dialect.sqlToQuery(c.orderBy[0]!).sql).toBe(`${PREPARED_MARK} "things"."created_at" desc nulls last`);
  });

  it('sorts columns declared never null without nulls first/last, so a plain index gives the order', () => {
    const c = compileListQuery(listQuery.parse({ order: [{ column: 'createMoment', descending: true }] }), {
      columns,
      tiebreaker: table.id,
      allCap: 100,
      notNull: ['createmoment'],
    });
    expect(c.orderBy.map((o) => dialect.sqlToQuery(o).sql)).toEqual([
      `${PREPARED_MARK} "things"."created_at" desc`,
      '"things"."id" desc',
    ]);
  });

  it('ORs inside a group and ANDs the groups, all parameterised', () => {
    const q = render({
      where: [
        [
          { column: 'name', comparison: 'Contains', operand: 'ann' },
          { column: 'name', comparison: 'Contains', operand: 'Ann' },
        ],
        [{ column: 'hours', comparison: 'NotEqual', operand: 3 }],
      ],
    })!;
    expect(q.sql).toBe(
      `("things"."name" ilike $1 escape '\\' or "things"."name" ilike $2 escape '\\') and ("things"."hours" is distinct from $3)`,
    );
    expect(q.params).toEqual(['%ann%', '%Ann%', 3]);
  });

  it('keeps SQL in an operand as a plain parameter', () => {
    const q = render({ where: [[{ column: 'name', comparison: 'Equal', operand: "x'; drop table users; --" }]] })!;
    expect(q.sql).toBe('("things"."name" = $1)');
    expect(q.params).toEqual(["x'; drop table users; --"]);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(render({ where: [[{ column: 'name', comparison: 'Contains', operand: '%' }]] })!.params).toEqual(['%\\%%']);
  });

  it('turns null into IS NULL / IS NOT NULL', () => {
    expect(render({ where: [[{ column: 'name', comparison: 'Equal', operand: null }]] })!.sql).toBe('("things"."name" is null)');
    expect(render({ where: [[{ column: 'name', comparison: 'NotEqual', operand: null }]] })!.sql).toBe(
      '("things"."name" is not null)',
    );
  });

  it('compares times given in epoch seconds', () => {
    const q = render({ where: [[{ column: 'createMoment', comparison: 'Equal', operand: 1700000000 }]] })!;
    expect(q.sql).toBe('("things"."created_at" = to_timestamp($1))');
  });

  it('matches column names case-insensitively', () => {
    expect(render({ where: [[{ column: 'NAME', comparison: 'Equal', operand: 'a' }]] })!.sql).toBe('("things"."name" = $1)');
  });

  it.each([
    ['an unknown column', { where: [[{ column: 'password_hash', comparison: 'Equal', operand: 'x' }]] }],
    ['a quoted column', { where: [[{ column: 'name" or 1=1 --', comparison: 'Equal', operand: 'x' }]] }],
    ['a number that is not one', { where: [[{ column: 'hours', comparison: 'Equal', operand: 'abc' }]] }],
    ['a boolean that is not one', { where: [[{ column: 'active', comparison: 'Equal', operand: 'yes' }]] }],
    ['Contains on a number', { where: [[{ column: 'hours', comparison: 'Contains', operand: '1' }]] }],
    ['a negative time', { where: [[{ column: 'createMoment', comparison: 'Equal', operand: -5 }]] }],
    ['ordering by an unknown column', { order: [{ column: 'nope', descending: true }] }],
    ['ordering by an unsortable column', { order: [{ column: 'secret', descending: true }] }],
    ['page size -1 past page 1', { page: { index: 2, size: -1 } }],
  ])('refuses %s with INVALID_QUERY', (_label, input) => {
    expect(failure(() => compile(input))).toBe('INVALID_QUERY');
  });

  it.each([
    ['a negative index', { page: { index: -1, size: 10 } }],
    ['a zero size', { page: { index: 1, size: 0 } }],
    ['a huge size', { page: { index: 1, size: 1_000_000 } }],
    ['a fractional index', { page: { index: 1.5, size: 10 } }],
    ['an unknown comparison', { where: [[{ column: 'name', comparison: 'Like', operand: 'a' }]] }],
    ['an empty OR group', { where: [[]] }],
    ['too many groups', { where: Array.from({ length: 21 }, () => [{ column: 'name', comparison: 'Equal', operand: 'a' }]) }],
    ['an oversized operand', { where: [[{ column: 'name', comparison: 'Equal', operand: 'a'.repeat(201) }]] }],
    ['an unknown key', { page: { index: 1, size: 10 }, limit: 5 }],
    ['an object operand', { where: [[{ column: 'name', comparison: 'Equal', operand: { $ne: 1 } }]] }],
  ])('rejects %s in the schema', (_label, input) => {
    expect(listQuery.safeParse(input).success).toBe(false);
  });

  it('asks for one row past the cap when all rows are wanted', () => {
    expect(compile({ page: { index: 1, size: -1 } }, 50)).toMatchObject({ limit: 51, offset: 0, isAll: true });
  });

  it('pages with a stable tiebreaker', () => {
    const c = compile({ page: { index: 3, size: 20 }, order: [{ column: 'name', descending: false }] });
    expect(c).toMatchObject({ limit: 20, offset: 40 });
    expect(dialect.sqlToQuery(c.orderBy[1]!).sql).toBe('"things"."id" asc');
  });

  it('translates the GET form', () => {
    expect(
      fromGetListQuery(
        { index: 2, size: 5, isConfirmed: true, studentName: 'li', shouldOrderByDescending: false },
        { studentName: 'studentName', isConfirmed: 'isConfirmed' },
      ),
    ).toEqual({
      page: { index: 2, size: 5 },
      where: [
        [{ column: 'isConfirmed', comparison: 'Equal', operand: true }],
        [{ column: 'studentName', comparison: 'Contains', operand: 'li' }],
      ],
      order: [{ column: 'createMoment', descending: false }],
    });
  });

  it('names the columns filtered and sorted (in the map\'s spelling), and writes only the joins they read', () => {
    const c = compile({
      where: [[{ column: 'NAME', comparison: 'Contains', operand: 'a' }, { column: 'hours', comparison: 'Equal', operand: 1 }]],
      order: [{ column: 'createmoment', descending: true }],
    });
    expect([...c.filtered]).toEqual(['name', 'hours']);
    expect([...c.sorted]).toEqual(['createMoment']);
    const joins = [
      { columns: ['name'], sql: sql`left join a` },
      { columns: ['active'], sql: sql`left join b` },
      { columns: ['createMoment', 'hours'], sql: sql`left join c` },
    ];
    expect(dialect.sqlToQuery(joinsFor(joins, false, c.filtered)).sql).toBe('left join a left join c');
    expect(dialect.sqlToQuery(joinsFor(joins, false, new Set(['active']))).sql).toBe('left join b');
    expect(dialect.sqlToQuery(joinsFor(joins, false, new Set())).sql).toBe('');
  });
});

describe('list template (one statement per shape)', () => {
  const template = (input: unknown) => compile(input).template();
  const search = (operand: unknown, comparison = 'Contains') => ({
    where: [[{ column: 'name', comparison, operand }], [{ column: 'createMoment', comparison: 'Equal', operand: 1_700_000_000 }]],
  });

  it('writes every value as a placeholder and keeps the values apart', () => {
    const t = template(search('a%b'));
    const { sql: text, params } = dialect.sqlToQuery(t.where!);
    expect(text).toBe(`("things"."name" ilike $1 escape '\\') and ("things"."created_at" = to_timestamp($2))`);
    expect(params.map((p) => (p as { name: string }).name)).toEqual(['v0', 'v1']);
    expect(t.values).toEqual({ v0: '%a\\%b%', v1: 1_700_000_000 });
    // The same text and values the statement bound in place has.
    const inPlace = dialect.sqlToQuery(compile(search('a%b')).where!);
    expect(inPlace.sql).toBe(text);
    expect(inPlace.params).toEqual(['%a\\%b%', 1_700_000_000]);
  });

  it('has one key per shape: other values share it, another text does not', () => {
    const key = template(search('ann')).key;
    expect(template(search('bob')).key).toBe(key);
    expect(template({ ...search('ann'), page: { index: 4, size: 50 } }).key).toBe(key);
    expect(template(search('ann', 'Equal')).key).not.toBe(key);
    expect(template(search(null, 'Equal')).key).not.toBe(template(search('ann', 'Equal')).key);
    expect(template({ ...search('ann'), order: [{ column: 'name', descending: false }] }).key).not.toBe(key);
    expect(template({ ...search('ann'), order: [{ column: 'name', descending: true }] }).key).not.toBe(
      template({ ...search('ann'), order: [{ column: 'name', descending: false }] }).key,
    );
    expect(template({ where: [[{ column: 'NAME', comparison: 'Contains', operand: 'xyz' }], search('y').where[1]] }).key).toBe(key);
  });

  it('writes a search under three characters on the column as a value no trigram index serves, as a shape of its own', () => {
    const key = template(search('ann')).key;
    const short = template(search('an'));
    expect(short.key).not.toBe(key);
    expect(template(search('陈')).key).toBe(short.key);
    expect(template(search('陈明华')).key).toBe(key);
    expect(dialect.sqlToQuery(short.where!).sql).toBe(
      `(("things"."name" || '') ilike $1 escape '\\') and ("things"."created_at" = to_timestamp($2))`,
    );
    expect(short.values.v0).toBe('%an%');
    // The same rows: `name || ''` is `name`, null stays null.
    expect(dialect.sqlToQuery(compile(search('an')).where!).sql).toBe(dialect.sqlToQuery(short.where!).sql);
  });

  it('names the columns a search reads', () => {
    const c = compile({
      where: [
        [{ column: 'name', comparison: 'Contains', operand: 'ann' }],
        [{ column: 'hours', comparison: 'Equal', operand: 1 }],
      ],
    });
    expect([...c.searched]).toEqual(['name']);
    expect([...compile({ where: [[{ column: 'name', comparison: 'Equal', operand: 'ann' }]] }).searched]).toEqual([]);
  });

  it('orders as the list does', () => {
    const c = compile({ order: [{ column: 'hours', descending: false }] });
    expect(c.template().orderBy).toBe(c.orderBy);
    expect(c.template().where).toBeUndefined();
  });
});

describe('a key column (keyColumn)', () => {
  const owners = pgTable('owned', { id: uuid('id').primaryKey(), ownerKey: uuid('owner_key') });
  const keyed = columnsFor({ listColumns: { owner: { type: 'text', sortable: true } } } as const, { owner: keyColumn(owners.ownerKey) });
  const KEY = '0b9f3c1e-5d2a-4c8b-9e7f-1a2b3c4d5e6f';
  const compileKeyed = (comparison: string, operand: unknown, order: { column: string; descending: boolean }[] = []) =>
    compileListQuery(listQuery.parse({ where: [[{ column: 'owner', comparison, operand }]], order }), {
      columns: keyed,
      defaultOrder: [{ column: 'owner', descending: false }],
      tiebreaker: owners.id,
      allCap: 100,
    });
  const where = (comparison: string, operand: unknown) => {
    const { sql: text, params } = dialect.sqlToQuery(compileKeyed(comparison, operand).where!);
    return { sql: text, params };
  };

  it('compares Equal and NotEqual on a key as uuid, so the key’s index serves them', () => {
    expect(where('Equal', KEY)).toEqual({ sql: '("owned"."owner_key" = $1::uuid)', params: [KEY] });
    expect(where('NotEqual', KEY)).toEqual({ sql: '("owned"."owner_key" is distinct from $1::uuid)', params: [KEY] });
  });

  it('keeps any other operand on the text, as before: no key equals it, none is refused', () => {
    for (const operand of [KEY.toUpperCase(), KEY.replaceAll('-', ''), `{${KEY}}`, ` ${KEY}`, 'x', '']) {
      expect(where('Equal', operand), operand).toEqual({ sql: '("owned"."owner_key"::text = $1)', params: [operand] });
      expect(where('NotEqual', operand).sql, operand).toBe('("owned"."owner_key"::text is distinct from $1)');
    }
    expect(where('Equal', 7)).toEqual({ sql: '("owned"."owner_key"::text = $1)', params: ['7'] });
    expect(where('Contains', KEY).sql).toBe(`("owned"."owner_key"::text ilike $1 escape '\\')`);
    expect(where('Equal', null).sql).toBe('("owned"."owner_key"::text is null)');
    // Sorted as its text, as before.
    expect(dialect.sqlToQuery(compileKeyed('Equal', KEY, [{ column: 'owner', descending: false }]).orderBy[0]!).sql).toBe(
      `${PREPARED_MARK} "owned"."owner_key"::text asc nulls first`,
    );
  });

  it('is a shape of its own in a list statement: a key and another text never share a statement', () => {
    const template = (comparison: string, operand: unknown) => compileKeyed(comparison, operand).template();
    const key = template('Equal', KEY);
    expect(dialect.sqlToQuery(key.where!).sql).toBe('("owned"."owner_key" = $1::uuid)');
    expect(key.values).toEqual({ v0: KEY });
    expect(template('Equal', KEY.replace('0b9f', '1111')).key).toBe(key.key);
    expect(template('Equal', 'x').key).not.toBe(key.key);
    expect(template('Equal', KEY.toUpperCase()).key).toBe(template('Equal', 'x').key);
    expect(template('NotEqual', KEY).key).not.toBe(template('NotEqual', 'x').key);
  });
});
