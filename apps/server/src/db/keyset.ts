import { type SQL, sql } from 'drizzle-orm';
import type { SortTerm } from '../http/list-query.ts';
import type { Queryable } from './client.ts';
import { selectRows } from './sql.ts';

/**
 * Reads every row of an ordered query in batches, each starting after the last row of the one
 * before (keyset paging): no offset to skip, no transaction or cursor held between batches, and
 * never more than one batch in memory. The terms' last ones must make the order unique.
 *
 * Nulls sort first ascending and last descending (as the lists order them), so null is the
 * smallest value either way; "after" is written for that.
 */
export async function* keysetBatches<T>(
  q: Queryable,
  query: { select: SQL; from: SQL; where: SQL; terms: SortTerm[]; batchSize: number },
): AsyncGenerator<T[]> {
  const { terms } = query;
  const keys = sql.join(
    terms.map((term, i) => sql`(${term.sql})::text as ${sql.raw(`keyset_${i}`)}`),
    sql`, `,
  );
  const orderBy = sql.join(
    // A not-null term leaves the nulls clause out, so an index in its natural order can serve it.
    terms.map((term) => {
      if (term.notNull) return term.descending ? sql`${term.sql} desc` : sql`${term.sql} asc`;
      return term.descending ? sql`${term.sql} desc nulls last` : sql`${term.sql} asc nulls first`;
    }),
    sql`, `,
  );
  let last: (string | null)[] | undefined;
  for (;;) {
    const after = last ? afterRow(terms, last) : sql`true`;
    const rows = await selectRows<T & Record<string, unknown>>(
      q,
      sql`${query.select}, ${keys} from ${query.from} where (${query.where}) and ${after}
        order by ${orderBy} limit ${query.batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < query.batchSize) return;
    const tail = rows.at(-1)!;
    last = terms.map((_, i) => tail[`keyset${i}`] as string | null);
  }
}

function afterRow(terms: SortTerm[], values: (string | null)[]): SQL {
  const value = (i: number) => sql`cast(${values[i]} as ${sql.raw(terms[i]!.type)})`;
  // One direction and no nulls: a row comparison, which an index on the order can answer directly.
  if (
    terms.every((term, i) => term.notNull && values[i] !== null && term.descending === terms[0]!.descending)
  ) {
    const left = sql.join(
      terms.map((term) => sql`${term.sql}`),
      sql`, `,
    );
    const right = sql.join(
      terms.map((_, i) => value(i)),
      sql`, `,
    );
    return terms[0]!.descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const equal = (i: number) =>
    values[i] === null ? sql`${terms[i]!.sql} is null` : sql`${terms[i]!.sql} = ${value(i)}`;
  const beyond = (i: number) => {
    const term = terms[i]!;
    if (!term.descending)
      return values[i] === null ? sql`${term.sql} is not null` : sql`${term.sql} > ${value(i)}`;
    if (values[i] === null) return sql`false`;
    return term.notNull
      ? sql`${term.sql} < ${value(i)}`
      : sql`(${term.sql} < ${value(i)} or ${term.sql} is null)`;
  };
  const alternatives = terms.map((_, i) =>
    sql.join([...terms.slice(0, i).map((__, j) => equal(j)), beyond(i)], sql` and `),
  );
  return sql`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` or `,
  )})`;
}

/**
 * An export's rows (issue 28): their count first (for X-Total-Rows), then `keysetBatches` over the
 * same `from` and `where` — what each finance export reader hands the exports service.
 */
export function keysetSource<T>(
  q: Queryable,
  query: { select: SQL; from: SQL; where: SQL; terms: SortTerm[]; batchSize: number },
) {
  return {
    count: async () =>
      (await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${query.from} where ${query.where}`))[0]?.n ?? 0,
    batches: () => keysetBatches<T>(q, query),
  };
}
