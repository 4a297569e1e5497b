import { readsStudentRecords } from '@tutoria/shared';
import { sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { classroomRosterOf, scopedClassroom } from '../scheduling/scheduling.module.ts';
import * as repo from './records.repo.ts';
import { studentReach } from './scope.ts';
import { examView, homeworkView } from './views.ts';

export type StudentRecordsService = ReturnType<typeof createStudentRecordsService>;

/** One student's homework and exams in one class (`class/{id}/student/{student_id}/exams-homeworks`). */
export function createStudentRecordsService({ db }: ModuleContext) {
  return {
    async inClass(user: SessionUser, classroomId: string, studentKey: string) {
      const classroom = await scopedClassroom(db, user, classroomId);
      if (!readsStudentRecords(user, studentKey)) throw notFound();
      const student = (await classroomRosterOf(db, classroomId)).find(
        (s) => s.studentPublicKey === studentKey,
      );
      if (!student) throw notFound();
      // A consultant reaches a class through a consultee, not the consultee's classmates.
      const reach = studentReach(user, sql`${studentKey}::uuid`);
      if (reach && !(await repo.holds(db, reach))) throw notFound();
      const [homeworks, exams, summary] = await Promise.all([
        repo.homeworksWhere(db, sql`h.classroom_id = ${classroomId} and h.student_key = ${studentKey}`),
        repo.examsWhere(db, sql`e.classroom_id = ${classroomId} and e.student_key = ${studentKey}`),
        repo.studentClassSummary(db, classroomId, studentKey),
      ]);
      return {
        classroomId,
        classroomName: classroom.classroomName,
        studentPublicKey: studentKey,
        studentName: student.studentName,
        homeworks: homeworks.map(homeworkView),
        exams: exams.map(examView),
        averageScore: summary.averageScore === null ? null : Number(summary.averageScore),
        completionRate: summary.completionRate,
      };
    },
  };
}
