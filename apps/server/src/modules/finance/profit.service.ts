import type {
  ClassesProfitBody,
  ClassProfit,
  ConsultantClassesQuery,
  LessonType,
  ListQuery,
  ProfitPeriod,
  SetConsultantShareBody,
} from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { moneyPlaces } from './money-units.ts';
import {
  type ClassProfitRow,
  classesProfitPage,
  classProfitSessions,
  consultantClasses,
  consultantLines,
  type ConsultantLineRow,
  type Figures,
  consultantOf,
  shareOf,
  upsertShare,
} from './profit.repo.ts';

export type ProfitService = ReturnType<typeof createProfitService>;

const num = Number;

function toClassProfit(row: Omit<ClassProfitRow, 'totalCount'>): ClassProfit {
  return {
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    lessonType: row.lessonType as LessonType | null,
    teacherPublicKey: row.teacherKey,
    teacherName: row.teacherName,
    sessionCount: row.sessionCount,
    revenue: num(row.revenue),
    sessionRevenue: num(row.sessionRevenue),
    sideCosts: num(row.sideCosts),
    teacherPay: num(row.teacherPay),
    otherPayments: num(row.otherPayments),
    sideCostsBorne: num(row.sideCostsBorne),
    margin: num(row.margin),
    marginPercent: row.marginPercent === null ? null : num(row.marginPercent),
  };
}

/** A line's figures (decimal strings summed by PostgreSQL) as the answer's numbers. */
const figuresOf = (row: Figures) => ({
  revenue: num(row.revenue),
  sessionRevenue: num(row.sessionRevenue),
  sideCosts: num(row.sideCosts),
  teacherPay: num(row.teacherPay),
  sideCostsBorne: num(row.sideCostsBorne),
  margin: num(row.margin),
});

const totalsOf = (row: ConsultantLineRow | undefined) => ({
  revenue: num(row?.totalRevenue ?? 0),
  sessionRevenue: num(row?.totalSessionRevenue ?? 0),
  sideCosts: num(row?.totalSideCosts ?? 0),
  teacherPay: num(row?.totalTeacherPay ?? 0),
  sideCostsBorne: num(row?.totalSideCostsBorne ?? 0),
  margin: num(row?.totalMargin ?? 0),
  share: num(row?.totalShare ?? 0),
});

/**
 * Profit per class and per academic consultant (docs/finance.md "Profit"): the financial admin's
 * and the admin's (`settlements.manage`, the contract checks it); consultants see no teacher pay.
 */
export function createProfitService(ctx: ModuleContext) {
  const { timeZone, currency, consultantSharePercent, listAllCap } = ctx.config;
  return {
    async classes(body: ClassesProfitBody & ListQuery) {
      const { from, to, ...query } = body;
      const page = await classesProfitPage(ctx.db, query, { from, to }, { timeZone, allCap: listAllCap });
      return { data: page.data.map(toClassProfit), totalCount: page.totalCount };
    },

    async classSessions(query: ProfitPeriod & { classroomId: string }) {
      const rows = await classProfitSessions(ctx.db, query.classroomId, query, timeZone);
      return {
        data: rows.map((r) => ({
          sessionId: r.sessionId,
          start: r.start,
          hours: num(r.hours),
          revenue: num(r.revenue),
          teacherPay: num(r.teacherPay),
          margin: num(r.margin),
        })),
      };
    },

    async consultants(period: ProfitPeriod) {
      const rows = await consultantLines(ctx.db, period, { timeZone, defaultPercent: consultantSharePercent, places: moneyPlaces(currency) });
      return {
        data: rows.map((row) => ({
          consultantPublicKey: row.consultantKey,
          consultantName: row.consultantName,
          ...figuresOf(row),
          percent: num(row.percent),
          percentSet: row.percentSet,
          share: num(row.share),
        })),
        defaultPercent: consultantSharePercent,
        total: totalsOf(rows[0]),
      };
    },

    /** The classes behind one consultant's figure; a person who is not a consultant is refused. */
    async consultantClasses(query: ConsultantClassesQuery) {
      const person = await consultantOf(ctx.db, query.consultantPublicKey);
      if (!person || person.role !== 'AcademicConsultant') {
        throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'consultantPublicKey', key: 'profitNotConsultant' }] });
      }
      const { consultantPublicKey, ...period } = query;
      const rows = await consultantClasses(ctx.db, consultantPublicKey, period, { timeZone, places: moneyPlaces(currency) });
      return {
        data: rows.map((row) => ({
          classroomId: row.classroomId,
          classroomName: row.classroomName,
          studentCount: row.studentCount,
          ...figuresOf(row),
        })),
      };
    },

    async setShare(user: SessionUser, body: SetConsultantShareBody) {
      const percent = body.percent.toFixed(2);
      return ctx.transaction(async (tx) => {
        const person = await consultantOf(tx, body.consultantPublicKey);
        if (!person || person.role !== 'AcademicConsultant') {
          throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'consultantPublicKey', key: 'profitNotConsultant' }] });
        }
        const before = await shareOf(tx, body.consultantPublicKey);
        await upsertShare(tx, body.consultantPublicKey, percent, user.publicKey);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'profit.consultantShare',
          entity: 'user',
          entityId: body.consultantPublicKey,
          before: { percent: before ? before.percent : `${consultantSharePercent} (default)` },
          after: { percent },
        });
        return { name: person.fullName, percent: num(percent) };
      });
    },
  };
}
