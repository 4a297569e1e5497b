import { type SQL, sql } from 'drizzle-orm';

/**
 * Which classrooms a finance query covers: one (the allocation of a command) or all (the check of
 * "fix for all"). The charges and the teachers' earnings are brought in line with the very same
 * SQL either way, so what the check finds is what a run would change.
 */
export type ClassroomScope = { classroomId: string } | 'all';

export const inScope = (scope: ClassroomScope, column: string): SQL =>
  scope === 'all' ? sql`true` : sql`${sql.raw(column)} = ${scope.classroomId}`;
