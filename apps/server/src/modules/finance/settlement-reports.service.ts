import {
  type AllTeachersSum,
  type GroupGuide,
  type GroupGuideBody,
  type HistoryKind,
  type ListQuery,
  moneyText,
  type MonthlyHours,
  type SettlementClassroomBalance,
  type SettlementGuide,
  type SettlementGuideQuery,
  type TeacherReport,
  type TeacherSum,
} from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { groupGuideRows, guideLines, sumLines } from './settlement-guide.repo.ts';
import * as reports from './settlement-reports.repo.ts';
import { listSettlements, ofTeacher } from './settlements.repo.ts';
import { toSettlement } from './settlements.views.ts';

export type SettlementReportsService = ReturnType<typeof createSettlementReportsService>;

/** Numbers from decimal strings only at the edge (as `views.ts`). */
const num = Number;

function toTeacherSum(row: reports.TeacherSumRow): TeacherSum {
  return {
    teacherPublicKey: row.teacherKey,
    teacherName: row.teacherName,
    sessionCount: row.sessionCount,
    hours: num(row.hours),
    earned: num(row.earned),
    paid: num(row.paid),
    unpaid: num(row.unpaid),
    otherPayments: num(row.otherPayments),
    waiting: num(row.waiting),
  };
}

/**
 * Teacher settlements, the reads (SPEC §7 "Finance: settlements"; docs/finance.md "Teacher
 * settlements"): the lists, the guides, the sums, the classroom balance calculation, a teacher's
 * report, history and monthly hours. Every money figure is a sum of the ledger's entries, but the
 * guides', which price the sessions not yet in a settlement exactly as their earnings are posted.
 * A Teacher reads only their own (`own`, `myEarnings`: the condition is always "this teacher");
 * anyone else here holds `settlements.manage` and reads every teacher's. Someone who is not a
 * teacher answers 404, as if absent.
 */
