import type { MessageKey } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, sqlState } from '../db/errors.ts';
import { AppError } from '../http/app-error.ts';

/** What keeps a record from being deleted: the text to say and the names of its users. */
export interface InUse {
  key: MessageKey;
  names: string[];
}

/**
 * A check another module registers on the module that owns the record: "is this id used by one of
 * mine?". It runs inside the deleting transaction, so it sees what the delete will see. Courses
 * register one on lessons; classrooms register theirs on courses.
 */
export type UsageCheck = (q: Queryable, id: string) => Promise<InUse | null>;

const SHOWN_NAMES = 3;

/** “A”, “B”, “C” (+2): enough for the user to find them, short enough for a snackbar. */
export function listNames(names: readonly string[]): string {
  const shown = names
    .slice(0, SHOWN_NAMES)
    .map((n) => `“${n}”`)
    .join(', ');
  return names.length > SHOWN_NAMES ? `${shown} (+${names.length - SHOWN_NAMES})` : shown;
}

/** Runs every registered check; the first use found refuses the delete with a clear text. */
export async function refuseIfInUse(q: Queryable, checks: readonly UsageCheck[], id: string): Promise<void> {
  for (const check of checks) {
    const use = await check(q, id);
    if (use && use.names.length > 0) {
      throw new AppError('CONFLICT', { text: { key: use.key, values: { names: listNames(use.names) } } });
    }
  }
}

/**
 * For a delete the database refused with a foreign-key violation (a use no check is registered
 * for yet, or one that appeared after the checks ran): the names if a check can give them, else
 * a plain "still in use". Any other error is answered unchanged.
 */
export async function inUseError(
  error: unknown,
  q: Queryable,
  checks: readonly UsageCheck[],
  id: string,
): Promise<unknown> {
  const state = sqlState(error);
  if (state !== FOREIGN_KEY_VIOLATION && state !== RESTRICT_VIOLATION) return error;
  try {
    await refuseIfInUse(q, checks, id);
  } catch (named) {
    return named;
  }
  return new AppError('CONFLICT', { text: { key: 'recordInUse' } });
}
