import type { SQL } from 'drizzle-orm';
import type { StaffTaskKey, StaffTasks } from '@tutoria/shared';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { homeworkToGradeCount } from '../academic/academic.module.ts';
import { moneyTaskCounts } from '../finance/finance.module.ts';
import type { ModuleContext } from '../module.ts';
import { studentsWithoutPlanCount } from '../progress/progress.module.ts';
import { sessionTaskCounts } from '../scheduling/scheduling.module.ts';
import { staffTaskGroupsOf, waitingSideOf } from './task-groups.ts';

export type TasksService = ReturnType<typeof createTasksService>;

const sessionKeys = [
  'sessionsToRecord',
  'sessionsToConfirm',
  'sessionsToConfirmAsAdmin',
  'scheduleChangesToConfirm',
] as const;
const moneyKeys = ['depositsWaiting', 'transfersWaiting', 'debtors', 'teachersUnpaid'] as const;

/**
 * The staff tasks (issue 29): a composition of counts each area computes over its own tables,
 * through its module port, with the reach policy's conditions (`access/reach.ts`) handed in —
 * the classes a teacher teaches or assists, a consultant's consultees (money: never a teacher's).
 * Only the areas of the caller's groups are asked; each answers in one statement.
 */
export function createTasksService(ctx: ModuleContext) {
  const { db } = ctx;
  return {
    async staffTasks(user: SessionUser): Promise<StaffTasks> {
      const keys = staffTaskGroupsOf(user);
      const wants = (some: readonly StaffTaskKey[]) => some.some((key) => keys.includes(key));
      const classes = (classroomId: SQL) => reachableClassrooms(user, classroomId);
      const [sessions, homework, money, withoutPlan] = await Promise.all([
        wants(sessionKeys)
          ? sessionTaskCounts(
              db,
              classes,
              user.publicKey,
              new Set(sessionKeys.filter((key) => keys.includes(key))),
            )
          : undefined,
        wants(['homeworkToGrade']) ? homeworkToGradeCount(db, classes) : 0,
        wants(moneyKeys)
          ? moneyTaskCounts(db, waitingSideOf(user), (key) => reachableStudents(user, key, { money: true }))
          : undefined,
        wants(['studentsWithoutPlan'])
          ? studentsWithoutPlanCount(db, (key, consultantKey) =>
              reachableStudents(user, key, { consultantKey }),
            )
          : 0,
      ]);
      const counts: Record<StaffTaskKey, number> = {
        sessionsToRecord: sessions?.sessionsToRecord ?? 0,
        sessionsToConfirm: sessions?.sessionsToConfirm ?? 0,
        sessionsToConfirmAsAdmin: sessions?.sessionsToConfirmAsAdmin ?? 0,
        scheduleChangesToConfirm: sessions?.scheduleChangesToConfirm ?? 0,
        homeworkToGrade: homework,
        depositsWaiting: money?.depositsWaiting ?? 0,
        transfersWaiting: money?.transfersWaiting ?? 0,
        debtors: money?.debtors ?? 0,
        teachersUnpaid: money?.teachersUnpaid ?? 0,
        studentsWithoutPlan: withoutPlan,
      };
      const groups = keys.map((key) => ({ key, count: counts[key] }));
      return { groups, total: groups.reduce((sum, group) => sum + group.count, 0) };
    },
  };
}
