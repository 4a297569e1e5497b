import { type SQL, sql } from 'drizzle-orm';
import { reachableStudents } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';

/**
 * Whose money a caller reaches: the reach policy's students (`access/reach.ts`) as a condition on
 * `st`, the student's row of the `people` view that every finance query joins — a financial admin
 * or an admin every student's, a consultant their consultees', a student their own, a teacher or
 * assistant none (their reach is for teaching). Records out of reach never load and answer 404.
 */
export const studentMoneyScope = (user: SessionUser): SQL | undefined =>
  reachableStudents(user, sql`st.public_key`, { consultantKey: sql`st.consultant_key`, money: true });
