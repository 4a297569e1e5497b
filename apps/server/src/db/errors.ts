/** SQLSTATE codes the services react to (same on PGlite and PostgreSQL). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** What `on delete restrict` raises (`no action` raises a foreign-key violation). */
export const RESTRICT_VIOLATION = '23001';
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';

/**
 * The database's own error behind Drizzle's wrapper (it nests the driver's error in `cause`):
 * its SQLSTATE and, for constraint violations, the constraint's name.
 */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return {};
}

export const sqlState = (error: unknown): string | undefined => databaseError(error).code;

/** How much of a failed statement's SQL text the log keeps: enough to tell which query it was. */
const STATEMENT_LOG_LENGTH = 60;

/**
 * A failed SQL statement somewhere in an error's chain (Drizzle's wrapper, the driver's error):
 * its SQLSTATE, constraint and the first words of its SQL text, which holds placeholders, never
 * values. Null for an error that did not come from the database.
 */
export function failedStatement(
  error: unknown,
): { code?: string; constraint?: string; statement?: string } | null {
  let statement: string | undefined;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { query, params } = e as { query?: unknown; params?: unknown };
    if (typeof query === 'string' && Array.isArray(params)) {
      statement = query.replace(/\s+/g, ' ').trim().slice(0, STATEMENT_LOG_LENGTH);
      break;
    }
  }
  const { code, constraint } = databaseError(error);
  if (statement === undefined && code === undefined) return null;
  return { code, constraint, statement };
}