export function createSettlementReportsService(ctx: ModuleContext) {
  const { db, config } = ctx;
  const listOptions = { allCap: config.listAllCap, timeZone: config.timeZone };

  async function teacher(q: Queryable, teacherKey: string) {
    const found = await reports.teacherOf(q, teacherKey);
    if (!found) throw notFound();
    return found;
  }

  async function sumOfTeacher(teacherKey: string): Promise<TeacherSum> {
    const found = await teacher(db, teacherKey);
    const [row] = await reports.teacherSums(db, { teacherKey });
    return toTeacherSum(
      row ?? { ...found, sessionCount: 0, hours: '0', earned: '0', paid: '0', unpaid: '0', otherPayments: '0', waiting: '0' },
    );
  }

  async function report(teacherKey: string, year: number | undefined): Promise<TeacherReport> {
    const sum = await sumOfTeacher(teacherKey);
    const months = await reports.earningsByMonth(db, teacherKey, config.timeZone, year);
    return {
      sum,
      year: year ?? null,
      months: months.map((m) => ({ month: m.month, sessionCount: m.sessionCount, hours: num(m.hours), earned: num(m.earned), paid: num(m.paid), unpaid: num(m.unpaid) })),
    };
  }

  return {
    async own(user: SessionUser, query: ListQuery) {
      const page = await listSettlements(db, query, ofTeacher(user.publicKey), listOptions);
      return { data: page.data.map(toSettlement), totalCount: page.totalCount };
    },

    async list(query: ListQuery) {
      const page = await listSettlements(db, query, undefined, listOptions);
      return { data: page.data.map(toSettlement), totalCount: page.totalCount };
    },

    async guide(query: SettlementGuideQuery): Promise<SettlementGuide> {
      const found = await teacher(db, query.teacherPublicKey);
      const lines = await guideLines(db, {
        teacherKey: query.teacherPublicKey,
        toTime: query.toTime,
        fromTime: query.fromTime,
        lessonType: query.teacherLessonType,
        classroomId: query.classroomId,
      });
      const sums = await sumLines(db, lines);
      const [money] = await reports.teacherSums(db, { teacherKey: query.teacherPublicKey });
      return {
        teacherPublicKey: found.teacherKey,
        teacherName: found.teacherName,
        toTime: query.toTime,
        lines: lines.map((l) => ({
          sessionId: l.sessionId,
          classroomId: l.classroomId,
          classroomName: l.classroomName,
          lessonType: l.lessonType as SettlementGuide['lines'][number]['lessonType'],
          start: l.start,
          end: l.end,
          hours: num(l.hours),
          salaryPerHour: num(l.rate),
          amount: num(l.amount),
        })),
        sessionCount: lines.length,
        hours: num(sums.hours),
        amount: num(sums.amount),
        unpaid: num(money?.unpaid ?? '0'),
      };
    },

    async groupGuide(body: GroupGuideBody): Promise<GroupGuide> {
      const rows = await groupGuideRows(db, body);
      const sums = await sumLines(db, rows);
      return {
        toTime: body.toTime,
        teachers: rows.map((r) => ({ teacherPublicKey: r.teacherKey, teacherName: r.teacherName, sessionCount: r.sessionCount, hours: num(r.hours), amount: num(r.amount) })),
        sessionCount: rows.reduce((n, r) => n + r.sessionCount, 0),
        hours: num(sums.hours),
        amount: num(sums.amount),
      };
    },

    teacherSum: sumOfTeacher,

    async allTeachersSum(lessonType: string | undefined): Promise<AllTeachersSum> {
      const rows = await reports.teacherSums(db, { lessonType });
      const totals = await reports.totalsOf(db, rows);
      return {
        earned: num(totals.earned),
        paid: num(totals.paid),
        unpaid: num(totals.unpaid),
        otherPayments: num(totals.otherPayments),
        waiting: num(totals.waiting),
        sessionCount: rows.reduce((n, r) => n + r.sessionCount, 0),
        hours: num(totals.hours),
        teachers: rows.map(toTeacherSum),
      };
    },

    async classroomBalance(query: { classroomId: string; toTime?: number; amount?: number }): Promise<SettlementClassroomBalance> {
      const money = await reports.classroomMoney(db, query.classroomId);
      if (!money) throw notFound();
      const toTime = query.toTime ?? Math.floor(Date.now() / 1000);
      const proposed = await sumLines(db, await guideLines(db, { classroomId: query.classroomId, toTime }));
      const amount = query.amount === undefined ? null : moneyText(query.amount);
      return {
        classroomId: money.classroomId,
        classroomName: money.classroomName,
        teacherPublicKey: money.teacherKey,
        teacherName: money.teacherName,
        teacherSalaryPerHour: money.rate === null ? null : num(money.rate),
        revenue: num(money.revenue),
        earned: num(money.earned),
        paid: num(money.paid),
        left: num(money.left),
        proposedAmount: num(proposed.amount),
        proposedHours: num(proposed.hours),
        amount: amount === null ? null : num(amount),
        leftAfterAmount: amount === null ? null : num(await reports.minus(db, money.left, amount)),
      };
    },

    teacherReport: (teacherKey: string, year: number | undefined) => report(teacherKey, year),

    /** The signed-in teacher's own report, whatever their role's reach. */
    myEarnings: (user: SessionUser, year: number | undefined) => report(user.publicKey, year),

    async history(query: { teacherPublicKey: string; index: number; size: number }) {
      await teacher(db, query.teacherPublicKey);
      const rows = await reports.teacherHistoryPage(db, query.teacherPublicKey, query.size, (query.index - 1) * query.size);
      return {
        data: rows.map((r) => ({
          transactionId: r.transactionId,
          kind: r.kind as HistoryKind,
          at: r.at,
          classroomName: r.classroomName,
          sessionStart: r.sessionStart,
          settlementId: r.settlementId,
          amount: num(r.amount),
          otherAmount: num(r.otherAmount),
          unpaidAfter: num(r.unpaidAfter),
          byName: r.byName,
        })),
        totalCount: rows[0]?.totalCount ?? 0,
      };
    },

    async monthlyHours(query: { teacherPublicKey: string; month: string }): Promise<MonthlyHours> {
      const found = await teacher(db, query.teacherPublicKey);
      const rows = await reports.monthlyHoursRows(db, query.teacherPublicKey, query.month, config.timeZone);
      const total = await sumLines(db, rows.map((r) => ({ hours: r.hours, amount: r.confirmedHours })));
      return {
        teacherPublicKey: found.teacherKey,
        teacherName: found.teacherName,
        month: query.month,
        sessionCount: rows.reduce((n, r) => n + r.sessionCount, 0),
        hours: num(total.hours),
        confirmedHours: num(total.amount),
        classes: rows.map((r) => ({ ...r, hours: num(r.hours), confirmedHours: num(r.confirmedHours) })),
      };
    },
  };
}
