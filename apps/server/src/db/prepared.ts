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
