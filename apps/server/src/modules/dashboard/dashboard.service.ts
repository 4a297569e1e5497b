import type { Dashboard } from '@tutoria/shared';
import type { SQL } from 'drizzle-orm';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { monthMoneyOf } from '../finance/finance.module.ts';
import type { ModuleContext } from '../module.ts';
import { newStudentsThisMonth } from '../users/users.module.ts';
import * as repo from './dashboard.repo.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The dashboard (issue 29): a composition of other areas' reads, each within the caller's reach
 * (`access/reach.ts`): sessions in the classrooms they reach, students they reach, money in their
 * money reach. Sections the caller's permissions do not cover are left out, not zeroed.
 */
export function createDashboardService(ctx: ModuleContext) {
  const { db } = ctx;
  const { timeZone } = ctx.config;
  return {
    async get(user: SessionUser): Promise<Dashboard> {
      const classes = (classroomId: SQL) => reachableClassrooms(user, classroomId);
      const [day, week, newStudents, money] = await Promise.all([
        repo.dayOf(db, timeZone, classes),
        repo.weekOf(db, timeZone, classes),
        user.permissions.has('users.read')
          ? newStudentsThisMonth(db, timeZone, (s) => reachableStudents(user, s.studentKey, { consultantKey: s.consultantKey }))
          : undefined,
        user.permissions.has('finance.read') ? monthMoneyOf(db, user, timeZone) : undefined,
      ]);
      const days = week.filter((row) => row.date !== null);
      const total = week.find((row) => row.date === null)!;
      return {
        today: { date: day.date, held: day.held, toRecord: day.toRecord, upcoming: day.upcoming, cancelled: day.cancelled },
        week: {
          from: days[0]!.date!,
          to: days[days.length - 1]!.date!,
          heldHours: Number(total.heldHours),
          bookedHours: Number(total.bookedHours),
          days: days.map((row) => ({ date: row.date!, heldHours: Number(row.heldHours), bookedHours: Number(row.bookedHours) })),
        },
        waitingForAdmin: day.waitingForAdmin,
        reserved: day.reserved,
        ...(newStudents === undefined ? {} : { students: { newThisMonth: newStudents } }),
        ...(money ? { finance: { month: money.month, moneyIn: Number(money.moneyIn), debtors: money.debtors } } : {}),
      };
    },
  };
}
