import type { StaffTaskKey } from '@tutoria/shared';
import { paths } from '@/lib/paths';

/**
 * Where each task group is done, with the list's filter in the URL where the list has one. Sessions
 * are confirmed and homework graded in a class's details, reached from the class list (which
 * shows a teacher only their classes).
 */
export const taskLinks: Record<StaffTaskKey, string> = {
  sessionsToRecord: paths.myDay.path,
  sessionsToConfirm: paths.classTable.path,
  homeworkToGrade: paths.classTable.path,
  sessionsToConfirmAsAdmin: paths.classTable.path,
  scheduleChangesToConfirm: paths.adminSchedule.path,
  depositsWaiting: `${paths.financeDeposit.path}?state=waiting`,
  transfersWaiting: `${paths.financeTransfer.path}?confirmed=false`,
  debtors: paths.financeDebtors.path,
  studentsWithoutPlan: `${paths.adminUsers.path}?role=Student`,
  teachersUnpaid: paths.financeSettlement.path,
};
