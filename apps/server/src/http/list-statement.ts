import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { preparedNameOf } from '../db/prepared.ts';
import { camelRows } from '../db/sql.ts';
import type { CompiledList } from './list-query.ts';

/** What a list's page statement is built from: its filter and order, its page as placeholders. */
export interface ListStatementParts {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: Placeholder<'limit'>;
  offset: Placeholder<'offset'>;
  /** The columns the filter and the order read (the shape's own: a statement may join what they need). */
  filtered: ReadonlySet<string>;
  sorted: ReadonlySet<string>;
  searched: ReadonlySet<string>;
}

/** A Drizzle select: it can say its SQL and be prepared under a name. */
interface Preparable<Row> {
  toSQL(): { sql: string; params: unknown[] };
  execute(values: Record<string, unknown>): Promise<Row[]>;
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

/**
 * A list's page statement built once per shape (issue 9). Building a select with Drizzle walks its
 * whole tree on every request (the users list: about 0.2 ms of a request's 1.2 ms of CPU), and a
 * list's text only changes with its filter's columns and its order: the template (`compileListQuery`)
 * writes every value as a placeholder, so the built statement serves every request of that shape,
 * each with its own values. Only for statements whose every value comes from the template: a repo
 * uses it where nothing else (a caller's scope) adds values, and a built statement holding any other
 * value is refused. At most as many shapes as `preparedNameOf` names; any further one is built
 * per request as before.
 */
export function listStatement<Row>(build: (q: Queryable, parts: ListStatementParts) => Preparable<Row>) {
  const built = new WeakMap<Queryable, Map<string, ReturnType<Preparable<Row>['prepare']>>>();
  return async (q: Queryable, compiled: CompiledList): Promise<Row[]> => {
    const template = compiled.template();
    const values = { ...template.values, limit: compiled.limit, offset: compiled.offset };
    let shapes = built.get(q);
    if (!shapes) {
      shapes = new Map();
      built.set(q, shapes);
    }
    let statement = shapes.get(template.key);
    if (!statement) {
      const query = build(q, {
        where: template.where,
        orderBy: template.orderBy,
        limit,
        offset,
        filtered: compiled.filtered,
        sorted: compiled.sorted,
        searched: compiled.searched,
      });
      const { sql: text, params } = query.toSQL();
      // A value bound in place would be served to the next caller of this shape.
      if (params.some((param) => !is(param, Placeholder)))
        throw new Error('A list statement may hold only its template’s placeholders');
      const name = preparedNameOf(text);
      if (!name) return query.execute(values);
      statement = query.prepare(name);
      shapes.set(template.key, statement);
    }
    return statement.execute(values);
  };
}

/** A hand-written statement as Drizzle runs one: it answers the driver's whole result. */
interface SqlStatement {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** What a hand-written list statement is built from, and this request's values. */
export interface SqlStatementShape {
  /** Everything the statement's text depends on but `fixed`. */
  key: string;
  /** A part of the statement no key describes (the caller's scope), told apart by its identity. */
  fixed: object | undefined;
  /** The statement, its values as named placeholders (`sql.placeholder`). */
  build: () => SQL;
  values: Record<string, unknown>;
}

/**
 * A hand-written list statement (a `sql` template, run as `selectRows` runs it) built once per
 * shape, as `listStatement` builds a select: turning the class table's whole template into text
 * walked it on every request (issue 30). A caller's scope is one object per request when it holds
 * the caller's own key, and the same object for every caller whose scope is one constant condition
 * (or none): kept by identity, a built statement is shared only by the latter. A built statement
 * holding any value bound in place is run once and not kept, whatever its key says.
 */
export function sqlListStatement() {
  const none = {};
  const built = new WeakMap<Queryable, WeakMap<object, Map<string, SqlStatement>>>();
  return async <Row>(q: Queryable, shape: SqlStatementShape): Promise<Row[]> => {
    const fixed = shape.fixed ?? none;
    let statement = built.get(q)?.get(fixed)?.get(shape.key);
    if (!statement) {
      const query = q.execute(shape.build()).getQuery();
      const name = preparedNameOf(query.sql);
      statement = q._.session.prepareQuery(query, undefined, name, false);
      if (name && query.params.every((param) => is(param, Placeholder))) {
        let byFixed = built.get(q);
        if (!byFixed) {
          byFixed = new WeakMap();
          built.set(q, byFixed);
        }
        let shapes = byFixed.get(fixed);
        if (!shapes) {
          shapes = new Map();
          byFixed.set(fixed, shapes);
        }
        shapes.set(shape.key, statement);
      }
    }
    return camelRows<Row>(await statement.execute(shape.values));
  };
}
