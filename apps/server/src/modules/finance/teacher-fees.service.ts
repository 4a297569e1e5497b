import { type LessonType, type ListQuery, moneyText, type TeacherFee, type TeacherType, type UpsertTeacherFeeBody } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import * as repo from './teacher-fees.repo.ts';
import { checkMinorUnits } from './money-units.ts';
import { reallocateFeeClassrooms } from './earnings.ts';

export type TeacherFeesService = ReturnType<typeof createTeacherFeesService>;

const duplicate = () => new AppError('FAILED_VALIDATION', { fields: [{ field: 'lessonType', key: 'teacherFeeDuplicate' }] });

export function toTeacherFee(row: Omit<repo.TeacherFeeRow, 'totalCount'>): TeacherFee {
  return {
    teacherFeeId: row.teacherFeeId,
    teacherPublicKey: row.teacherKey,
    fullName: row.fullName,
    fee: Number(row.fee),
    teacherType: row.teacherType as TeacherType,
    lessonType: row.lessonType as LessonType,
    createMoment: row.createMoment,
  };
}

const audited = (row: Omit<repo.TeacherFeeRow, 'totalCount'>) => ({
  teacherPublicKey: row.teacherKey,
  fee: row.fee,
  teacherType: row.teacherType,
  lessonType: row.lessonType,
});

/**
 * Teacher fees (SPEC §3 TeacherFee, §7 "Finance: teacher fees"): one fee per hour per teacher and
 * lesson type, managed by those with `teacherFees.manage` (FinancialAdmin, Admin). A class's
 * teacher salary starts from it. Every change is audited and recorded as an event in its
 * transaction; a second fee for the same teacher and lesson type is refused (checked, and the
 * unique index settles a race).
 */
export function createTeacherFeesService(ctx: ModuleContext) {
  const { db } = ctx;
  return {
    async list(query: ListQuery) {
      const page = await repo.listTeacherFees(db, query, ctx.config.listAllCap);
      return { data: page.data.map(toTeacherFee), totalCount: page.totalCount };
    },

    async upsert(user: SessionUser, body: UpsertTeacherFeeBody): Promise<TeacherFee> {
      checkMinorUnits(ctx.config.currency, { fee: body.fee });
      const values: repo.TeacherFeeValues = {
        teacherKey: body.teacherPublicKey,
        fee: moneyText(body.fee),
        teacherType: body.teacherType,
        lessonType: body.lessonType,
      };
      try {
        return await ctx.transaction(async (tx) => {
          const before = body.teacherFeeId ? await repo.teacherFeeById(tx, body.teacherFeeId, true) : undefined;
          if (body.teacherFeeId && !before) throw notFound();
          if (!(await repo.isTeacher(tx, body.teacherPublicKey))) {
            throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'teacherPublicKey', key: 'notATeacher' }] });
          }
          if (await repo.clashingFee(tx, values.teacherKey, values.lessonType, body.teacherFeeId ?? null)) throw duplicate();
          let id = body.teacherFeeId;
          if (id) await repo.updateTeacherFee(tx, id, values);
          else id = await repo.insertTeacherFee(tx, values);
          const after = (await repo.teacherFeeById(tx, id))!;
          // teacher settlements (issue 28): what the fee pays for is earned at the new fee
          await reallocateFeeClassrooms(tx, ctx.events, [after, ...(before ? [before] : [])], user.publicKey);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: before ? 'teacherFee.edit' : 'teacherFee.create',
            entity: 'teacherFee',
            entityId: id,
            before: before ? audited(before) : null,
            after: audited(after),
          });
          await ctx.events.record(tx, 'teacherFee.changed', {
            teacherFeeId: id,
            teacherKey: after.teacherKey,
            action: before ? 'edited' : 'created',
            actorKey: user.publicKey,
          });
          return toTeacherFee(after);
        });
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw duplicate();
        throw error;
      }
    },

    async delete(user: SessionUser, teacherFeeId: string): Promise<void> {
      await ctx.transaction(async (tx) => {
        const before = await repo.teacherFeeById(tx, teacherFeeId, true);
        if (!before) throw notFound();
        await repo.deleteTeacherFee(tx, teacherFeeId);
        await reallocateFeeClassrooms(tx, ctx.events, [before], user.publicKey);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'teacherFee.delete',
          entity: 'teacherFee',
          entityId: teacherFeeId,
          before: audited(before),
          after: null,
        });
        await ctx.events.record(tx, 'teacherFee.changed', {
          teacherFeeId,
          teacherKey: before.teacherKey,
          action: 'deleted',
          actorKey: user.publicKey,
        });
      });
    },
  };
}
