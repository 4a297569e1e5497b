import type { DepositGuide } from '@tutoria/shared';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { isClassroomMember } from '../scheduling/scheduling.module.ts';
import { studentInScope } from './balances.repo.ts';
import { guideOf } from './guide.repo.ts';
import { studentMoneyScope } from './money-reach.ts';

export type GuideService = ReturnType<typeof createGuideService>;

const money = (value: string) => Number(value);

/** The guide beside the deposit form: what a student in reach owes for a class now. */
export function createGuideService(ctx: ModuleContext) {
  return {
    async forCreate(user: SessionUser, studentKey: string, classroomId: string): Promise<DepositGuide> {
      const student = await studentInScope(ctx.db, studentKey, studentMoneyScope(user));
      if (!student) throw notFound();
      if (!(await isClassroomMember(ctx.db, classroomId, studentKey))) {
        throw new AppError('FAILED_VALIDATION', {
          fields: [{ field: 'studentPublicKey', key: 'depositStudentNotInClass' }],
        });
      }
      const row = (await guideOf(ctx.db, studentKey, classroomId))!;
      return {
        hasPrice: row.costPerHour !== null,
        costPerHour: row.costPerHour === null ? null : money(row.costPerHour),
        discountPerHour: row.discountPerHour === null ? null : money(row.discountPerHour),
        bookedSessions: row.bookedSessions,
        bookedHours: money(row.bookedHours),
        bookedCost: money(row.bookedCost),
        sideCosts: money(row.sideCosts),
        credit: money(row.credit),
        owed: money(row.owed),
        owedHours: row.owedHours === null ? null : money(row.owedHours),
        waiting: money(row.waiting),
      };
    },
  };
}
