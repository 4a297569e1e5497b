import type { SQL } from 'drizzle-orm';
import { type EditTeacherSalaryBody, type LessonType, moneyText, type TeacherSalary } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { reachableClassrooms } from '../../access/reach.ts';
import { lockClassroom } from '../scheduling/scheduling.module.ts';
import {
  salaryClassroomId,
  taughtClasses,
  teacherSalaryOf,
  type TeacherSalaryRow,
  upsertTeacherSalary,
} from './teacher-salary.repo.ts';
import { checkMinorUnits } from './money-units.ts';
import { allocateClassroom } from './allocation.ts';

export type TeacherSalaryService = ReturnType<typeof createTeacherSalaryService>;

function toSalary(row: TeacherSalaryRow): TeacherSalary {
  const effective = row.salary ?? row.fee;
  return {
    classroomId: row.classroomId,
    teacherPublicKey: row.teacherKey,
    teacherName: row.teacherName,
    lessonType: row.lessonType as LessonType,
    teacherSalaryPerHour: effective === null ? null : Number(effective),
    feePerHour: row.fee === null ? null : Number(row.fee),
    fromFee: row.salary === null,
    updatedAt: row.updatedAt,
    updatedByName: row.updatedByName,
  };
}

/**
 * Who sees a class's teacher pay (DESIGN §6, issue 11): those who set it or manage fees, on every
 * classroom they reach; a teacher only on their own classes; nobody else (404 as if absent).
 */
function salaryReach(user: SessionUser): SQL | undefined | false {
  const scope = reachableClassrooms(user, salaryClassroomId);
  if (user.permissions.has('prices.setTeacherSalary') || user.permissions.has('teacherFees.manage')) return scope;
  if (user.role === 'Teacher') return taughtClasses(user.publicKey, scope);
  return false;
}

/**
 * A class's teacher salary per hour (DESIGN §7 "Prices"; SPEC §7 EditTeacherSalaryForFinancialManager):
 * set by the financial admin; until set, it is the teacher's fee for the class's lesson type.
 * Setting it locks the classroom row, writes the audit trail and records `teacherSalary.changed`
 * (delivered after commit).
 */
export function createTeacherSalaryService(ctx: ModuleContext) {
  async function load(q: Parameters<typeof teacherSalaryOf>[0], user: SessionUser, classroomId: string) {
    const reach = salaryReach(user);
    if (reach === false) throw notFound();
    const row = await teacherSalaryOf(q, classroomId, reach);
    if (!row) throw notFound();
    return row;
  }
  return {
    async get(user: SessionUser, classroomId: string): Promise<TeacherSalary> {
      return toSalary(await load(ctx.db, user, classroomId));
    },

    async edit(user: SessionUser, body: EditTeacherSalaryBody): Promise<TeacherSalary> {
      checkMinorUnits(ctx.config.currency, { teacherSalaryPerHour: body.teacherSalaryPerHour });
      return ctx.transaction(async (tx) => {
        const before = await load(tx, user, body.classroomId);
        if (!(await lockClassroom(tx, body.classroomId))) throw notFound();
        const salary = moneyText(body.teacherSalaryPerHour);
        await upsertTeacherSalary(tx, body.classroomId, salary, user.publicKey);
        // teacher settlements (issue 28): the class's earnings at the new salary, under the lock held
        await allocateClassroom(tx, ctx.events, body.classroomId, user.publicKey);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'prices.teacherSalary',
          entity: 'classroom',
          entityId: body.classroomId,
          before: { teacherSalaryPerHour: before.salary, feePerHour: before.fee },
          after: { teacherSalaryPerHour: salary },
        });
        await ctx.events.record(tx, 'teacherSalary.changed', {
          classroomId: body.classroomId,
          teacherKey: before.teacherKey,
          teacherSalaryPerHour: salary,
          actorKey: user.publicKey,
          userKeys: [before.teacherKey],
        });
        return toSalary((await teacherSalaryOf(tx, body.classroomId, undefined))!);
      });
    },
  };
}
