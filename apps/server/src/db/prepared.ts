import type pg from 'pg';
import type { Queryable } from './client.ts';

/**
 * A read that runs on every request (the signed-in user, the bell's count) built once per database
 * handle, run as a named prepared statement (issue 9). Building a Drizzle query walks its whole
 * tree each time (a sixth of a light request's CPU), and PostgreSQL parses and plans an unnamed
 * statement each time; a prepared one is parsed once per pooled connection. Only for statements
 * whose shape never changes: the values are placeholders.
 */
export function preparedRead<Query>(build: (q: Queryable) => Query): (q: Queryable) => Query {
  const built = new WeakMap<Queryable, Query>();
  return (q) => {
    let query = built.get(q);
    if (!query) {
      query = build(q);
      built.set(q, query);
    }
    return query;
  };
}

/**
 * The mark of a statement PostgreSQL should keep prepared: a list's page (`compileListQuery` puts it
 * in the order). A list's statement has the same text for the same filters and order, only its
 * values change, and planning it cost PostgreSQL more than running it (the class table 1.8 ms
 * against 1.3 ms): prepared, it is parsed and planned once per pooled connection (issue 9).
 */
export const PREPARED_MARK = '/* prepared */';

/**
 * At most this many list shapes get a name; any further one runs unnamed as before. The browser
 * can combine filters freely, and each named statement holds a plan in every connection that ran it.
 */
const MAX_PREPARED = 500;
const preparedNames = new Map<string, string>();

/** The statement's name when its text carries the mark: the same text always gets the same name. */
export function preparedNameOf(text: string): string | undefined {
  if (!text.includes(PREPARED_MARK)) return undefined;
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `list_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * Names each marked statement a connection sends, so PostgreSQL keeps it prepared: given to
 * node-postgres' pool as its `connect` listener, it covers plain queries and transactions alike.
 */
export function nameMarkedStatements(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const naming = (config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && !(config as { name?: string }).name) {
      const { text } = config as { text?: unknown };
      const name = typeof text === 'string' ? preparedNameOf(text) : undefined;
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
  (client as unknown as { query: typeof naming }).query = naming;
}
