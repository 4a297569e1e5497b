import { type Permission, roleScopes, type StaffTaskKey, staffTaskKeys } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { WaitingSide } from '../finance/finance.module.ts';

/**
 * Which task groups a staff member gets (docs/decisions.md "Staff tasks"): those who teach or
 * assist their classes' records; the others what their permissions let them do. The Admin, who
 * holds every permission but teaches no class, gets the union of the admins' and the consultant's.
 */
export function staffTaskGroupsOf(user: SessionUser): StaffTaskKey[] {
  const has = (permission: Permission) => user.permissions.has(permission);
  const teaches = roleScopes[user.role].classrooms === 'teachesOrAssists';
  const given: Record<StaffTaskKey, boolean> = {
    sessionsToRecord: teaches && has('sessions.record'),
    sessionsToConfirm: teaches && has('sessions.confirmAsTeacher'),
    homeworkToGrade: teaches,
    sessionsToConfirmAsAdmin: has('sessions.confirmAsAdmin'),
    scheduleChangesToConfirm: has('timetable.manageAll'),
    depositsWaiting: has('deposits.confirmAsConsultant') || has('deposits.confirmAsFinancialAdmin'),
    transfersWaiting: has('transfers.confirmAsConsultant') || has('transfers.confirmAsFinancialAdmin'),
    debtors: has('deposits.confirmAsConsultant'),
    studentsWithoutPlan: has('coursePlans.manage'),
    teachersUnpaid: has('settlements.manage'),
  };
  return staffTaskKeys.filter((key) => given[key]);
}

/** Whose confirmation the caller gives on deposits and transfers: one side's, or (both) any waiting one. */
export function waitingSideOf(user: SessionUser): WaitingSide {
  const consultant = user.permissions.has('deposits.confirmAsConsultant');
  const financial = user.permissions.has('deposits.confirmAsFinancialAdmin');
  if (consultant && !financial) return 'consultant';
  if (financial && !consultant) return 'financial';
  return 'any';
}
