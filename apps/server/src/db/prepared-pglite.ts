import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { preparedNameOf } from './prepared.ts';

const { serialize } = protocol;

/**
 * PGlite's `query` made to keep each marked statement (a list's page, `PREPARED_MARK`) prepared,
 * as the PostgreSQL pool does (`nameMarkedStatements`). PGlite's own `query` parses, describes and
 * plans a statement anew each time, each step a call into its WebAssembly; a list's page spent most
 * of its time there (the users list on the demo centre: 1.9 ms a query, 0.23 ms prepared). A marked
 * statement is parsed and described once under its name; each run is then one call: bind, describe
 * the portal, execute, sync. Results are read by PGlite's own parser, with the caller's options, so
 * Drizzle gets what it got before. Transactions keep PGlite's `query` (their `tx` is another object).
 */
export function keepMarkedStatementsPrepared(pglite: PGlite): void {
  const plainQuery = pglite.query.bind(pglite);
  /** The statements prepared in this database's one session: their parameter types, by text. */
  const parameterTypesOf = new Map<string, number[]>();

  async function run<T>(name: string, text: string, params: unknown[], options?: QueryOptions) {
    let types = parameterTypesOf.get(text);
    if (!types) {
      const described = await pglite.execProtocol(
        Buffer.concat([
          serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      types = parse.parseDescribeStatementResults(described.messages);
      parameterTypesOf.set(text, types);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  }

  pglite.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = preparedNameOf(text);
    if (!name) return plainQuery<T>(text, params, options);
    // As PGlite's own query: after any open transaction, one statement at a time.
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => run<T>(name, text, params ?? [], options)),
    );
  }) as PGlite['query'];
}
