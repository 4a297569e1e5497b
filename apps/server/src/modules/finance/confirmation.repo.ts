import { type SQL, sql } from 'drizzle-orm';
import { epochOf } from '../../db/sql.ts';
import { nameOf } from '../users/users.module.ts';

/** A record's confirmation workflow as the lists and the screens read it: who took each step, when. */
export interface ConfirmationRow {
  consultantConfirmedBy: string | null;
  consultantConfirmedByName: string | null;
  consultantConfirmedAt: number | null;
  consultantMessage: string | null;
  financialConfirmedBy: string | null;
  financialConfirmedByName: string | null;
  financialConfirmedAt: number | null;
  financialMessage: string | null;
  confirmedBy: string | null;
  confirmedByName: string | null;
  confirmedAt: number | null;
  reversedBy: string | null;
  reversedByName: string | null;
  reversedAt: number | null;
  reverseReason: string | null;
}

/** The `ConfirmationRow` columns of a table under the workflow, read as `alias` (`d`, `x`, `s`) in hand-written SQL. */
export function confirmationColumns(alias: 'd' | 'x' | 's'): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const person = (name: string) => sql`${column(name)}, ${nameOf(column(name))} as ${sql.raw(`${name}_name`)}`;
  return sql`${person('consultant_confirmed_by')}, ${epochOf(column('consultant_confirmed_at'))} as consultant_confirmed_at, ${column('consultant_message')},
    ${person('financial_confirmed_by')}, ${epochOf(column('financial_confirmed_at'))} as financial_confirmed_at, ${column('financial_message')},
    ${person('confirmed_by')}, ${epochOf(column('confirmed_at'))} as confirmed_at,
    ${person('reversed_by')}, ${epochOf(column('reversed_at'))} as reversed_at, ${column('reverse_reason')}`;
}

/** The workflow's columns a command's row lock reads (`ConfirmationState`). */
export const confirmationStateColumns = (alias: 'd' | 'x' | 's') =>
  sql.raw(`${alias}.consultant_confirmed_by, ${alias}.financial_confirmed_by, ${alias}.confirmed_at, ${alias}.reversed_at`);
