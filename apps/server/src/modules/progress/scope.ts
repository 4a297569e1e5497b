import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { people } from '../../db/schema/people.ts';
import { roleScopes } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';
import { taughtBy } from '../scheduling/scheduling.module.ts';

/**
 * Which students' course plans and applications a caller reaches (`roleScopes[role].students`,
 * DESIGN §6), as one SQL condition on a student key expression: every student, the caller's
 * consultees, the students of the live classes they teach or assist (only with an extra
 * `coursePlans.read`), or only themselves. Undefined: no condition.
 */
export function planReach(user: SessionUser, studentKey: SQLWrapper): SQL | undefined {
  const me = user.publicKey;
  switch (roleScopes[user.role].students) {
    case 'all':
      return undefined;
    case 'consultees':
      return sql`exists (select 1 from ${people} sp where sp.public_key = ${studentKey} and sp.consultant_key = ${me}::uuid)`;
    case 'classrooms':
      return taughtBy(sql`${studentKey}`, me);
    case 'self':
      return sql`${studentKey} = ${me}::uuid`;
  }
}
