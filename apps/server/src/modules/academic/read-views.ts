import { sql } from 'drizzle-orm';
import { homeworks } from '../../db/schema/academic.ts';

/**
 * What other areas join of academic records (docs/architecture.md "Modules own their tables"): row
 * sources named as the academic module's API, with its state rules inside them.
 */

/**
 * Homework, one row per student and session it was given at: `homework_id, session_id,
 * classroom_id, student_key, dead_line`; `done` once the student finished it, `overdue` while not
 * done past its deadline.
 */
export const homeworksView = sql`(select homework_id, session_id, classroom_id, student_key, dead_line,
  state = 'Done' as done, (state = 'Pending' and dead_line < now()) as overdue from ${homeworks})`;
