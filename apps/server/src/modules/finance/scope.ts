import { type SQL, sql } from 'drizzle-orm';
import { roleScopes } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';

/**
 * Whose money a caller reaches (DESIGN §6, `roleScopes[role].students`): a financial admin or an
 * admin every student's, a consultant their consultees', a student their own, a teacher none.
 * A condition on `st` (the student's row of the `people` view) joined in every finance query, so
 * records out of reach never load and answer 404 as if absent. Undefined: no condition.
 */
export function studentMoneyScope(user: SessionUser): SQL | undefined {
  switch (roleScopes[user.role].students) {
    case 'all':
      return undefined;
    case 'consultees':
      return sql`st.consultant_key = ${user.publicKey}`;
    case 'self':
      return sql`st.public_key = ${user.publicKey}`;
    case 'classrooms':
      return sql`false`;
  }
}
