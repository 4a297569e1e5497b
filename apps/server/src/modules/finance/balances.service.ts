import type { StudentBalance } from '@tutoria/shared';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { balancesOf, studentInScope } from './balances.repo.ts';
import { studentMoneyScope } from './money-reach.ts';
import { toBalance } from './views.ts';

export type BalancesService = ReturnType<typeof createBalancesService>;

/** Students' money per classroom, every figure a sum of ledger entries (docs/finance.md). */
export function createBalancesService(ctx: ModuleContext) {
  return {
    /** A student in the caller's reach (404 otherwise). */
    async ofStudent(user: SessionUser, studentKey: string): Promise<StudentBalance> {
      if (!(await studentInScope(ctx.db, studentKey, studentMoneyScope(user)))) throw notFound();
      return { balances: (await balancesOf(ctx.db, { studentKey })).map(toBalance) };
    },
    /** The signed-in student's own. */
    async own(user: SessionUser): Promise<StudentBalance> {
      return { balances: (await balancesOf(ctx.db, { studentKey: user.publicKey })).map(toBalance) };
    },
  };
}
